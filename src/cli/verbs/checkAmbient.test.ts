import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-check-ambient-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const scenario = (nsLabels: string, podLabels = '{}', extra = '') => `apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: ${nsLabels}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop, labels: ${podLabels}}
spec: {containers: [{name: web, image: nginx}]}
${extra}`;

describe('meshsim check, both data planes', () => {
  it('an ambient pod is in the mesh: exit 0, istio-cni\'s steps, and no advice to add a sidecar', async () => {
    const r = await runCli(['check', '-f', file('ambient.yaml', scenario('{istio.io/dataplane-mode: ambient}'))]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Data plane: IN THE MESH (ambient)');
    expect(r.out).toMatch(/➜ CNI plugin: enablement selector \[1\]: .*namespace label istio\.io\/dataplane-mode=ambient at .*ambient\.yaml:3:\d+/);
    expect(r.out).not.toContain('To get it injected');
    expect(r.out).not.toContain('Label namespace shop with istio-injection=enabled');
  });

  it('a namespace labelled for both: the sidecar wins, the conflict is flagged, both ways out are offered', async () => {
    const r = await runCli(['check', '-f', file('both.yaml', scenario('{istio-injection: enabled, istio.io/dataplane-mode: ambient}'))]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Data plane: IN THE MESH (sidecar)');
    expect(r.out).toContain('labelled for both data planes');
    expect(r.out).toContain('To resolve the conflict and keep ambient (each verified):');
    expect(r.out).toContain('$ kubectl label namespace shop istio-injection-');
    expect(r.out).toContain('To resolve the conflict and keep the sidecar (each verified):');
  });

  it('ambient switched off by the pasted istio-cni-config: out of the mesh, exit 1', async () => {
    const cm = '---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: istio-cni-config, namespace: istio-system}\ndata: {AMBIENT_ENABLED: "false"}\n';
    const r = await runCli(['check', '-f', file('off.yaml', scenario('{istio.io/dataplane-mode: ambient}', '{}', cm))]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Data plane: OUT OF THE MESH');
    expect(r.out).toMatch(/settings: ConfigMap istio-cni-config \(.*off\.yaml line \d+\)/);
    expect((await runCli(['check', '--ambient=true', '-f', join(dir, 'off.yaml')])).code).toBe(0);
  });

  it('-o json carries each workload\'s data plane', async () => {
    const r = await runCli(['check', '-o', 'json', '-f', join(dir, 'ambient.yaml')]);
    const report = JSON.parse(r.out);
    expect(report.ambient.workloads[0].dataPlane.mode).toBe('ambient');
    expect(report.ambient.workloads[0].creation.reason).toBe('SELECTOR_MATCH');
  });

  it("--rules prints an ambient pod's in-pod rules and the packets traced through them; without it, one line", async () => {
    const path = file('rules.yaml', scenario('{istio.io/dataplane-mode: ambient}'));
    const brief = await runCli(['check', '-f', path]);
    expect(brief.out).toMatch(/In-pod rules \(istio-cni's node agent, iptables\): 18 IPv4 rules .*--rules/);
    const r = await runCli(['check', '-f', path, '--rules']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('-A ISTIO_OUTPUT ! -d 127.0.0.1/32 -p tcp -m mark ! --mark 0x539/0xfff -j REDIRECT --to-ports 15001');
    expect(r.out).toContain('routing: ip rule add fwmark 0x111/0xfff pref 32764 lookup 100');
    expect(r.out).toMatch(/App calls a service: REDIRECT to 15001 \(/);
    expect(r.out).toMatch(/DNS query: REDIRECT to 15053/);
    const out = await runCli(['check', '-f', file('out.yaml', scenario('{}')), '--rules']);
    expect(out.out).not.toContain('In-pod rules');
  });
});

describe('meshsim check, a Pod the API server refuses', () => {
  // It is never created, so no CNI plugin runs for it: no istio-cni steps, no node agent, no in-pod rules.
  for (const [what, label] of [['validation', '"not a valid value!"'], ['decode', 'true']] as const) {
    it(`prints no istio-cni steps for a pod that is never created (${what})`, async () => {
      const r = await runCli(['check', '-f', file(`refused-${what}.yaml`, scenario('{istio.io/dataplane-mode: ambient}', `{app: ${label}}`))]);
      expect(r.code).toBe(1);
      expect(r.out).toContain('Data plane: NOT CREATED (rejected)');
      expect(r.out).toContain('Neither data plane applies to a pod that is never created');
      expect(r.out).not.toContain('istio-cni when the pod is created');
      expect(r.out).not.toMatch(/CNI plugin: |node agent: |In-pod rules/);
    });
  }
});
