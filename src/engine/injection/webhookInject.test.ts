import { describe, expect, it } from 'vitest';
import { builtinInstall } from './builtin/index.ts';
import { defaultEngine } from './defaultEngine.ts';
import { contextOf } from './injectScenario.ts';
import { webhookInject } from './webhookInject.ts';

const pod = (extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', labels: { app: 'web' }, ...extra },
  spec: { containers: [{ name: 'web', image: 'example/web:1', securityContext: { runAsUser: 1000620000 } }, { name: 'istio-proxy', image: 'auto', securityContext: { runAsUser: 1000620000 } }] },
});
const env = (p: any, name: string) => p.spec.initContainers.find((c: any) => c.name === 'istio-proxy').env.find((e: any) => e.name === name)?.value;

describe('webhookInject', () => {
  it('reads the pod as the API server stores it: a field name in another case is dropped, not read as the field', () => {
    const wrongCase = { ...pod(), spec: { containers: [{ name: 'web', Image: 'example/web:1' }] } };
    const r = webhookInject(wrongCase, 'shop', builtinInstall(), contextOf(), defaultEngine);
    const app = (p: any) => p.spec.containers.find((c: any) => c.name === 'web');
    expect(app(r.before)).not.toHaveProperty('image');
    expect(app(r.before)).not.toHaveProperty('Image');
    expect(app(r.after)).not.toHaveProperty('image');
    // The same key in the right case is read.
    expect(app(webhookInject(pod(), 'shop', builtinInstall(), contextOf(), defaultEngine).before).image).toBe('example/web:1');
  });

  it('skips what the policy skips, allowed and without a patch', () => {
    const r = webhookInject(pod({ labels: { 'sidecar.istio.io/inject': 'false' } }), 'shop', builtinInstall(), contextOf(), defaultEngine);
    expect(r.allowed).toBe(true);
    expect(r.patch).toBeUndefined();
    expect(r.skipped?.reason).toBeDefined();
  });

  it('on OpenShift takes the proxy identity from the namespace and drops a proxy UID equal to the app\'s', () => {
    const namespace = { metadata: { name: 'shop', annotations: { 'openshift.io/sa.scc.uid-range': '1000620000/10000', 'openshift.io/sa.scc.supplemental-groups': '1000620000/10000' } } };
    const r = webhookInject(pod(), 'shop', builtinInstall(), contextOf({ platform: 'openshift', namespace }), defaultEngine);
    const proxy = r.after!.spec.initContainers.find((c: any) => c.name === 'istio-proxy');
    expect(proxy.securityContext.runAsUser).toBe(1000629999);
    expect(proxy.securityContext.runAsGroup).toBe(1000629999);
  });

  it('layers ProxyConfig resources: namespace-wide ones under the pod annotation, the selecting one over it', () => {
    const proxyConfigs = [
      { metadata: { namespace: 'istio-system' }, spec: { environmentVariables: { A: 'root', B: 'root' } } },
      { metadata: { namespace: 'shop' }, spec: { environmentVariables: { B: 'ns' }, concurrency: 3 } },
      { metadata: { namespace: 'shop' }, spec: { selector: { matchLabels: { app: 'web' } }, environmentVariables: { C: 'workload' } } },
    ];
    const annotated = pod({ annotations: { 'proxy.istio.io/config': 'proxyMetadata: {C: pod}' } });
    const r = webhookInject(annotated, 'shop', builtinInstall(), contextOf({ proxyConfigs }), defaultEngine);
    expect(env(r.after, 'A')).toBe('root');
    expect(env(r.after, 'B')).toBe('ns');
    expect(env(r.after, 'C')).toBe('workload');
    expect(env(r.after, 'PROXY_CONFIG')).toBe('{"concurrency":3,"proxyMetadata":{"A":"root","B":"ns","C":"workload"}}\n');
  });

  it('rejects with istiod\'s message', () => {
    const r = webhookInject(pod({ annotations: { 'status.sidecar.istio.io/port': 'x' } }), 'shop', builtinInstall(), contextOf(), defaultEngine);
    expect(r.allowed).toBe(false);
    expect(r.error).toContain("invalid value 'x' for annotation 'status.sidecar.istio.io/port': excludeInboundPorts invalid");
  });
});
