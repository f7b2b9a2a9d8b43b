import { parse, stringify } from 'yaml';
import { auditDump, generateDump } from '../src/engine/audit/index.ts';
import type { BenchRow, BenchSuite } from './harness.ts';

/*
 * The cluster audit of generated dumps (kubectl's layout) of 1,000 and 10,000 pods, each as a ratio
 * to a bare `yaml` parse + stringify of the same text, and how its time grows from 1,000 to 10,000
 * pods (10× the pods should cost about 10× the time: the audit is linear).
 */

const quick = process.env.MESHSIM_BENCH_QUICK === '1';

/** A dump of thousands of pods takes seconds to read: a few runs, rather than the harness's many. */
function median(runs: number, fn: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

function time(pods: number): { floor: number; audit: number } {
  const text = generateDump({ pods, seed: 1 });
  const check = auditDump(text);
  if (check.rows.length !== pods || check.overview.diagnostics.length) throw new Error(`the generated dump of ${pods} pods did not audit cleanly`);
  const floorRun = () => stringify(parse(text));
  if (pods <= 1000) floorRun(); // warm-up; the check above warmed the audit up
  const runs = quick ? 1 : pods <= 1000 ? 5 : 3;
  return { floor: median(runs, floorRun), audit: median(runs, () => auditDump(text)) };
}

export const suite: BenchSuite = {
  name: 'cluster audit (generated kubectl dumps)',
  run(): BenchRow[] {
    const small = time(1000);
    const large = time(10_000);
    const floor = (n: string) => `yaml parse+stringify of the ${n}-pod dump`;
    return [
      { what: floor('1,000'), ms: small.floor },
      { what: 'audit of 1,000 pods', ms: small.audit, ratio: small.audit / small.floor, floor: floor('1,000') },
      { what: floor('10,000'), ms: large.floor },
      { what: 'audit of 10,000 pods', ms: large.audit, ratio: large.audit / large.floor, floor: floor('10,000') },
      { what: 'growth: audit of 10,000 pods', ms: large.audit, ratio: large.audit / small.audit, floor: 'audit of 1,000 pods' },
    ];
  },
};
