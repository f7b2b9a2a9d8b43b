import { describe, expect, it } from 'vitest';
import { analyzeAdmission } from '../admission/index.ts';
import { generateDump } from '../audit/index.ts';
import { readScenarioDocuments } from '../documents/index.ts';
import { examples } from '../../examples/examples.ts';
import { createOutcomeInjector, releasesOfInstalls } from './injectionOutcome.ts';
import { injectionSubject, injectWorkload, readInstallModels, type ClusterOptions } from './injectionSection.ts';

/*
 * The outcome-only injection (meshsim check on a dump) must decide every pod as the full injection
 * (the Patched pod panel) does: the same rejection or none, and the same patched pod.
 */
function compare(texts: { name: string; text: string }[], cluster: ClusterOptions = {}) {
  const docs = readScenarioDocuments(texts);
  const admitted = analyzeAdmission(docs, { suggestions: false, truthTable: false });
  const installs = readInstallModels(docs);
  const releases = releasesOfInstalls(installs, cluster.istioRelease);
  const outcomes = createOutcomeInjector(cluster, releases);
  let injected = 0;
  const verdicts = new Set<string>();
  admitted.workloads.forEach((w, i) => {
    if (w.verdict !== 'injected') return;
    injected++;
    const subject = injectionSubject(installs, docs.workloads[i]!, w);
    const full = injectWorkload(subject, cluster, releases.revisions[subject.revision] ?? { ...releases.otherwise, revision: subject.revision });
    const quick = outcomes.outcomeOf(subject);
    const what = `${w.workload.kind} ${w.workload.namespace}/${w.workload.name}`;
    expect(quick.outcome, what).toEqual(full.outcome);
    expect(quick.after, what).toEqual(full.pod?.after);
    verdicts.add(full.outcome?.rejection ? 'rejected' : 'injected');
  });
  return { injected, verdicts };
}

const inputsOf = (texts: Record<string, string>) => Object.entries(texts).map(([name, text]) => ({ name, text }));

describe('the outcome-only injection', () => {
  it.each(examples.map((e) => [e.id, e] as const))('decides %s as the full injection does', (_id, e) => {
    compare(inputsOf(e.texts), e.cluster ?? {});
  });

  it('decides every pod of a generated dump as the full injection does, rejected ones included', () => {
    const { injected, verdicts } = compare([{ name: 'dump', text: generateDump({ pods: 80, unique: true, seed: 7 }) }]);
    expect(injected).toBeGreaterThan(20);
    expect([...verdicts].sort()).toEqual(['injected', 'rejected']);
  });

  it('builds each revision\'s install once, and says its problems once', () => {
    const broken = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-sidecar-injector\n  namespace: istio-system\ndata:\n  values: '{}'\n  config: |\n    policy: enabled\n    templates:\n      sidecar: '{{ if }}'\n`;
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio-injection: enabled}\n';
    const pods = [0, 1, 2].map((i) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p${i}\n  namespace: shop\nspec:\n  containers: [{name: app, image: app}]\n`).join('---\n');
    const webhooks = examples.find((e) => e.id === 'default')!.texts.webhooks;
    const docs = readScenarioDocuments(inputsOf({ workloads: pods, namespaces: ns, webhooks, injector: broken }));
    const admitted = analyzeAdmission(docs, { suggestions: false });
    const installs = readInstallModels(docs);
    const outcomes = createOutcomeInjector({}, releasesOfInstalls(installs, undefined));
    const results = admitted.workloads.map((w, i) => outcomes.outcomeOf(injectionSubject(installs, docs.workloads[i]!, w)));
    expect(results.every((r) => r.outcome?.rejection)).toBe(true);
    const parseErrors = outcomes.installDiagnostics().filter((d) => /does not parse/.test(d.message));
    expect(parseErrors).toHaveLength(1);
    expect(parseErrors[0].source?.input).toBe('injector');
  });
});
