import { parse, stringify } from 'yaml';
import { auditDump, generateDump } from '../src/engine/audit/index.ts';
import { cpuTimed as timed, median, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * The cluster audit of generated dumps (kubectl's layout). Three questions, each a ratio within
 * this run:
 * - the dump's floor: a bare `yaml` parse + stringify of the same text;
 * - full fidelity (webhooks, istiod, the render, capture rules, measured drift) against the
 *   admission-only audit (`fidelity: 'admission'`, the audit before rendering, kept as the
 *   baseline) of the same 10,000-pod dump of 300 workloads — the target is ≤ 2×;
 * - growth of a full audit of pods that share nothing (each its own template) from 1,000 to
 *   10,000 pods — linear means about 10× (target ≤ 11×).
 *
 * Each audit is one synchronous call on this thread, so it is timed in the process's CPU time
 * (process.cpuUsage: this thread plus the garbage collector's helpers), not the wall clock: on a
 * machine shared with other work the wall clock measures the scheduler as much as the audit, and a
 * 10,000-pod audit is one sample lasting many seconds, which no median can rescue. A ratio is taken
 * within each round (the pair measured back to back, in alternating order) and the median of the
 * rounds' ratios is reported.
 */

const quick = process.env.MESHSIM_BENCH_QUICK === '1';
// CI's single --quick run only checks the bench still works; it uses dumps ten times smaller.
const LARGE = quick ? 1000 : 10_000;
const SMALL = quick ? 100 : 1000;
const WORKLOADS = quick ? 30 : 300;

function checked(text: string, pods: number, what: string, fidelity: 'admission' | 'full') {
  const r = auditDump(text, { fidelity });
  const errors = r.overview.diagnostics.filter((d) => d.severity !== 'info');
  if (r.rows.length !== pods || errors.length) throw new Error(`the ${what} did not audit cleanly: ${r.rows.length} rows, ${errors.map((d) => d.message).join('; ')}`);
}

export const suite: BenchSuite = {
  name: 'cluster audit (generated kubectl dumps; CPU ms of this process)',
  run(): BenchRow[] {
    const shared = generateDump({ pods: LARGE, workloads: WORKLOADS, seed: 1 });
    const uniqueSmall = generateDump({ pods: SMALL, unique: true, seed: 2 });
    const uniqueLarge = generateDump({ pods: LARGE, unique: true, seed: 2 });
    // Also the warm-up: a dump that does not audit cleanly would make the numbers meaningless.
    checked(shared, LARGE, `dump of ${LARGE} pods`, 'admission');
    checked(shared, LARGE, `dump of ${LARGE} pods`, 'full');
    checked(uniqueSmall, SMALL, `dump of ${SMALL} unshared pods`, 'full');
    // Thousands of pods take seconds: a few rounds rather than the harness's many.
    const rounds = quick ? 1 : 3;
    const floor: number[] = [];
    const admission: number[] = [];
    const full: number[] = [];
    const fullRatio: number[] = [];
    const small: number[] = [];
    for (let r = 0; r < rounds; r++) {
      floor.push(timed(() => stringify(parse(shared))));
      // Back to back, in alternating order, so neither side always runs on a warmer or fuller heap.
      const audit = (fidelity: 'admission' | 'full') => timed(() => auditDump(shared, { fidelity }));
      let a: number;
      let f: number;
      if (r % 2 === 0) {
        a = audit('admission');
        f = audit('full');
      } else {
        f = audit('full');
        a = audit('admission');
      }
      admission.push(a);
      full.push(f);
      fullRatio.push(f / a);
      small.push(timed(() => auditDump(uniqueSmall, { fidelity: 'full' })));
    }
    // The large unshared dump renders every pod: one round, between small ones.
    const large = timed(() => auditDump(uniqueLarge, { fidelity: 'full' }));
    small.push(timed(() => auditDump(uniqueSmall, { fidelity: 'full' })));
    const n = (x: number) => x.toLocaleString('en-US');
    const floorName = `yaml parse+stringify of the ${n(LARGE)}-pod dump`;
    const admissionName = `admission-only audit of ${n(LARGE)} pods of ${WORKLOADS} workloads (baseline)`;
    const smallName = `full audit of ${n(SMALL)} pods that share nothing`;
    return [
      { what: floorName, ms: median(floor) },
      { what: admissionName, ms: median(admission), ratio: median(admission) / median(floor), floor: floorName },
      { what: `full-fidelity audit of the same ${n(LARGE)} pods (target ≤ 2×)`, ms: median(full), ratio: median(fullRatio), floor: admissionName },
      { what: smallName, ms: median(small) },
      { what: `growth: full audit of ${n(LARGE)} pods that share nothing (target ≤ 11×)`, ms: large, ratio: large / median(small), floor: smallName },
    ];
  },
};
