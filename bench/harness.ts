/** A benchmark suite: a name and a run that returns rows of measurements. */
export interface BenchSuite {
  name: string;
  run(): Promise<BenchRow[]> | BenchRow[];
}

export interface BenchRow {
  what: string;
  /** Median milliseconds per iteration. */
  ms: number;
  /** The row's time divided by its floor's time, measured in the same run. */
  ratio?: number;
  floor?: string;
}

/** Times `fn` with warm-up and returns the median per-iteration milliseconds. */
export function measure(fn: () => unknown, { minMs = process.env.MESHSIM_BENCH_QUICK ? 60 : 300, maxIterations = 10_000 } = {}): number {
  // Warm up by time, not by count: the first floor measured in a run must not carry the JIT's start.
  const warm = performance.now();
  for (let i = 0; i < 3 || (performance.now() - warm < minMs / 3 && i < maxIterations); i++) fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < maxIterations && (performance.now() - start < minMs || samples.length < 5)) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

export function printTable(title: string, rows: BenchRow[]): void {
  console.log(`\n${title}`);
  console.log('| what | ms (median) | ratio to floor | floor |');
  console.log('|---|---:|---:|---|');
  for (const r of rows) {
    console.log(`| ${r.what} | ${r.ms.toFixed(3)} | ${r.ratio === undefined ? '' : r.ratio.toFixed(1) + '×'} | ${r.floor ?? ''} |`);
  }
}
