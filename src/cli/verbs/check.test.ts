import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check } from './check.ts';
import { captured } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const c = captured();
  return c.result(check(args, c.io));
}

const mwc = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: istio-sidecar-injector, labels: {istio.io/rev: default}}
webhooks:
- name: namespace.sidecar-injector.istio.io
  clientConfig: {service: {name: istiod, namespace: istio-system, path: /inject}}
  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]
  namespaceSelector: {matchExpressions: [{key: istio-injection, operator: In, values: [enabled]}]}
  objectSelector: {matchExpressions: [{key: sidecar.istio.io/inject, operator: NotIn, values: ["false"]}]}
`;
const apps = (nsLabel: string) => `apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {istio-injection: ${nsLabel}}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop}
spec: {containers: [{name: web, image: nginx}]}
`;

describe('meshsim check', () => {
  writeFileSync(join(dir, 'mwc.yaml'), mwc);
  writeFileSync(join(dir, 'on.yaml'), apps('enabled'));
  writeFileSync(join(dir, 'off.yaml'), apps('disabled'));
  writeFileSync(join(dir, 'bad.yaml'), 'kind: Pod\nmetadata: {name: [\n');

  it('prints the verdict, the check-inject table and istiod steps; exit 0 when injected', () => {
    const r = run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Pod shop/web: INJECTED');
    expect(r.out).toMatch(/WEBHOOK\s+REVISION\s+INJECTED\s+REASON/);
    expect(r.out).toContain('Namespace label istio-injection=enabled matches');
    expect(r.out).toContain('istiod revision default');
  });

  it('renders the injection of a pod istiod takes, and reports the pod rejected when the template fails', () => {
    const injector = (template: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: istio-sidecar-injector, namespace: istio-system}\ndata:\n  values: '{}'\n  config: |\n    policy: enabled\n    templates:\n      sidecar: '${template}'\n`;
    writeFileSync(join(dir, 'broken.yaml'), injector('{{ fail "broken on purpose" }}'));
    const r = run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml'), '-f', join(dir, 'broken.yaml')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Pod shop/web: REJECTED');
    expect(r.out).toContain('broken on purpose');
    writeFileSync(join(dir, 'fine.yaml'), injector('metadata: {labels: {ok: \"yes\"}}'));
    expect(run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml'), '-f', join(dir, 'fine.yaml')]).code).toBe(0);
  });

  it('exits 1 and suggests a verified fix when the pod is not injected', () => {
    const r = run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'off.yaml')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('NOT INJECTED');
    expect(r.out).toContain('$ kubectl label namespace shop istio-injection=enabled --overwrite');
  });

  it('gives the structured result with --json', () => {
    const r = run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'off.yaml'), '--json']);
    const json = JSON.parse(r.out);
    expect(json.workloads[0].verdict).toBe('not-injected');
    expect(json.workloads[0].suggestions[0].edits[0].path).toEqual(['metadata', 'labels', 'istio-injection']);
  });

  it('prints the label truth table with the current row marked', () => {
    const r = run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'off.yaml'), '--truth-table']);
    expect(r.out).toMatch(/→\s+istio-injection=disabled\s+\(none\)\s+-/);
    expect(r.out).toMatch(/istio-injection=enabled\s+\(none\)\s+default \(istio-sidecar-injector\/namespace/);
  });

  it('exits 2 on unreadable or broken input', () => {
    expect(run(['-f', join(dir, 'missing.yaml')]).code).toBe(2);
    expect(run(['-f', join(dir, 'bad.yaml')]).code).toBe(2);
    expect(run([]).code).toBe(2);
  });
});
