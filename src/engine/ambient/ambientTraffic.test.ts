import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../scenario/analyzeScenario.ts';
import { INPUT_NAMES } from '../scenario/types.ts';

const example = Object.fromEntries(INPUT_NAMES.map((n) => [n, readFileSync(new URL(`../../examples/default/${n}.yaml`, import.meta.url), 'utf8')]));
const namespace = (labels: Record<string, string>) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n  labels: ${JSON.stringify(labels)}\n`;
const ambientNs = namespace({ 'istio.io/dataplane-mode': 'ambient' });

function traced(preset: string, texts: Record<string, string> = { ...example, namespaces: ambientNs }, extra: object = {}) {
  const r = analyzeScenario({ texts, traffic: { preset }, ...extra });
  return r.traffic!;
}

/** Adds annotations to the first pod template of the example workloads. */
function annotated(annotations: Record<string, string>): Record<string, string> {
  const lines = Object.entries(annotations).map(([k, v]) => `        ${k}: ${JSON.stringify(v)}`).join('\n');
  const workloads = example.workloads.replace(/(template:\n\s+metadata:\n)/, `$1      annotations:\n${lines}\n`);
  expect(workloads).not.toBe(example.workloads);
  return { ...example, namespaces: ambientNs, workloads };
}

describe("an ambient pod's Traffic section: the node agent's in-pod rules, traced", () => {
  it('the sidecar scenario keeps istio-iptables', () => {
    const t = analyzeScenario({ texts: example }).traffic!;
    expect(t.capture.entry).not.toBe('ambient');
  });

  it("an ambient namespace's pod: rules from the node agent, app outbound goes to ztunnel's 15001", () => {
    const t = traced('app-calls-service');
    expect(t.capture.entry).toBe('ambient');
    expect(t.capture.payload.v4).toMatch(/REDIRECT --to-ports 15001/);
    expect(t.capture.policyRoutes).toEqual([expect.objectContaining({ fwmark: 0x111, mask: 0xfff, table: 100 })]);
    expect(t.trace?.final).toBe('REDIRECT to 15001');
    expect(t.trace?.hits.at(-1)?.origin?.why).toBeTruthy();
  });

  it('inbound plaintext goes to 15006, HBONE to 15008 is left alone, DNS to 15053', () => {
    expect(traced('request-arrives').trace?.final).toBe('REDIRECT to 15006');
    expect(traced('hbone-arrives').trace?.final).not.toMatch(/REDIRECT/);
    expect(traced('dns-query').trace?.final).toBe('REDIRECT to 15053');
  });

  it("ztunnel's own traffic, the kubelet's SNATed probe and the app's reply to ztunnel are not captured", () => {
    for (const id of ['proxy-own-traffic', 'kubelet-probe']) expect(traced(id).trace?.final, id).not.toMatch(/REDIRECT/);
    const reply = traced('app-replies-to-ztunnel').trace!;
    expect(reply.delivery.where).toBe('local');
    expect(reply.hits.map((h) => h.at)).toContain('mangle/ISTIO_OUTPUT#1');
  });

  it("the pod's annotations change the rules: DNS capture off, ingress mode", () => {
    const dnsOff = traced('dns-query', annotated({ 'ambient.istio.io/dns-capture': 'false' }));
    expect(dnsOff.capture.payload.v4).not.toMatch(/15053/);
    expect(dnsOff.trace?.final).not.toMatch(/REDIRECT/);
    const ingress = traced('request-arrives', annotated({ 'ambient.istio.io/bypass-inbound-capture': 'true' }));
    expect(ingress.trace?.final).not.toMatch(/REDIRECT/);
  });

  it('an nftables node: the nft tables, traced the same way', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-cni-config\n  namespace: istio-system\ndata:\n  NATIVE_NFTABLES: "true"\n';
    const t = traced('app-calls-service', { ...example, namespaces: ambientNs, mesh: `${example.mesh}\n---\n${cm}` });
    expect(t.capture.backend).toBe('nftables');
    expect(t.capture.payload.nft).toMatch(/add table inet istio-ambient-nat/);
    expect(t.trace?.final).toBe('REDIRECT to 15001');
  });

  it('IPv6: the IPv6 in-pod rules', () => {
    const t = analyzeScenario({ texts: { ...example, namespaces: ambientNs }, traffic: { family: 'ipv6', preset: 'request-arrives' } }).traffic!;
    expect(t.family).toBe('ipv6');
    expect(t.trace?.final).toBe('REDIRECT to 15006');
  });
});
