import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../scenario/index.ts';

const example = (dir: string, name: string) => readFileSync(new URL(`../../examples/${dir}/${name}.yaml`, import.meta.url), 'utf8');
const namespaces = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio-injection: enabled}\n';
const deployment = (labels: Record<string, string> = {}) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: ${JSON.stringify({ app: 'web', ...labels })}
    spec:
      containers:
      - name: web
        image: nginx
`;
const base = { webhooks: example('default', 'webhooks'), namespaces, workloads: deployment() };

// Istio 1.24.0's own chart render (the release corpus' default profile), pasted as a user would.
const PROFILE_124 = fileURLToPath(new URL('../../../../shared/conformance-releases/1.24.0/profiles/default/istio-sidecar-injector.configmap.yaml', import.meta.url));
const has124 = existsSync(PROFILE_124);
if (!has124) console.warn('SKIPPING the pasted-1.24-install scenario tests: ../shared is absent');

describe('the release a scenario simulates', () => {
  it('is master, said plainly, when nothing tells', () => {
    const r = analyzeScenario({ texts: base });
    expect(r.release?.otherwise).toMatchObject({ name: 'master', chosenBy: 'default' });
    expect(r.injection?.release).toMatchObject({ name: 'master', chosenBy: 'default', summary: expect.stringMatching(/simulating master/) });
    expect(r.admission.workloads[0].injectors[0].release).toBe('Istio master');
  });

  it('follows the setting, and the Admission and Patched pod name it', () => {
    const r = analyzeScenario({ texts: base, cluster: { istioRelease: '1.26' } });
    expect(r.injection?.release).toMatchObject({ name: '1.26', label: 'Istio 1.26 (latest patch)', chosenBy: 'setting' });
    expect(r.admission.workloads[0].steps.some((s) => s.title === 'istiod revision default (Istio 1.26 (latest patch))')).toBe(true);
    // 1.26 reads sidecar.istio.io/inject=no as "no"; master warns and falls back to the default.
    const no = { ...base, workloads: deployment({ 'sidecar.istio.io/inject': 'no' }) };
    expect(analyzeScenario({ texts: no, cluster: { istioRelease: '1.26' } }).admission.workloads[0].verdict).toBe('not-injected');
    expect(analyzeScenario({ texts: no }).admission.workloads[0].verdict).toBe('injected');
  });

  it('the Traffic section is the release\'s istio-iptables', () => {
    expect(analyzeScenario({ texts: base, cluster: { istioRelease: '1.24' } }).traffic?.capture.payload.v4).toContain('-A OUTPUT -p tcp -j ISTIO_OUTPUT\n');
    expect(analyzeScenario({ texts: base }).traffic?.capture.payload.v4).toContain('-A OUTPUT -j ISTIO_OUTPUT\n');
  });

  it('a setting that is not a release is said once, and detection is used', () => {
    const r = analyzeScenario({ texts: base, cluster: { istioRelease: '1.19' } });
    expect(r.diagnostics.filter((d) => d.origin === 'release').map((d) => d.message)).toEqual([expect.stringMatching(/older than 1\.22\.0/)]);
    expect(r.injection?.release.chosenBy).toBe('default');
  });

  it('native sidecars follow the release when the switch is unset', () => {
    const before = analyzeScenario({ texts: base, cluster: { istioRelease: '1.26' } }).injection!;
    expect([before.nativeSidecars, before.nativeSidecarsFrom]).toEqual([false, 'release default']);
    const after = analyzeScenario({ texts: base, cluster: { istioRelease: '1.27' } }).injection!;
    expect([after.nativeSidecars, after.nativeSidecarsFrom]).toEqual([true, 'release default']);
    expect(analyzeScenario({ texts: base, cluster: { istioRelease: '1.26', nativeSidecars: true } }).injection!.nativeSidecars).toBe(true);
  });

  it('a Job without native sidecars is warned that it will never complete', () => {
    const job = example('native-sidecar-job', 'workloads').replace('namespace: bookinfo', 'namespace: shop');
    const off = analyzeScenario({ texts: { ...base, workloads: job }, cluster: { nativeSidecars: false } });
    expect(off.diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(/^This Job will never complete while istio-proxy runs/));
    const on = analyzeScenario({ texts: { ...base, workloads: job }, cluster: { nativeSidecars: true } });
    expect(on.diagnostics.map((d) => d.message).join('\n')).not.toMatch(/never complete/);
  });

  it.skipIf(!has124)('reads a pasted 1.24 install and injects as 1.24 does', () => {
    const r = analyzeScenario({ texts: { ...base, injector: readFileSync(PROFILE_124, 'utf8') } });
    expect(r.release?.revisions.default).toMatchObject({ name: '1.24', chosenBy: 'detected' });
    expect(r.injection?.release.summary).toMatch(/^Istio 1\.24 \(its latest patch\), from the shape of istio-sidecar-injector/);
    expect(r.injection?.kubeInject.output).toContain('creationTimestamp: null');
    // 1.24's template puts istio-proxy among the containers unless told otherwise.
    expect(r.injection?.pod?.after?.spec.containers.map((c: any) => c.name)).toContain('istio-proxy');
  });
});
