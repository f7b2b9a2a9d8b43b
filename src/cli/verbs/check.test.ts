import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runCli(['check', ...args]);

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

  it('prints the verdict, the check-inject table and istiod steps; exit 0 when injected', async () => {
    const r = await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Pod shop/web: INJECTED');
    expect(r.out).toMatch(/WEBHOOK\s+REVISION\s+INJECTED\s+REASON/);
    expect(r.out).toContain('Namespace label istio-injection=enabled matches');
    expect(r.out).toContain('istiod revision default');
  });

  it('renders the injection of a pod istiod takes, and reports the pod rejected when the template fails', async () => {
    const injector = (template: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: istio-sidecar-injector, namespace: istio-system}\ndata:\n  values: '{}'\n  config: |\n    policy: enabled\n    templates:\n      sidecar: '${template}'\n`;
    writeFileSync(join(dir, 'broken.yaml'), injector('{{ fail "broken on purpose" }}'));
    const r = await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml'), '-f', join(dir, 'broken.yaml')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Pod shop/web: REJECTED');
    expect(r.out).toContain('broken on purpose');
    writeFileSync(join(dir, 'fine.yaml'), injector('metadata: {labels: {ok: \"yes\"}}'));
    expect((await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml'), '-f', join(dir, 'fine.yaml')])).code).toBe(0);
  });

  it('exits 1 and suggests a verified fix when the pod is not injected', async () => {
    const r = await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'off.yaml')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('NOT INJECTED');
    expect(r.out).toContain('$ kubectl label namespace shop istio-injection=enabled --overwrite');
  });

  it('gives the structured result with --json', async () => {
    const r = await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'off.yaml'), '--json']);
    const json = JSON.parse(r.out);
    expect(json.workloads[0].verdict).toBe('not-injected');
    expect(json.workloads[0].suggestions[0].edits[0].path).toEqual(['metadata', 'labels', 'istio-injection']);
  });

  it('prints the label truth table with the current row marked', async () => {
    const r = await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'off.yaml'), '--truth-table']);
    expect(r.out).toMatch(/→\s+istio-injection=disabled\s+\(none\)\s+-/);
    expect(r.out).toMatch(/istio-injection=enabled\s+\(none\)\s+default \(istio-sidecar-injector\/namespace/);
  });

  it('exits 2 on unreadable or broken input', async () => {
    expect((await run(['-f', join(dir, 'missing.yaml')])).code).toBe(2);
    expect((await run(['-f', join(dir, 'bad.yaml')])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });
});

describe('meshsim check, as the app', () => {
  const pod = 'apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: shop}\nspec: {containers: [{name: a, image: x}]}\n';
  const ns = (label: string) => `---\napiVersion: v1\nkind: Namespace\nmetadata: {name: shop, labels: {istio-injection: ${label}}}\n`;

  it('reads standard input, and without webhooks uses the default install, saying so', async () => {
    const r = await runCli(['check', '-f', '-'], { stdin: pod + ns('enabled') });
    expect(r.code).toBe(0);
    expect(r.out).toContain('Pod shop/p: INJECTED');
    expect(r.err).toContain('note: No MutatingWebhookConfiguration in the input: using the webhooks of a default Istio install');
    expect(r.err).toContain("note: No istio-sidecar-injector or istio ConfigMap in the input: pods are injected with meshsim's built-in default install");
  });

  it('does not replace a webhook configuration the API server would refuse with the default install', async () => {
    const refused = '---\napiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata: {name: istio-sidecar-injector}\nwebhooks:\n- name: {a: 1}\n  clientConfig: {service: {name: istiod, namespace: istio-system}}\n';
    const r = await runCli(['check', '-f', '-'], { stdin: pod + ns('enabled') + refused });
    expect(r.code).toBe(1);
    expect(r.err).toContain('webhooks[0].name: {a: 1}: json: cannot unmarshal object into Go struct field MutatingWebhook.webhooks.name of type string');
    expect(r.err).not.toContain('using the webhooks of a default Istio install');
    expect(r.out).toContain('Pod shop/p: NOT INJECTED');
  });

  it('says in text every note the JSON has, once: what the input holds that the simulation does not use', async () => {
    const extra = '---\napiVersion: v1\nkind: Service\nmetadata: {name: p, namespace: shop}\nspec: {ports: [{port: 80}]}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-config, namespace: shop}\ndata: {a: b}\n';
    const json = JSON.parse((await runCli(['check', '-f', '-', '-o', 'json'], { stdin: pod + ns('enabled') + extra })).out);
    const notes: string[] = json.diagnostics.map((d: { message: string }) => d.message);
    expect(notes).toEqual(expect.arrayContaining([expect.stringMatching(/^kind Service is not used/), expect.stringMatching(/^ConfigMap app-config is not used/)]));
    const text = await runCli(['check', '-f', '-'], { stdin: pod + ns('enabled') + extra });
    for (const n of notes) expect(text.err.split('\n').filter((l) => l.endsWith(`info: ${n}`))).toHaveLength(1);
    expect(text.err).toMatch(/^stdin:\d+:\d+: info: kind Service is not used by the simulation$/m);
  });

  it('says nothing about suggestions with --no-suggestions', async () => {
    const searched = await runCli(['check', '-f', '-'], { stdin: pod + ns('disabled') });
    expect(searched.out).toContain('To get it injected (each verified):');
    const quiet = await runCli(['check', '-f', '-', '--no-suggestions'], { stdin: pod + ns('disabled') });
    expect(quiet.code).toBe(1);
    expect(quiet.out).not.toMatch(/suggest|turns the verdict around|To get it injected/i);
  });

  it('takes the app settings as flags, defaulting to native sidecars', async () => {
    const text = pod + ns('enabled');
    const json = async (...flags: string[]) => JSON.parse((await runCli(['check', '-f', '-', '-o', 'json', ...flags], { stdin: text })).out);
    expect((await json()).workloads[0].verdict).toBe('injected');
    expect((await runCli(['check', '-f', '-', '--cni=sometimes'], { stdin: text })).err).toContain('--cni takes true or false');
  });

  it('warns that a Job injected without native sidecars never completes, as the app does', async () => {
    const job = 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: nightly, namespace: shop}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: j, image: x}]\n';
    const off = await runCli(['check', '-f', '-', '--native-sidecars=false'], { stdin: job + ns('enabled') });
    expect(off.code).toBe(0);
    expect(off.out).toMatch(/^ {2}stdin:1:1: warning: This Job will never complete while istio-proxy runs/m);
    const on = await runCli(['check', '-f', '-'], { stdin: job + ns('enabled') });
    expect(on.out).not.toContain('never complete');
  });

  it('lines the settings up with the other options in --help, within 100 columns', async () => {
    const help = (await runCli(['check', '--help'])).out;
    const lines = help.split('\n');
    expect(lines.filter((l) => l.length > 100)).toEqual([]);
    const column = lines.find((l) => l.startsWith('  -o, --output'))!.indexOf('text');
    expect(lines.find((l) => l.includes('--cni=true|false'))!.indexOf('With')).toBe(column);
  });
});

describe('meshsim check on what the install and the pod hold', () => {
  const injector = (values: string) => `apiVersion: v1
kind: ConfigMap
metadata: {name: istio-sidecar-injector, namespace: istio-system}
data:
  config: |
    policy: enabled
    templates:
      sidecar: |
        spec: {}
  values: |-
${values.split('\n').map((l) => `    ${l}`).join('\n')}
`;

  it('says where the values JSON breaks, in the text and in -o json', async () => {
    const file = join(dir, 'values.yaml');
    const text = injector('{\n  "global": {\n    "hub": "x",,\n    "tag": "1"\n  }\n}');
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.includes(',,')) + 1;
    const column = text.split('\n')[line - 1].indexOf(',,') + 2;
    const r = await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml'), '-f', file]);
    expect(r.err).toContain(`${file}:${line}:${column}: error: ConfigMap istio-sidecar-injector data.values: `);
    const json = await run(['-f', join(dir, 'mwc.yaml'), '-f', join(dir, 'on.yaml'), '-f', file, '-o', 'json']);
    const said = JSON.parse(json.out).diagnostics.filter((d: any) => d.source?.input === file);
    expect(said.map((d: any) => [d.severity, d.source.line, d.source.column])).toEqual([['error', line, column]]);
  });

  it('points at the value Kubernetes cannot read (.inf), once', async () => {
    const file = join(dir, 'inf.yaml');
    writeFileSync(file, apps('enabled').replace('image: nginx}', 'image: nginx, readinessProbe: {httpGet: {port: .inf}}}'));
    const r = await run(['-f', join(dir, 'mwc.yaml'), '-f', file]);
    const lines = r.err.split('\n').filter((l) => /error/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:8:\\d+: error: .*\\.inf`));
    const column = Number(/:8:(\d+):/.exec(lines[0])![1]);
    expect(readFileSync(file, 'utf8').split('\n')[7].slice(column - 1)).toMatch(/^\.inf/);
  });
});

describe('meshsim check, fields the API server drops', () => {
  it('warns at the field\'s line, once, and the verdict stands', async () => {
    const pod = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop, labels: {istio-injection: enabled}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: shop}\nspec:\n  containers:\n  - name: web\n    image: nginx\n    imagee: nginx\n';
    const path = join(dir, 'unknown-field.yaml');
    writeFileSync(path, pod);
    const r = await run(['-f', path]);
    expect(r.code).toBe(0);
    const lines = r.err.split('\n').filter((l) => l.includes('unknown field'));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:12:\\d+: warning: Pod web: unknown field "spec\\.containers\\[0\\]\\.imagee" \\(did you mean image\\?\\)`))]);
  });
});
