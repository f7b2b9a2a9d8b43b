import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from './analyzeScenario.ts';

// Workloads of controllers Kubernetes does not define: Istio injects the pods they create.
const example = (name: string) => readFileSync(new URL(`../../examples/default/${name}.yaml`, import.meta.url), 'utf8');
const namespaces = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio-injection: enabled}\n';
const rollout = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: web
  namespace: shop
spec:
  strategy: {canary: {}}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: example/web:1
`;
const knative = `apiVersion: serving.knative.dev/v1
kind: Service
metadata:
  name: hello
  namespace: shop
spec:
  template:
    metadata:
      labels: {sidecar.istio.io/inject: "false"}
    spec:
      containers:
      - image: example/hello:1
`;
const run = (workloads: string, selectedWorkload = 0) => analyzeScenario({ texts: { webhooks: example('webhooks'), injector: example('injector'), mesh: example('mesh'), namespaces, workloads }, selectedWorkload });
const proxyEnv = (pod: any, name: string) =>
  [...(pod?.spec?.initContainers ?? []), ...(pod?.spec?.containers ?? [])].find((c: any) => c.name === 'istio-proxy')?.env?.find((e: any) => e.name === name)?.value;

describe('a workload of another controller (Argo Rollout, Knative Service, a custom resource)', () => {
  it('an Argo Rollout is admitted and its pod injected, named as Istio names a Rollout’s pods', () => {
    const r = run(rollout);
    expect(r.admission.workloads.map((w) => [w.workload.kind, w.workload.name, w.verdict])).toEqual([['Rollout', 'web', 'injected']]);
    const after = r.injection?.pod?.after;
    expect(proxyEnv(after, 'ISTIO_META_WORKLOAD_NAME')).toBe('web');
    expect(proxyEnv(after, 'ISTIO_META_OWNER')).toBe('kubernetes://apis/v1alpha1/namespaces/shop/rollouts/web');
    expect(r.injection?.diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(/^Rollout web is an Argo Rollout: the injection webhook never sees it.*kube-inject does not know the kind and prints the Rollout unchanged/));
    // kube-inject copies an unregistered kind byte for byte.
    expect(r.injection?.kubeInject.output).toContain('kind: Rollout');
    expect(r.injection?.kubeInject.output).not.toContain('istio-proxy');
  });

  it('a Knative Service: the template’s own opt-out decides, and the note says what Knative adds', () => {
    const r = run(knative);
    expect(r.admission.workloads[0]).toMatchObject({ workload: { kind: 'Service', name: 'hello' }, verdict: 'not-injected' });
    const injected = run(knative.replace('labels: {sidecar.istio.io/inject: "false"}', 'labels: {}'));
    expect(injected.admission.workloads[0]?.verdict).toBe('injected');
    expect(proxyEnv(injected.injection?.pod?.after, 'ISTIO_META_WORKLOAD_NAME')).toBe('hello-00001-deployment');
    expect(injected.injection?.diagnostics.map((d) => d.message).join('\n')).toMatch(/queue-proxy/);
  });

  it('a custom resource with spec.template is a workload; a core Service beside it is not', () => {
    const crd = rollout.replace('argoproj.io/v1alpha1', 'apps.kruise.io/v1alpha1').replace('kind: Rollout', 'kind: CloneSet');
    const svc = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  ports: [{port: 80}]\n';
    const r = run(`${crd}---\n${svc}`);
    expect(r.admission.workloads.map((w) => w.workload.kind)).toEqual(['CloneSet']);
    expect(proxyEnv(r.injection?.pod?.after, 'ISTIO_META_OWNER')).toBe('kubernetes://apis/apps.kruise.io/v1alpha1/namespaces/shop/clonesets/web');
  });
});
