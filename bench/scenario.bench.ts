import { readFileSync } from 'node:fs';
import { parseAllDocuments, stringify } from 'yaml';
import { createScenarioEngine, INPUT_NAMES, type InputName, type ScenarioInput } from '../src/engine/index.ts';
import { measureRatio, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * The engine end to end on the app's default scenario, as a ratio to a bare `yaml` parse +
 * stringify of the same texts. "Cold" rows give every call a fresh engine (nothing memoised: parse
 * all five tabs, admission with its suggestions, the injection, the capture rules, one traced
 * packet); the other rows are what the worker does as a user works: one engine, one thing changed.
 * The cold rows compute every panel, kube-inject's output included, except the "first view" row,
 * which asks as the app's worker does before the "Injected YAML (kube-inject)" view is opened and
 * before any fix's Apply is pressed (the texts a fix would leave are written then).
 */

/** A fresh engine per call: the whole analysis, no memo. */
const cold = (input: ScenarioInput) => createScenarioEngine().analyze(input);

/** One engine that alternates between inputs, so every call changes exactly what differs between them. */
function alternating(inputs: ScenarioInput[]): () => unknown {
  const engine = createScenarioEngine();
  let i = 0;
  return () => engine.analyze(inputs[i++ % inputs.length]);
}

const texts = Object.fromEntries(
  INPUT_NAMES.map((name) => [name, readFileSync(new URL(`../src/examples/default/${name}.yaml`, import.meta.url), 'utf8')]),
) as Record<InputName, string>;

const quick = process.env.MESHSIM_BENCH_QUICK === '1';

export const suite: BenchSuite = {
  name: 'analyzeScenario end to end (default scenario, five tabs)',
  run(): BenchRow[] {
    const floorName = 'yaml parse+stringify of the same texts';
    const all = Object.values(texts);
    const floorFn = () => all.map((t) => parseAllDocuments(t).map((d) => stringify(d.toJS())));
    const check = cold({ texts });
    if (check.admission.workloads[0]?.verdict !== 'injected' || !check.traffic?.trace || !check.injection?.kubeInject.output) {
      throw new Error(`the default scenario no longer injects and traces: ${check.diagnostics.map((d) => d.message).join('; ')}`);
    }
    const firstView = { kubeInject: true, suggestionTexts: true, traffic: true };
    const first = cold({ texts, defer: firstView });
    if (!first.injection?.kubeInject.deferred) throw new Error('kube-inject is no longer deferred when asked');
    if (first.traffic || !first.deferred?.includes('traffic')) throw new Error('the Traffic section is no longer deferred when asked');
    if (!first.admission.workloads[0]?.suggestions.length || first.admission.workloads[0].suggestions.some((s) => !s.textsDeferred)) throw new Error("a fix's texts are no longer deferred when asked");
    const notInjected = { ...texts, namespaces: texts.namespaces.replace('istio-injection: enabled', 'istio-injection: disabled') };
    // Each row's floor is timed beside that row (measureRatio), and printed with it.
    const rows: BenchRow[] = [];
    const add = (what: string, fn: () => unknown) => {
      const r = measureRatio(fn, floorFn);
      rows.push({ what, ms: r.ms, ratio: r.ratio, floor: floorName, floorMs: r.floorMs });
    };
    add('analyzeScenario, cold (injected, with traffic trace; every panel, kube-inject included)', () => cold({ texts }));
    // What the app's worker computes for the first view: kube-inject's output waits until its view
    // is opened, a fix's texts until its Apply is pressed, the Traffic section until its panel opens.
    add("analyzeScenario, cold, first view (as the app asks: kube-inject, fixes' texts and Traffic deferred)", () => cold({ texts, defer: firstView }));
    add('analyzeScenario, cold (namespace opted out: admission only)', () => cold({ texts: notInjected }));
    add('analyzeScenario, cold, IPv6 trace', () => cold({ texts, traffic: { family: 'ipv6', preset: 'request-arrives' } }));
    add('again with only the packet preset changed', alternating([{ texts, traffic: { preset: 'app-calls-service' } }, { texts, traffic: { preset: 'request-arrives' } }]));
    add('again with only the address family changed', alternating([{ texts }, { texts, traffic: { family: 'ipv6' } }]));
    // A keystroke in the Workloads tab: a comment that changes, so the workload is parsed and injected again.
    let typed = 0;
    const engine = createScenarioEngine();
    add('again after a keystroke in the Workloads tab', () => engine.analyze({ texts: { ...texts, workloads: `${texts.workloads}\n# ${typed++}` } }));
    // A pasted `kubectl get pods -A` stays linear: each size against the parse of its own texts.
    for (const n of [100, 400]) {
      const many = { ...texts, workloads: manyPods(n) };
      const floorN = () => Object.values(many).map((t) => parseAllDocuments(t).map((d) => stringify(d.toJS())));
      const name = `yaml parse+stringify with ${n} pods`;
      const r = measureRatio(() => cold({ texts: many }), floorN, { rounds: quick ? 2 : 5, blockMs: quick ? 60 : 300 });
      rows.push({ what: `analyzeScenario, cold, ${n} pods pasted`, ms: r.ms, ratio: r.ratio, floor: name, floorMs: r.floorMs });
    }
    return rows;
  },
};

function manyPods(n: number): string {
  const pod = (i: number) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-${i}\n  namespace: shop\n  labels: {app: app-${i % 7}}\nspec:\n  containers: [{name: app, image: app}]\n`;
  return Array.from({ length: n }, (_, i) => pod(i)).join('---\n');
}
