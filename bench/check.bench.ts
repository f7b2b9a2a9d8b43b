import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeAdmission } from '../src/engine/admission/index.ts';
import { generateDump } from '../src/engine/audit/index.ts';
import { readScenarioDocuments } from '../src/engine/documents/index.ts';
import { createOutcomeInjector, injectionSubject, injectWorkload, readInstallModels, releasesOfInstalls } from '../src/engine/scenario/index.ts';
import { median, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * `meshsim check` on a cluster dump (issue 16: 2,000 Pods took 37 s and 781 MB). Check needs each
 * pod's verdict, so it takes the outcome-only injection (scenario/injectionOutcome.ts): each
 * revision's install built once, each pod sent through istiod's webhook path only. Ratios in one run:
 * - the outcome-only injection of every injected pod against the verdicts without rendering
 *   (admission alone, no suggestions) of the same dump: what rendering adds;
 * - the full injection the Patched pod panel runs (kube-inject, webhook, env, YAML, diff) against
 *   the outcome-only one, on the same pods: what check no longer pays per pod;
 * - the whole `meshsim check --no-suggestions` process against the engine time it reports.
 */

const quick = process.env.MESHSIM_BENCH_QUICK === '1';
const PODS = quick ? 200 : 2000;
// The full injection is slow by design; it is compared on the first pods only.
const COMPARED = quick ? 60 : 300;
const ROUNDS = quick ? 1 : 3;

function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

const webhooks = readFileSync(new URL('../src/examples/default/webhooks.yaml', import.meta.url), 'utf8');
const bin = fileURLToPath(new URL('../bin/meshsim.mjs', import.meta.url));

export const suite: BenchSuite = {
  name: `meshsim check on a ${PODS}-pod dump (outcome-only injection)`,
  run(): BenchRow[] {
    const dump = generateDump({ pods: PODS, seed: 1 });
    const docs = readScenarioDocuments([{ name: 'dump', text: dump }, { name: 'webhooks', text: webhooks }]);
    const installs = readInstallModels(docs);
    const releases = releasesOfInstalls(installs, undefined);
    const admitted = analyzeAdmission(docs, { suggestions: false });
    const subjects = admitted.workloads.flatMap((w, i) => (w.verdict === 'injected' ? [injectionSubject(installs, docs.workloads[i]!, w)] : []));
    if (subjects.length < PODS / 4) throw new Error(`only ${subjects.length} of ${PODS} pods are injected: the dump is not what this bench measures`);
    const outcomes = (list: typeof subjects) => {
      const injector = createOutcomeInjector({}, releases);
      return list.map((s) => injector.outcomeOf(s));
    };
    const full = (list: typeof subjects) => list.map((s) => injectWorkload(s, {}, releases.revisions[s.revision] ?? { ...releases.otherwise, revision: s.revision }));
    // The two must agree, or the comparison means nothing (injectionOutcome.test.ts holds this too).
    const a = outcomes(subjects.slice(0, COMPARED)).map((o) => Boolean(o.outcome?.rejection));
    const b = full(subjects.slice(0, COMPARED)).map((o) => Boolean(o.outcome?.rejection));
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('the outcome-only injection disagrees with the full injection');

    const admission: number[] = [];
    const outcomeAll: number[] = [];
    const outcomeSome: number[] = [];
    const fullSome: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      admission.push(timed(() => analyzeAdmission(docs, { suggestions: false })));
      outcomeAll.push(timed(() => outcomes(subjects)));
      outcomeSome.push(timed(() => outcomes(subjects.slice(0, COMPARED))));
      fullSome.push(timed(() => full(subjects.slice(0, COMPARED))));
    }

    // The whole command, as a user runs it.
    const dir = mkdtempSync(join(tmpdir(), 'meshsim-check-bench-'));
    const file = join(dir, 'dump.yaml');
    writeFileSync(file, dump);
    spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }); // builds the bundle if a source changed
    const whole: number[] = [];
    const engine: number[] = [];
    try {
      for (let r = 0; r < ROUNDS; r++) {
        const t = performance.now();
        const c = spawnSync(process.execPath, [bin, 'check', '--no-suggestions', '-f', file], { encoding: 'utf8', env: { ...process.env, MESHSIM_TIMING: '1' }, maxBuffer: 1 << 30 });
        whole.push(performance.now() - t);
        const reported = /engine: ([\d.]+) ms/.exec(c.stderr);
        if (c.status !== 1 || !reported) throw new Error(`meshsim check exited ${c.status}: ${c.stderr.slice(0, 500)}`);
        engine.push(Number(reported[1]));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const floor = median(admission);
    return [
      { what: `verdicts without rendering: admission of ${PODS} pods, no suggestions`, ms: floor },
      { what: `outcome-only injection of the ${subjects.length} injected pods`, ms: median(outcomeAll), ratio: median(outcomeAll) / floor, floor: 'the admission' },
      { what: `outcome-only injection of ${COMPARED} injected pods`, ms: median(outcomeSome) },
      { what: `full injection (the Patched pod panel's) of the same ${COMPARED} pods`, ms: median(fullSome), ratio: median(fullSome) / median(outcomeSome), floor: 'outcome-only, same pods' },
      { what: `engine time of meshsim check --no-suggestions (reported by the process)`, ms: median(engine) },
      { what: `meshsim check --no-suggestions, ${PODS}-pod dump (whole process)`, ms: median(whole), ratio: median(whole) / median(engine), floor: 'its engine time' },
    ];
  },
};
