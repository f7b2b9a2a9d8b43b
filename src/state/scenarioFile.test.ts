import { describe, expect, it } from 'vitest';
import { examples } from './defaultScenario.ts';
import { openScenarioFile, scenarioToFile } from './scenarioFile.ts';

describe('scenario files', () => {
  it('round-trips a whole scenario, texts byte for byte', () => {
    const texts = { ...examples[1].texts, workloads: examples[1].texts.workloads + '# trailing  spaces   \n\n' };
    const opened = openScenarioFile(scenarioToFile({ texts, cluster: { cni: true }, panel: 'env' }));
    expect(opened).toEqual({ kind: 'scenario', scenario: { texts, cluster: { cni: true }, panel: 'env' } });
  });

  it('sorts plain Kubernetes YAML into the tabs, Lists included', () => {
    const dump = 'kind: List\nitems:\n- {kind: Namespace, metadata: {name: a}}\n- {kind: Pod, metadata: {name: p}}\n---\nkind: ConfigMap\nmetadata: {name: istio-sidecar-injector-canary}\n---\nkind: MutatingWebhookConfiguration\nmetadata: {name: w}\n';
    const opened = openScenarioFile(dump);
    expect(opened.kind).toBe('objects');
    if (opened.kind !== 'objects') return;
    expect(opened.counts).toEqual({ workloads: 1, namespaces: 1, webhooks: 1, injector: 1, mesh: 0 });
    expect(opened.texts.workloads).toContain('name: p');
  });

  it('says what is wrong with a broken file', () => {
    expect(openScenarioFile('a: [').kind).toBe('error');
    expect(openScenarioFile('# nothing here\n')).toEqual({ kind: 'error', message: 'the file holds no Kubernetes objects' });
  });
});
