import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { auditDump } from './index.ts';

const ns = (name: string, labels: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
const pod = (name: string, namespace: string, opts: { labels?: Record<string, string>; annotations?: Record<string, string>; sidecar?: boolean } = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name, namespace, labels: opts.labels ?? {},
    annotations: { ...(opts.annotations ?? {}), ...(opts.sidecar ? { 'sidecar.istio.io/status': '{"initContainers":["istio-init"],"containers":["istio-proxy"],"revision":"default"}' } : {}) },
  },
  spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'app:1' }, ...(opts.sidecar ? [{ name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.26.1' }] : [])] },
  status: { phase: 'Running', podIP: '192.0.2.30', podIPs: [{ ip: '192.0.2.30' }] },
});
const cniConfig = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'istio-cni-config', namespace: 'istio-system' }, data: { AMBIENT_ENABLED: 'true' } };

function audit(items: object[]) {
  const { rows, overview } = auditDump(stringify({ apiVersion: 'v1', kind: 'List', items }), { input: 'dump.yaml' });
  return { rows: Object.fromEntries(rows.map((r) => [r.name, r])), overview };
}

describe("the audit's ambient check on each of issue 12's disagreements between istio-cni's intent and the pod's state", () => {
  const { rows, overview } = audit([
    cniConfig,
    ns('istio-system'),
    ns('mesh', { 'istio.io/dataplane-mode': 'ambient' }),
    ns('plain'),
    ns('both', { 'istio.io/dataplane-mode': 'ambient', 'istio-injection': 'enabled' }),
    pod('captured', 'mesh', { annotations: { 'ambient.istio.io/redirection': 'enabled' } }),
    pod('pending', 'mesh', { annotations: { 'ambient.istio.io/redirection': 'pending' } }),
    pod('never-captured', 'mesh'),
    pod('left-behind', 'plain', { annotations: { 'ambient.istio.io/redirection': 'enabled' } }),
    pod('opted-out', 'mesh', { labels: { 'istio.io/dataplane-mode': 'none' } }),
    pod('stale-opt-out', 'mesh', { annotations: { 'ambient.istio.io/redirection': 'disabled' } }),
    pod('sidecar-and-label', 'plain', { labels: { 'istio.io/dataplane-mode': 'ambient' }, sidecar: true }),
    pod('in-both', 'both', { sidecar: true }),
  ]);
  const headlines = (name: string) => (rows[name].checks.ambient ?? []).map((f) => f.headline);

  it('counts the data planes', () => {
    expect(rows.captured.capture?.dataPlane).toBe('ambient');
    expect(rows['opted-out'].capture?.dataPlane).toBe('none');
    expect(overview.pods).toBe(8);
  });

  it('a captured pod of an ambient namespace, and an opted-out one, have nothing to say', () => {
    expect(headlines('captured')).toEqual([]);
    expect(headlines('opted-out')).toEqual([]);
  });

  it('labelled for ambient but not captured: pending (ztunnel?) or never annotated', () => {
    expect(headlines('pending')).toEqual(['selected for ambient but not enrolled']);
    expect(rows.pending.checks.ambient?.[0].detail).toMatch(/"pending"/);
    expect(headlines('never-captured')).toEqual(['selected for ambient but not enrolled']);
  });

  it('captured but no longer selected: the node agent removes it on its next update', () => {
    expect(headlines('left-behind')).toEqual(['enrolled in ambient, but the node agent would take it out']);
  });

  it('both a sidecar and an ambient label; a namespace labelled for both', () => {
    expect(headlines('sidecar-and-label')).toEqual(['both a sidecar and an ambient label']);
    expect(headlines('in-both')).toEqual(['both a sidecar and an ambient label']);
    expect(rows['in-both'].checks.ambient?.[0].detail).toMatch(/and for sidecar injection too/);
  });

  it('the retired redirection: disabled opt-out is flagged, and the pod is still selected', () => {
    expect(headlines('stale-opt-out')).toEqual(['istio-cni warns', 'selected for ambient but not enrolled']);
    expect(rows['stale-opt-out'].checks.ambient?.[0].detail).toMatch(/no longer opts a pod out/);
  });

  it('a sidecar in a namespace labelled ambient, but opted out with none, is left alone', () => {
    const r = audit([cniConfig, ns('mesh', { 'istio.io/dataplane-mode': 'ambient' }), pod('out', 'mesh', { labels: { 'istio.io/dataplane-mode': 'none' }, sidecar: true })]);
    expect(r.rows.out.checks.ambient ?? []).toEqual([]);
  });
});
