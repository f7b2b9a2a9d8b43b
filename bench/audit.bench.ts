import { parse, stringify } from 'yaml';
import { auditDump, generateDump } from '../src/engine/audit/index.ts';
import type { BenchRow, BenchSuite } from './harness.ts';

/*
 * The cluster audit of generated dumps (kubectl's layout) of 1,000 and 10,000 pods, each as a ratio
 * to a bare `yaml` parse + stringify of the same text, and how its time grows from 1,000 to 10,000
 * pods (the audit is linear, so about 10×).
 */

const quick = process.env.MESHSIM_BENCH_QUICK === '1';
// CI's single --quick run only checks the bench still works; it uses dumps ten times smaller.
const SIZES = quick ? ([100, 1000] as const) : ([1000, 10_000] as const);

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

export const suite: BenchSuite = {
  name: 'cluster audit (generated kubectl dumps)',
  run(): BenchRow[] {
    const texts = SIZES.map((pods) => generateDump({ pods, seed: 1 }));
    texts.forEach((text, i) => {
      // Also the warm-up: a dump that does not audit cleanly would make the numbers meaningless.
      const check = auditDump(text);
      if (check.rows.length !== SIZES[i] || check.overview.diagnostics.length) throw new Error(`the generated dump of ${SIZES[i]} pods did not audit cleanly`);
    });
    // A dump of thousands of pods takes seconds: a few rounds rather than the harness's many, the
    // sizes taking turns so a busy machine slows both alike.
    const rounds = quick ? 1 : 3;
    const floors: number[][] = SIZES.map(() => []);
    const audits: number[][] = SIZES.map(() => []);
    for (let r = 0; r < rounds; r++) {
      texts.forEach((text, i) => {
        floors[i].push(timed(() => stringify(parse(text))));
        audits[i].push(timed(() => auditDump(text)));
      });
    }
    const [small, large] = SIZES.map((_, i) => ({ floor: median(floors[i]), audit: median(audits[i]) }));
    const [a, b] = SIZES.map((n) => n.toLocaleString('en-US'));
    const floor = (n: string) => `yaml parse+stringify of the ${n}-pod dump`;
    return [
      { what: floor(a), ms: small.floor },
      { what: `audit of ${a} pods`, ms: small.audit, ratio: small.audit / small.floor, floor: floor(a) },
      { what: floor(b), ms: large.floor },
      { what: `audit of ${b} pods`, ms: large.audit, ratio: large.audit / large.floor, floor: floor(b) },
      { what: `growth: audit of ${b} pods`, ms: large.audit, ratio: large.audit / small.audit, floor: `audit of ${a} pods` },
    ];
  },
};
