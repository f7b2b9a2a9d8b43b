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

/**
 * The ratio of `fn` to `floor`, robust to a machine whose load changes during the run: the two
 * are timed in alternating rounds and the ratio is the median of the rounds' ratios (each round's
 * medians), so a busy moment slows both sides of the same round. Returns both medians too.
 */
export function measureRatio(fn: () => unknown, floor: () => unknown, { rounds = process.env.MESHSIM_BENCH_QUICK ? 3 : 9, minMs = process.env.MESHSIM_BENCH_QUICK ? 30 : 150 } = {}): { ms: number; floorMs: number; ratio: number } {
  const medians = (f: () => unknown) => measure(f, { minMs, maxIterations: 10_000 });
  const ratios: number[] = [];
  const ms: number[] = [];
  const floors: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = medians(floor);
    const b = medians(fn);
    floors.push(a);
    ms.push(b);
    ratios.push(b / a);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { ms: median(ms), floorMs: median(floors), ratio: median(ratios) };
}

export function printTable(title: string, rows: BenchRow[]): void {
  console.log(`\n${title}`);
  console.log('| what | ms (median) | ratio to floor | floor |');
  console.log('|---|---:|---:|---|');
  for (const r of rows) {
    console.log(`| ${r.what} | ${r.ms.toFixed(3)} | ${r.ratio === undefined ? '' : r.ratio.toFixed(1) + '×'} | ${r.floor ?? ''} |`);
  }
}
