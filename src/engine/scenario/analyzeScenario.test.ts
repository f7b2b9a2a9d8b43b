import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from './analyzeScenario.ts';

const example = (name: string) => readFileSync(new URL(`../../examples/default/${name}.yaml`, import.meta.url), 'utf8');

const pod = (name: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  namespace: shop\nspec:\n  containers: [{name: app, image: app}]\n`;
const texts = { webhooks: example('webhooks'), injector: example('injector'), mesh: example('mesh'), workloads: [pod('a'), pod('b'), pod('c')].join('---\n'), namespaces: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n' };

describe('analyzeScenario suggestions', () => {
  it('carries the edited texts for the selected workload only', () => {
    const r = analyzeScenario({ texts, selectedWorkload: 1 });
    const [a, b] = [r.admission.workloads[0]!, r.admission.workloads[1]!];
    expect(b.verdict).toBe('not-injected');
    expect(b.suggestions.length).toBeGreaterThan(0);
    expect(b.suggestions.every((s) => Object.keys(s.texts).length > 0)).toBe(true);
    expect(a.suggestions.length).toBeGreaterThan(0);
    expect(a.suggestions.every((s) => Object.keys(s.texts).length === 0)).toBe(true);
  });

  it('applies a suggestion to the selected workload, leaving the others as written', () => {
    const r = analyzeScenario({ texts, selectedWorkload: 2 });
    const byPodLabel = r.admission.workloads[2]!.suggestions.find((s) => s.texts.workloads);
    expect(byPodLabel).toBeDefined();
    const after = byPodLabel!.texts.workloads!;
    expect(after.startsWith([pod('a'), pod('b')].join('---\n'))).toBe(true);
    expect(analyzeScenario({ texts: { ...texts, workloads: after }, selectedWorkload: 2 }).admission.workloads[2]!.verdict).toBe('injected');
  });
});

describe('analyzeScenario verdict after injection', () => {
  const injectorWithSidecar = (template: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-sidecar-injector\n  namespace: istio-system\ndata:\n  values: '{}'\n  config: |\n    policy: enabled\n    templates:\n      sidecar: '${template}'\n`;
  const namespaces = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio-injection: enabled}\n';

  it('turns an injection istiod cannot render into a rejection', () => {
    const broken = injectorWithSidecar('{{ fail "broken on purpose" }}');
    const r = analyzeScenario({ texts: { ...texts, namespaces, injector: broken } });
    const a = r.admission.workloads[0]!;
    expect(a.verdict).toBe('rejected');
    expect(a.summary).toMatch(/^Rejected: istiod revision default decides to inject, then fails .* broken on purpose/);
    expect(a.steps.find((s) => s.id === a.decidingStep)).toMatchObject({ stage: 'istiod', outcome: 'fail' });
    expect(analyzeScenario({ texts: { ...texts, namespaces } }).admission.workloads[0]!.verdict).toBe('injected');
  });

  it('keeps the verdict when the template calls a function meshsim does not simulate', () => {
    const injector = injectorWithSidecar('{{ genCA "x" 365 }}');
    const a = analyzeScenario({ texts: { ...texts, namespaces, injector } }).admission.workloads[0]!;
    expect(a.verdict).toBe('injected');
    expect(a.steps.at(-1)).toMatchObject({ outcome: 'skip', detail: expect.stringMatching(/^meshsim cannot render this injection.*genCA/) });
  });
});
