import { describe, expect, it } from 'vitest';
import { rewriteAppProbes } from './appProbes.ts';
import { overwriteClusterInfo, proxyEnvsFor } from './clusterInfo.ts';
import { applyPrometheusMerge } from './prometheus.ts';
import { reorderContainers } from './reorder.ts';

const proxy = (env: unknown[] = []) => ({ name: 'istio-proxy', env });

describe('prometheus merge', () => {
  it('moves the app scrape settings into the agent env and points Prometheus at the agent', () => {
    const pod = { metadata: { annotations: { 'prometheus.io/scrape': 'true', 'prometheus.istio.io/scrape-targets': '8080:/metrics,9100:/custom' } }, spec: { containers: [proxy()] } };
    expect(applyPrometheusMerge(pod, 15020, true)).toBeUndefined();
    expect(pod.metadata.annotations).toEqual({ 'prometheus.io/port': '15020', 'prometheus.io/path': '/stats/prometheus', 'prometheus.io/scrape': 'true' });
    expect(pod.spec.containers[0].env).toEqual([{
      name: 'ISTIO_PROMETHEUS_ANNOTATIONS',
      value: '{"scrape":"true","path":"/metrics","port":"8080","targets":[{"port":"8080","path":"/metrics"},{"port":"9100","path":"/custom"}]}',
    }]);
  });

  it('leaves a pod that opts out alone', () => {
    const pod = { metadata: { annotations: { 'prometheus.io/scrape': 'false' } }, spec: { containers: [proxy()] } };
    applyPrometheusMerge(pod, 15020, true);
    expect(pod.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'false' });
  });

  it('rejects a reserved port', () => {
    const pod = { metadata: { annotations: { 'prometheus.io/port': '15090' } }, spec: { containers: [proxy()] } };
    expect(applyPrometheusMerge(pod, 15020, true)).toMatch(/invalid prometheus scrape configuration/);
  });
});

describe('app probe rewrite', () => {
  it('records the original handlers and points them at the agent', () => {
    const app = {
      name: 'hello',
      ports: [{ name: 'http', containerPort: 80 }],
      livenessProbe: { httpGet: { port: 'http' } },
      readinessProbe: { tcpSocket: { port: 3333 }, timeoutSeconds: 2 },
      startupProbe: { exec: { command: ['true'] } },
    };
    const sidecar = proxy();
    const pod = { spec: { containers: [app, sidecar] } };
    rewriteAppProbes(pod, 15020, false);
    expect(sidecar.env).toEqual([{
      name: 'ISTIO_KUBE_APP_PROBERS',
      value: '{"/app-health/hello/livez":{"httpGet":{"port":80}},"/app-health/hello/readyz":{"tcpSocket":{"port":3333},"timeoutSeconds":2}}',
    }]);
    expect(app.livenessProbe).toEqual({ httpGet: { path: '/app-health/hello/livez', port: 15020 } });
    expect(app.readinessProbe).toEqual({ httpGet: { path: '/app-health/hello/readyz', port: 15020 }, timeoutSeconds: 2 });
    expect(app.startupProbe).toEqual({ exec: { command: ['true'] } });
  });
});

describe('cluster info', () => {
  it('moves the known env to the end, sorted, with istiod values', () => {
    const pod = { spec: { containers: [proxy([{ name: 'ISTIO_META_NETWORK', value: 'x' }, { name: 'A', value: '1' }])] } };
    overwriteClusterInfo(pod, proxyEnvsFor({ global: { network: 'n1' } }, '/inject/cluster/c1', {}));
    expect(pod.spec.containers[0].env).toEqual([
      { name: 'A', value: '1' },
      { name: 'ISTIO_META_CLUSTER_ID', value: 'c1' },
      { name: 'ISTIO_META_NETWORK', value: 'n1' },
    ]);
  });
});

describe('reorder', () => {
  const names = (l: { name: string }[]) => l.map((c) => c.name);
  it.each([
    [false, ['a', 'istio-proxy', 'b'], ['x', 'istio-init', 'istio-validation'], ['a', 'b', 'istio-proxy'], ['istio-validation', 'x', 'istio-init']],
    [true, ['a', 'istio-proxy'], [], ['istio-proxy', 'a'], []],
    [false, ['a'], ['x', 'istio-proxy', 'istio-init'], ['a'], ['istio-init', 'istio-proxy', 'x']],
  ])('hold=%s', (hold, containers, inits, wantContainers, wantInits) => {
    const pod = { spec: { containers: containers.map((name) => ({ name })), initContainers: inits.map((name) => ({ name })) } };
    reorderContainers(pod, hold);
    expect(names(pod.spec.containers)).toEqual(wantContainers);
    expect(names(pod.spec.initContainers)).toEqual(wantInits);
  });
});
