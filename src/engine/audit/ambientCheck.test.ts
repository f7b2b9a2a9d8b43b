import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { cniConfigMapText } from '../ambient/builtinConfigMap.ts';
import { auditDump } from './auditSession.ts';
import { generateDump, synthesizeDump } from './generateDump.ts';
import { summarizeAudit } from './summarize.ts';

/*
 * Ambient pods in the audit, on a dump written by hand as kubectl lists it: istio-cni's ConfigMap
 * (the ambient profile's), a namespace labelled for ambient and one no longer labelled, and pods
 * whose ambient.istio.io/redirection annotation says what the node agent did to them.
 */

const ns = (name: string, labels: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });

function pod(name: string, namespace: string, opts: { enrolled?: boolean; sidecar?: boolean } = {}) {
  const annotations: Record<string, string> = {};
  if (opts.enrolled) annotations['ambient.istio.io/redirection'] = 'enabled';
  const containers: Record<string, unknown>[] = [{ name: 'app', image: 'registry.example.com/app:1' }];
  if (opts.sidecar) {
    annotations['sidecar.istio.io/status'] = JSON.stringify({ initContainers: ['istio-init'], containers: ['istio-proxy'], volumes: null, imagePullSecrets: null, revision: 'default' });
    containers.push({ name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.28.0' });
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { app: name }, annotations },
    spec: { containers },
    status: { phase: 'Running', podIP: '192.0.2.10', podIPs: [{ ip: '192.0.2.10' }] },
  };
}

const cniConfigMap = cniConfigMapText().replace(/^#.*\n/, '');

function dumpOf(items: unknown[], withCni = true): string {
  const list = stringify({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } });
  return withCni ? `${list}---\n${cniConfigMap}` : list;
}

const items = [
  ns('mesh', { 'istio.io/dataplane-mode': 'ambient' }),
  ns('left'),
  pod('steady', 'mesh', { enrolled: true }),
  pod('stale', 'left', { enrolled: true }),
  pod('missed', 'mesh'),
  pod('switching', 'mesh', { sidecar: true }),
  pod('outside', 'left'),
];

describe('ambient pods in the full audit', () => {
  const { rows, overview } = auditDump(dumpOf(items), { input: 'dump.yaml' });
  const row = (name: string) => rows.find((r) => r.name === name)!;

  it('reads the dump cleanly', () => {
    expect(overview.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(rows).toHaveLength(5);
  });

  it('leaves an enrolled pod its namespace still selects alone, and counts the in-pod rules the node agent gives it', () => {
    expect(row('steady')).toMatchObject({ capture: { dataPlane: 'ambient', by: "istio-cni's node agent" }, drift: [], change: '', checks: {} });
    expect(row('steady').capture!.rules).toBeGreaterThan(5);
    expect(row('steady').capture!.text).toMatch(/^ambient: \d+ in-pod iptables rules installed by istio-cni's node agent\. /);
  });

  it('says a restart takes an enrolled pod out of ambient when its namespace no longer asks, and that the node agent would too', () => {
    expect(row('stale')).toMatchObject({ dataPlaneNow: 'ambient', capture: { dataPlane: 'none' }, drift: ['data-plane'], change: 'would leave the ambient mesh' });
    expect(row('stale').checks.ambient?.map((f) => f.headline)).toEqual(['enrolled in ambient, but the node agent would take it out']);
  });

  it('finds a pod ambient selects that the node agent never enrolled', () => {
    expect(row('missed')).toMatchObject({ capture: { dataPlane: 'ambient' }, drift: ['data-plane'], change: 'would join the ambient mesh' });
    expect(row('missed').checks.ambient?.[0]).toMatchObject({ severity: 'warning', headline: 'selected for ambient but not enrolled' });
  });

  it('says a sidecar pod in an ambient namespace trades its sidecar for ambient on restart', () => {
    expect(row('switching').changes.map((c) => c.headline)).toEqual(['would no longer be injected', 'would trade its sidecar for ambient']);
    expect([...row('switching').drift].sort()).toEqual(['data-plane', 'unwanted-sidecar']);
  });

  it('counts the moves as drift and groups them', () => {
    const summary = summarizeAudit(rows);
    expect(summary.drift['data-plane']).toBe(3);
    expect(summary.dataPlanes).toEqual({ ambient: 3, none: 2 });
    expect(row('outside')).toMatchObject({ drift: [], checks: {} });
  });

  it("says what captures an enrolled pod now and after a restart: its in-pod rules, then what the restart gives", () => {
    const inPod = row('steady').captureNow!.rules;
    expect(inPod).toBe(row('steady').capture!.rules);
    expect(row('steady').dataPlaneText).toBe(`ambient, ${inPod} in-pod rules`);
    expect(row('stale').captureNow).toMatchObject({ dataPlane: 'ambient', rules: inPod });
    expect(row('stale').dataPlaneText).toBe(`ambient, ${inPod} in-pod rules → none`);
    expect(row('missed').captureNow).toBeUndefined();
    expect(row('missed').dataPlaneText).toBe(`none → ambient, ${inPod} in-pod rules`);
    expect(row('switching').dataPlaneText).toBe(`sidecar → ambient, ${inPod} in-pod rules`);
    expect(row('outside').dataPlaneText).toBe('none');
  });

  it("without istio-cni's ConfigMap, enrolled pods show the node agent at work: Istio's ambient profile is taken, and said once", () => {
    const bare = auditDump(dumpOf(items, false), { input: 'dump.yaml' });
    expect(bare.overview.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.message)).toEqual([expect.stringMatching(/^the dump has no istio-cni-config ConfigMap, but istio-cni's node agent has enrolled pods/)]);
    // The embedded ConfigMap above is the ambient profile's: the same audit but for saying so.
    const said = (r: (typeof rows)[number]) => JSON.parse(JSON.stringify(r).replaceAll(" (istio-cni's settings taken as Istio's ambient profile: the dump has no istio-cni-config ConfigMap)", ''));
    expect(bare.rows.map(said)).toEqual(rows);
    expect(bare.rows.find((r) => r.name === 'stale')!.captureNow!.text).toMatch(/taken as Istio's ambient profile/);
  });

  it('guesses nothing when no pod shows istio-cni at work and the dump has no ConfigMap', () => {
    const none = auditDump(dumpOf(items.filter((o) => o.kind === 'Namespace' || !(o as ReturnType<typeof pod>).metadata.annotations['ambient.istio.io/redirection']), false), { input: 'dump.yaml' });
    expect(none.overview.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(none.rows.every((r) => r.capture?.dataPlane !== 'ambient' && !r.drift.includes('data-plane') && !r.captureNow)).toBe(true);
  });
});

describe('ambient drift planted by the generator', () => {
  const options = { pods: 600, workloads: 40, seed: 21, ambient: true };
  const meant = synthesizeDump(options).pods;
  const { rows, overview } = auditDump(generateDump(options), { input: 'dump.yaml' });

  it('is found in every pod the generator meant it for, and nowhere else', () => {
    expect(overview.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(rows.map((r) => [...r.drift].sort())).toEqual(meant.map((m) => [...m.drift].sort()));
    for (const kind of ['ambient-missed', 'ambient-stale', 'ambient-sidecar'] as const) expect(meant.filter((m) => m.planted === kind).length, kind).toBeGreaterThan(0);
  });

  it('groups the moves by what a restart would do', () => {
    const changes = summarizeAudit(rows).changes;
    const count = (kind: string) => meant.filter((m) => m.planted === kind).length;
    expect(changes['would join the ambient mesh']).toBe(count('ambient-missed'));
    expect(changes['would leave the ambient mesh']).toBe(count('ambient-stale'));
    expect(changes['would no longer be injected; would trade its sidecar for ambient']).toBe(count('ambient-sidecar'));
    expect(summarizeAudit(rows).dataPlanes.ambient).toBeGreaterThan(count('ambient-missed'));
  });
});
