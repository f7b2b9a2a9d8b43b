import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-inject-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const run = (args: string[]) => runCli(['inject', ...args]);

const POD = `apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop}
spec:
  containers: [{name: web, image: example/web:1}]
`;

describe('meshsim inject', () => {
  it('injects with the built-in install, istio-proxy a native sidecar as in the app', async () => {
    const r = await run(['-f', file('pod.yaml', POD)]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^apiVersion: v1\nkind: Pod\n/);
    // The built-in install is master's chart, tag included: its pods name the release that wrote them.
    expect(r.out).toMatch(/image: docker\.io\/istio\/proxyv2:1\.\d+-dev$/m);
    expect(r.out).not.toContain('"containers":["istio-proxy"]');
    expect(r.out).toMatch(/"initContainers":\[[^\]]*"istio-proxy"/);
    expect(r.out.trimEnd().endsWith('---')).toBe(true);
  });

  it('puts the proxy in containers with --native-sidecars=false, as istioctl kube-inject does offline', async () => {
    const r = await run(['-f', file('pod.yaml', POD), '--native-sidecars=false']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"containers":["istio-proxy"]');
    const bad = await run(['-f', file('pod.yaml', POD), '--native-sidecars=maybe']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--native-sidecars takes true or false, not "maybe"');
  });

  it('reads standard input for -f -, and reports a YAML error at its file and line', async () => {
    const piped = await runCli(['inject', '-f', '-'], { stdin: POD });
    expect(piped.code).toBe(0);
    expect(piped.out).toContain('name: istio-proxy');
    const broken = await run(['-f', file('ok.yaml', POD), '-f', file('broken.yaml', 'kind: Pod\nmetadata:\n  name: [\n')]);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/broken\.yaml:\d+:\d+: error: /);
    expect(broken.err).not.toMatch(/ok\.yaml/);
  });

  it('passes other documents through and warns on stderr about skipped pods', async () => {
    const hostNet = POD.replace('spec:\n', 'spec:\n  hostNetwork: true\n');
    const r = await run(['-f', file('svc.yaml', 'kind: Service\napiVersion: v1\nmetadata: {name: s}\n'), '-f', file('host.yaml', hostNet)]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('kind: Service\napiVersion: v1\nmetadata: {name: s}\n---');
    expect(r.err).toContain('===> Skipping injection because Pod "shop/web" has host networking enabled');
  });

  it('takes an injector config file the way istioctl does (bare template = sidecar) and values', async () => {
    const template = file('tmpl.yaml', 'spec:\n  containers:\n  - name: istio-proxy\n    image: "proxy:{{ .Values.global.suffix }}"\n');
    const values = file('values.yaml', 'global: {suffix: test}\n');
    const r = await run(['-f', file('pod2.yaml', POD), '--injector-config', template, '--values', values]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('image: proxy:test');
  });

  it('shows the webhook view as JSON patches', async () => {
    const r = await run(['-f', file('pod3.yaml', POD), '-o', 'patch']);
    const [pod] = JSON.parse(r.out);
    expect(pod.name).toBe('web');
    expect(pod.patch.some((op: { path: string }) => op.path.startsWith('/spec/initContainers'))).toBe(true);
  });

  it('exits 1 with istiod\'s message when injection fails, 2 on bad usage', async () => {
    const bad = POD.replace('metadata: {', 'metadata: {annotations: {sidecar.istio.io/interceptionMode: BAD}, ');
    const r = await run(['-f', file('bad.yaml', bad)]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("invalid value 'BAD' for annotation 'sidecar.istio.io/interceptionMode'");
    expect((await run([])).code).toBe(2);
  });

  it('warns on standard error that a Job with istio-proxy as an ordinary container never completes', async () => {
    const job = file('job.yaml', 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: nightly, namespace: shop}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: j, image: x}]\n');
    const off = await run(['-f', job, '--native-sidecars=false']);
    expect(off.code).toBe(0);
    expect(off.err).toMatch(/^warning: Job shop\/nightly: This Job will never complete while istio-proxy runs/m);
    expect((await run(['-f', job])).err).not.toContain('never complete');
  });
});

describe('a YAML error in a flag\'s file', () => {
  it('is said in plain words at file:line:column, as check says it', async () => {
    const values = file('values.yaml', 'global:\n  proxy: [a, b\n');
    const r = await run(['-f', file('pod2.yaml', POD), '--values', values]);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/values\.yaml:2:10: error: This \[ is never closed/);
    expect(r.err).not.toContain('--help');
  });
});

describe('a kind kube-inject does not know (a Knative Service)', () => {
  it('is written unchanged, as istioctl does, with a note on standard error; -o json has the pod the webhook injects', async () => {
    const ksvc = file('ksvc.yaml', 'apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata: {name: hello, namespace: shop}\nspec:\n  template:\n    spec:\n      containers: [{image: x}]\n');
    const r = await run(['-f', ksvc]);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('istio-proxy');
    expect(r.err).toContain('note: Service shop/hello is written unchanged, as istioctl kube-inject leaves a kind it does not know');
    expect((await run(['-f', ksvc, '-o', 'json'])).out).toContain('"name": "istio-proxy"');
    expect((await run(['-f', file('pod3.yaml', POD)])).err).not.toContain('written unchanged');
  });
});
