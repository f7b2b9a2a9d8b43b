/** A benchmark suite: a name and a run that returns rows of measurements. */
export interface BenchSuite {
  name: string;
  /** What its milliseconds are: CPU time (measure, measureRatio; the default) or the wall clock (a browser's). */
  clock?: 'cpu' | 'wall';
  run(): Promise<BenchRow[]> | BenchRow[];
}

export interface BenchRow {
  what: string;
  /** Median milliseconds per iteration. */
  ms: number;
  /** The row's time divided by its floor's time, measured in the same run (see measureRatio). */
  ratio?: number;
  floor?: string;
  /** The floor's median milliseconds that `ratio` divided by (printed beside the floor's name). */
  floorMs?: number;
}

/**
 * The process's CPU time in milliseconds (user + system, every thread). Benchmarks time CPU rather
 * than the wall clock: the machines they run on are shared, and a process that waits for a core
 * would otherwise be charged for the wait.
 */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The CPU milliseconds one call of `fn` costs this process (for benches whose call is one long sample). */
export function cpuTimed(fn: () => unknown): number {
  const before = cpuNow();
  fn();
  return cpuNow() - before;
}

/** The median of samples a bench collected itself (the upper one of an even count). */
export const median = (samples: readonly number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** Times `fn` (CPU time) with warm-up and returns the median per-iteration milliseconds. */
export function measure(fn: () => unknown, { minMs = process.env.MESHSIM_BENCH_QUICK ? 60 : 300, maxIterations = 10_000, clock = 'cpu' as 'cpu' | 'wall' } = {}): number {
  const now = clock === 'cpu' ? cpuNow : () => performance.now();
  // Warm up by time, not by count: the first floor measured in a run must not carry the JIT's start.
  const warm = performance.now();
  for (let i = 0; i < 3 || (performance.now() - warm < minMs / 3 && i < maxIterations); i++) fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < maxIterations && (performance.now() - start < minMs || samples.length < 5)) {
    const t = now();
    fn();
    samples.push(now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** Calls `fn` until `ms` of CPU time have passed (at least once) and returns the CPU ms per call. */
function block(fn: () => unknown, ms: number): number {
  const start = cpuNow();
  let calls = 0;
  let spent = 0;
  do {
    fn();
    calls++;
    spent = cpuNow() - start;
  } while (spent < ms);
  return spent / calls;
}

/**
 * The ratio of `fn` to `floor` (CPU time), robust to a machine shared with other work: the two run
 * in alternating blocks of `blockMs` each (floor, fn, fn, floor, ...), so a slow spell of the machine
 * meets both alike, and the ratio is that of their medians per call. Blocks rather than single calls:
 * interleaving one call of each charges the heavier one's garbage collection and cache misses to the
 * floor (measured: the floor ran ~1.7× slower interleaved than alone), which flattered the ratio.
 * Returns both medians, and the caller prints the floor's, so the two numbers a reader divides are the
 * ones the ratio is made of.
 */
export function measureRatio(fn: () => unknown, floor: () => unknown, { rounds = process.env.MESHSIM_BENCH_QUICK ? 3 : 9, blockMs = process.env.MESHSIM_BENCH_QUICK ? 30 : 150 } = {}): { ms: number; floorMs: number; ratio: number } {
  for (let i = 0; i < 3; i++) {
    floor();
    fn();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // ABBA order: whatever one block leaves behind (garbage, a cold cache) is met by each side alike.
    if (r % 2 === 0) {
      a.push(block(floor, blockMs));
      b.push(block(fn, blockMs));
    } else {
      b.push(block(fn, blockMs));
      a.push(block(floor, blockMs));
    }
  }
  const ms = median(b);
  const floorMs = median(a);
  return { ms, floorMs, ratio: ms / floorMs };
}

export function printTable(title: string, rows: BenchRow[], clock: 'cpu' | 'wall' = 'cpu'): void {
  console.log(`\n${title}`);
  console.log(`| what | ${clock === 'cpu' ? 'CPU ' : ''}ms (median) | ratio to floor | floor |`);
  console.log('|---|---:|---:|---|');
  for (const r of rows) {
    console.log(`| ${r.what} | ${r.ms.toFixed(3)} | ${r.ratio === undefined ? '' : r.ratio.toFixed(1) + '×'} | ${r.floor === undefined ? '' : r.floorMs === undefined ? r.floor : `${r.floor} (${r.floorMs.toFixed(3)} ms)`} |`);
  }
}
