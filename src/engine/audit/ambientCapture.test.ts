import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { cniConfigMapText } from '../ambient/builtinConfigMap.ts';
import { analyzeScenario } from '../scenario/analyzeScenario.ts';
import { auditDump } from './auditSession.ts';

/*
 * What captures an ambient pod's traffic, in its audit row: the in-pod rules istio-cni's node agent
 * installed when it enrolled the pod. The oracle is the Traffic panel: the scenario engine's traffic
 * section for the same pod, namespace and istio-cni settings, whose rules the chain diagram draws.
 * Each case changes what the rules depend on (the backend, istio-cni's DNS capture, the pod's own
 * override, no ConfigMap at all), so a count that ignored any of them would fail here.
 */

const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'mesh', labels: { 'istio.io/dataplane-mode': 'ambient' } } };
const profile = parse(cniConfigMapText()) as { data: Record<string, string> };
const cniConfig = (data: Record<string, string>) => ({ ...profile, data: { ...profile.data, ...data } });

function podOf(annotations: Record<string, string>, running: boolean) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'reviews', namespace: 'mesh', labels: { app: 'reviews' }, annotations: { ...annotations, ...(running ? { 'ambient.istio.io/redirection': 'enabled' } : {}) } },
    spec: { containers: [{ name: 'reviews', image: 'registry.example.com/reviews:1', ports: [{ containerPort: 9080 }] }], ...(running ? { nodeName: 'node-1' } : {}) },
    ...(running ? { status: { phase: 'Running', podIP: '192.0.2.40', podIPs: [{ ip: '192.0.2.40' }] } } : {}),
  };
}

const cases: { name: string; configMap?: object; annotations?: Record<string, string> }[] = [
  { name: 'iptables, the ambient profile', configMap: cniConfig({}) },
  { name: 'nftables (native nftables)', configMap: cniConfig({ NATIVE_NFTABLES: 'true' }) },
  { name: "istio-cni's DNS capture off", configMap: cniConfig({ AMBIENT_DNS_CAPTURE: 'false' }) },
  { name: "the pod's own DNS override", configMap: cniConfig({}), annotations: { 'ambient.istio.io/dns-capture': 'false' } },
  { name: 'no istio-cni-config ConfigMap in the dump', annotations: {} },
];

/** The rules the Traffic panel shows for the pod: every rule of every chain of the kernel view it draws. */
function trafficPanelRules(c: (typeof cases)[number]): number {
  const texts = {
    namespaces: stringify(namespace),
    workloads: stringify(podOf(c.annotations ?? {}, false)),
    ...(c.configMap ? { mesh: stringify(c.configMap) } : {}),
  };
  const r = analyzeScenario({ texts });
  expect(r.ambient?.workload?.dataPlane.mode, c.name).toBe('ambient');
  const ruleset = r.traffic!.ruleset;
  return ruleset.tables.reduce((n, t) => n + t.chains.reduce((m, ch) => m + ch.rules.length, 0), 0);
}

describe("an ambient pod's audit row counts the in-pod rules that capture its traffic", () => {
  const counts: number[] = [];
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const expected = trafficPanelRules(c);
    expect(expected).toBeGreaterThan(0);
    counts.push(expected);
    const items = [namespace, podOf(c.annotations ?? {}, true), ...(c.configMap ? [c.configMap] : [])];
    const { rows, overview } = auditDump(stringify({ apiVersion: 'v1', kind: 'List', items }), { input: 'dump.yaml' });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.captureNow).toMatchObject({ dataPlane: 'ambient', by: "istio-cni's node agent", rules: expected });
    expect(row.capture).toMatchObject({ dataPlane: 'ambient', rules: expected });
    expect(row.dataPlaneText).toBe(`ambient, ${expected} in-pod rules`);
    expect(row.drift).toEqual([]);
    // Without the ConfigMap the settings are the ambient profile's, as the Traffic panel's; said once.
    const assumed = overview.diagnostics.filter((d) => /no istio-cni-config ConfigMap/.test(d.message));
    expect(assumed).toHaveLength(c.configMap ? 0 : 1);
    expect(row.captureNow!.text.includes("taken as Istio's ambient profile")).toBe(!c.configMap);
  });

  it('the cases differ in what they count (each setting reaches the rules)', () => {
    expect(counts).toHaveLength(cases.length);
    expect(new Set(counts).size).toBeGreaterThanOrEqual(3);
  });
});
