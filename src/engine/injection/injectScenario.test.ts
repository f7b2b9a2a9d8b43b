import { describe, expect, it } from 'vitest';
import { applyJsonPatch, type JsonValue } from '../kube/index.ts';
import { injectScenario } from './injectScenario.ts';

const WORKLOADS = `apiVersion: v1
kind: Service
metadata: {name: web}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: {app: web}
      annotations:
        proxy.istio.io/config: |
          proxyMetadata: {ISTIO_META_DNS_CAPTURE: "true"}
    spec:
      containers:
      - name: web
        image: example/web:2
        ports: [{containerPort: 8080}]
---
apiVersion: v1
kind: Pod
metadata: {name: skipped, namespace: kube-system}
spec:
  containers: [{name: c, image: x}]
`;

describe('injectScenario', () => {
  const r = injectScenario({ workloads: WORKLOADS, context: { webhookPath: '/inject/cluster/east/net/n1' } });

  it('gives kube-inject output and one webhook report per pod', () => {
    expect(r.kubeInject.error).toBeUndefined();
    expect(r.kubeInject.output).toContain('kind: Service');
    expect(r.pods.map((p) => [p.kind, p.name, p.skipped !== undefined])).toEqual([['Deployment', 'web', false], ['Pod', 'skipped', true]]);
  });

  it('the patch turns the request pod into the injected pod', () => {
    const web = r.pods[0];
    const applied = applyJsonPatch(web.before as JsonValue, web.patch as never);
    expect(applied.value).toEqual(web.after);
    expect(web.templates).toEqual(['sidecar']);
  });

  it('says where each env var came from', () => {
    const env = Object.fromEntries(r.pods[0].env.filter((e) => e.container === 'istio-proxy').map((e) => [e.name, e.source.kind]));
    expect(env).toMatchObject({
      POD_NAME: 'downwardAPI',
      PILOT_CERT_PROVIDER: 'template',
      ISTIO_META_DNS_CAPTURE: 'proxyMetadata',
      ISTIO_META_CLUSTER_ID: 'istiod',
      ISTIO_META_NETWORK: 'istiod',
    });
    const pilot = r.pods[0].env.find((e) => e.name === 'PILOT_CERT_PROVIDER')!;
    expect(pilot.source).toMatchObject({ kind: 'template', template: 'sidecar' });
    expect((pilot.source as { line: number }).line).toBeGreaterThan(0);
  });

  it('exports the literal proxy env as a cluster.env', () => {
    expect(r.pods[0].clusterEnv).toContain("ISTIO_META_CLUSTER_ID='east'\n");
    expect(r.pods[0].clusterEnv).toContain("ISTIO_META_DNS_CAPTURE='true'\n");
    expect(r.pods[0].clusterEnv).not.toContain('POD_NAME');
  });

  it('reports bad input as diagnostics instead of throwing', () => {
    const bad = injectScenario({ workloads: 'a: [', injectorConfigMap: 'data: {config: "templates: {sidecar: \\"{{ nope }}\\"}"}' });
    expect(bad.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });
});

describe('injectScenario diagnostics', () => {
  it('points a template error at the template line and a rejection at the workload', () => {
    const injectorConfigMap = { data: { config: 'policy: enabled\ntemplates:\n  sidecar: |\n    metadata:\n      labels: {a: "{{ .Nope.x }}"}\n', values: '{}' } };
    const r = injectScenario({ workloads: WORKLOADS, injectorConfigMap });
    const d = r.diagnostics.find((x) => x.message.startsWith('Deployment web:'))!;
    expect(d.source).toMatchObject({ input: 'template:sidecar', line: 2 });
    const bad = injectScenario({ workloads: WORKLOADS.replace('proxy.istio.io/config: |', 'sidecar.istio.io/interceptionMode: BAD\n        proxy.istio.io/config: |') });
    expect(bad.diagnostics.find((x) => x.message.startsWith('Deployment web:'))!.source).toMatchObject({ input: 'workloads', line: 5 });
  });
});

describe('injectScenario policy', () => {
  it('reads an absent policy as istiod does: empty, so the pod is not injected', () => {
    const config = 'templates:\n  sidecar: |\n    metadata:\n      labels: {injected: "yes"}\n';
    const absent = injectScenario({ workloads: WORKLOADS, injectorConfigMap: { data: { config, values: '{}' } } });
    expect(absent.pods[0]!.skipped).toMatch(/policy "" is neither enabled nor disabled/);
    expect(absent.pods[0]!.after).toBeUndefined();
    const enabled = injectScenario({ workloads: WORKLOADS, injectorConfigMap: { data: { config: `policy: enabled\n${config}`, values: '{}' } } });
    expect(enabled.pods[0]!.skipped).toBeUndefined();
    expect(enabled.pods[0]!.after?.metadata?.labels?.injected).toBe('yes');
  });
});

describe('injectScenario template checks', () => {
  it('reports a template that does not parse, even when no pod selects it', () => {
    const injectorConfigMap = { data: { config: 'templates:\n  sidecar: "metadata: {}"\n  broken: "a: {{ nosuchfunc }}"\n', values: '{}' } };
    const r = injectScenario({ workloads: WORKLOADS, injectorConfigMap });
    const d = r.diagnostics.find((x) => x.message.includes('"broken" does not parse'));
    expect(d?.message).toContain('function "nosuchfunc" not defined');
  });

  it('parses every built-in template', () => {
    expect(injectScenario({ workloads: WORKLOADS }).diagnostics.filter((d) => d.message.includes('does not parse'))).toEqual([]);
  });
});
