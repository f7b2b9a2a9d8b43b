import { readFileSync } from 'node:fs';
import { parseAllDocuments, stringify } from 'yaml';
import { analyzeScenario, INPUT_NAMES, type InputName } from '../src/engine/index.ts';
import { measure, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * The engine end to end — what the worker runs on every edit: parse all five tabs, admission with
 * its suggestions (each re-analysed), the injection, the capture rules and one traced packet — on
 * the app's default scenario, as a ratio to a bare `yaml` parse + stringify of the same texts.
 */

const texts = Object.fromEntries(
  INPUT_NAMES.map((name) => [name, readFileSync(new URL(`../src/examples/default/${name}.yaml`, import.meta.url), 'utf8')]),
) as Record<InputName, string>;

const quick = process.env.MESHSIM_BENCH_QUICK === '1';
const opts = quick ? { minMs: 50, maxIterations: 20 } : { minMs: 1500, maxIterations: 500 };

export const suite: BenchSuite = {
  name: 'analyzeScenario end to end (default scenario, five tabs)',
  run(): BenchRow[] {
    const floorName = 'yaml parse+stringify of the same texts';
    const all = Object.values(texts);
    const floor = measure(() => all.map((t) => parseAllDocuments(t).map((d) => stringify(d.toJS()))), opts);
    const check = analyzeScenario({ texts });
    if (check.admission.workloads[0]?.verdict !== 'injected' || !check.traffic?.trace) {
      throw new Error(`the default scenario no longer injects and traces: ${check.diagnostics.map((d) => d.message).join('; ')}`);
    }
    const notInjected = { ...texts, namespaces: texts.namespaces.replace('istio-injection: enabled', 'istio-injection: disabled') };
    const rows: BenchRow[] = [{ what: floorName, ms: floor }];
    const add = (what: string, fn: () => unknown) => {
      const ms = measure(fn, opts);
      rows.push({ what, ms, ratio: ms / floor, floor: floorName });
    };
    add('analyzeScenario (injected, with traffic trace)', () => analyzeScenario({ texts }));
    add('analyzeScenario (namespace opted out: admission only)', () => analyzeScenario({ texts: notInjected }));
    add('analyzeScenario, IPv6 trace', () => analyzeScenario({ texts, traffic: { family: 'ipv6', preset: 'request-arrives' } }));
    // A pasted `kubectl get pods -A` stays linear: each size against the parse of its own texts.
    for (const n of [100, 400]) {
      const many = { ...texts, workloads: manyPods(n) };
      const floorN = measure(() => Object.values(many).map((t) => parseAllDocuments(t).map((d) => stringify(d.toJS()))), opts);
      const name = `yaml parse+stringify with ${n} pods`;
      rows.push({ what: name, ms: floorN });
      const ms = measure(() => analyzeScenario({ texts: many }), opts);
      rows.push({ what: `analyzeScenario, ${n} pods pasted`, ms, ratio: ms / floorN, floor: name });
    }
    return rows;
  },
};

function manyPods(n: number): string {
  const pod = (i: number) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-${i}\n  namespace: shop\n  labels: {app: app-${i % 7}}\nspec:\n  containers: [{name: app, image: app}]\n`;
  return Array.from({ length: n }, (_, i) => pod(i)).join('---\n');
}
