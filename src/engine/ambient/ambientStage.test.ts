import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../scenario/analyzeScenario.ts';
import { INPUT_NAMES } from '../scenario/types.ts';

const example = Object.fromEntries(INPUT_NAMES.map((n) => [n, readFileSync(new URL(`../../examples/default/${n}.yaml`, import.meta.url), 'utf8')]));
const namespace = (labels: Record<string, string>) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n  labels: ${JSON.stringify(labels)}\n`;

describe('the ambient section of a scenario', () => {
  it('the default sidecar scenario: a sidecar, istio-cni skips it, and the sidecar advice is untouched', () => {
    const r = analyzeScenario({ texts: example });
    expect(r.ambient?.workload?.dataPlane.mode).toBe('sidecar');
    expect(r.ambient?.workload?.creation.reason).toBe('HAS_SIDECAR');
    expect(r.ambient?.settings.from).toEqual(["meshsim's embedded default: Istio's ambient profile"]);
    expect(r.diagnostics.filter((d) => d.origin === 'ambient')).toEqual([]);
    expect(r.admission.workloads[0].suggestions.length).toBeGreaterThan(0);
  });

  it('an ambient namespace: in the mesh in ambient mode, and no advice to add a sidecar', () => {
    const r = analyzeScenario({ texts: { ...example, namespaces: namespace({ 'istio.io/dataplane-mode': 'ambient' }) } });
    expect(r.admission.workloads[0].verdict).toBe('not-injected');
    expect(r.admission.workloads[0].suggestions.filter((s) => s.verdictAfter === 'injected')).toEqual([]);
    expect(r.ambient?.workload?.dataPlane.mode).toBe('ambient');
    const fix = r.ambient!.workload!.fixes.find((f) => f.goal === 'keep-out')!;
    expect(fix.texts.workloads ?? fix.texts.namespaces).toMatch(/istio\.io\/dataplane-mode/);
  });

  it('reads an istio-cni-config ConfigMap from any tab, and a switch wins over it', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-cni-config\n  namespace: istio-system\ndata:\n  AMBIENT_ENABLED: "false"\n';
    const texts = { ...example, namespaces: namespace({ 'istio.io/dataplane-mode': 'ambient' }), mesh: `${example.mesh}\n---\n${cm}` };
    const off = analyzeScenario({ texts });
    expect(off.ambient?.settings.from[0]).toMatch(/^ConfigMap istio-cni-config \(mesh line \d+\)$/);
    expect([off.ambient?.workload?.dataPlane.mode, off.ambient?.workload?.creation.reason]).toEqual(['none', 'AMBIENT_DISABLED']);
    const step = off.ambient!.workload!.creation.steps.find((s) => s.id === 'cni:ambient-enabled')!;
    expect(step.values[0]).toMatchObject({ name: 'istio-cni AMBIENT_ENABLED', value: 'false', source: { input: 'mesh' } });
    expect(analyzeScenario({ texts, cluster: { ambient: true } }).ambient?.workload?.dataPlane.mode).toBe('ambient');
  });

  it('the mesh ConfigMap of revision "cni-config" is not istio-cni\'s', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-cni-config\ndata: {}\n';
    const r = analyzeScenario({ texts: { ...example, mesh: `${example.mesh}\n---\n${cm}` } });
    expect(r.inputs.meshConfigMaps).toBe(1);
  });
});
