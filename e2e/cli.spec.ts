import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * The meshsim command as a user's shell runs it: the built bin, real pipes and exit codes. (No
 * browser: these tests use Playwright's runner only.)
 */

const bin = resolve('bin/meshsim.mjs');
const dir = mkdtempSync(join(tmpdir(), 'meshsim-cli-e2e-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Runs a shell line with `meshsim` meaning the repository's bin; returns the exit code and both streams. */
function sh(line: string, input?: string) {
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', line], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, MESHSIM: `node ${bin}` },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const meshsim = (args: string, input?: string) => sh(`$MESHSIM ${args}`, input);

const namespace = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop, labels: {istio-injection: enabled}}\n';
const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx}]}
`;

test('meshsim --help lists every verb, and each verb has its own --help with exit codes', () => {
  const top = meshsim('--help');
  expect(top.code).toBe(0);
  const verbs = [...top.out.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((m) => m[1]);
  expect(verbs).toEqual(expect.arrayContaining(['check', 'inject', 'iptables', 'trace', 'audit', 'conformance']));
  for (const verb of verbs) {
    for (const flag of ['--help', '-h']) {
      const r = meshsim(`${verb} ${flag}`);
      expect(r.code, `${verb} ${flag}`).toBe(0);
      expect(r.out).toContain(`Usage: meshsim ${verb}`);
      expect(r.out).toContain('Exit codes:');
      expect(r.err).toBe('');
    }
  }
  const version = meshsim('--version');
  expect(version.code).toBe(0);
  expect(version.out.trim()).toBe(`meshsim ${JSON.parse(readFileSync('package.json', 'utf8')).version}`);
  const unknown = meshsim('frobnicate');
  expect(unknown.code).toBe(2);
  expect(unknown.err).toContain('unknown verb "frobnicate"');
});

test('-f - reads standard input: inject | iptables -f -', () => {
  const deploy = file('deploy.yaml', deployment);
  const r = sh(`$MESHSIM inject -f ${deploy} | $MESHSIM iptables -f - --view save`);
  // inject simulates master quietly (nothing names a release) and its built-in install writes
  // master's dev tag; iptables reads the release the written pod's images name, as the app reads a
  // pasted injected pod: master too, and says why.
  expect(r.err.trim()).toMatch(/^meshsim: Simulated as Istio master because the image docker\.io\/istio\/proxyv2:1\.\d+-dev of istio-proxy of Deployment shop\/web says "1\.\d+-dev": a development build\.$/);
  expect(r.code).toBe(0);
  expect(r.out).toContain('*nat');
  expect(r.out).toContain('-A ISTIO_OUTPUT');
  const checked = meshsim(`check -f - -f ${file('ns.yaml', namespace)}`, deployment);
  expect(checked.code).toBe(0);
  expect(checked.out).toContain('Deployment shop/web: INJECTED');
});

test('iptables -f on a pod that is not injected says so and exits 1', () => {
  const r = meshsim(`iptables -f ${file('plain.yaml', deployment)}`);
  expect(r.code).toBe(1);
  expect(r.out).toBe('');
  expect(r.err).toMatch(/not injected[\s\S]*inject it first: meshsim inject -f /);
  expect(r.err).toContain('meshsim inject -f');
});

test('a closed pipe ends quietly', () => {
  const many = Array.from({ length: 150 }, (_, i) => deployment.replace('name: web, namespace', `name: web-${i}, namespace`)).join('---\n');
  const big = file('many.yaml', many);
  const r = sh(`$MESHSIM inject -f ${big} | head -n 3; echo "meshsim exit \${PIPESTATUS[0]}" >&2`);
  expect(r.out.split('\n').filter(Boolean)).toHaveLength(3);
  expect(r.err.trim()).toBe('meshsim exit 0');
});

test('a YAML error is reported once, at the file, line and column where it starts, and exits 2', () => {
  const lines = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: web', '  namespace: shop', 'spec:', '  containers:', '  - name: web', '    image: nginx', '    env:'];
  for (let i = 0; i < 3; i++) lines.push(`    - name: V${i}`, `      value: "${i}"`);
  lines.push('    - name: BROKEN', '      value: "never closed', '    - name: AFTER', '      value: "x"', '');
  const quoteLine = lines.findIndex((l) => l.includes('never closed')) + 1;
  const bad = file('bad.yaml', lines.join('\n'));
  const r = meshsim(`check -f ${bad}`);
  expect(r.code).toBe(2);
  const errors = r.err.split('\n').filter((l) => /error/i.test(l));
  expect(errors, r.err).toHaveLength(1);
  // At the quote that is never closed (column 14 of `      value: "never closed`), in plain words.
  const quoteColumn = lines[quoteLine - 1].indexOf('"') + 1;
  expect(errors[0]).toBe(`${bad}:${quoteLine}:${quoteColumn}: error: This "double-quoted" value is never closed: the " that ends it is missing`);
  expect(r.err).not.toMatch(/at .*\.(m?js|ts):\d+/); // no stack trace
});

test('formats: -o json|yaml where they make sense, and a clear message for one that is not', () => {
  const deploy = file('deploy2.yaml', deployment);
  const ns = file('ns2.yaml', namespace);
  expect(JSON.parse(meshsim(`check -f ${deploy} -f ${ns} -o json`).out).workloads[0].verdict).toBe('injected');
  expect(meshsim(`check -f ${deploy} -f ${ns} -o yaml`).out).toMatch(/^workloads:/m);
  const bad = meshsim(`check -f ${deploy} -o xml`);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain('unknown output format "xml": use one of text, wide, json, yaml');
  expect(bad.err.split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);
});

test('check without webhooks uses the default install, saying so; --no-suggestions says nothing about suggestions', () => {
  const pod = file('pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: shop}\nspec: {containers: [{name: a, image: x}]}\n');
  const ns = file('ns3.yaml', namespace.replace('enabled', 'disabled'));
  const r = meshsim(`check -f ${pod} -f ${ns}`);
  expect(r.code).toBe(1);
  expect(r.err).toContain('No MutatingWebhookConfiguration in the input: using the webhooks of a default Istio install');
  expect(r.out).toContain('NOT INJECTED');
  expect(r.out).toMatch(/To get it injected|No change of up to three/);
  const quiet = meshsim(`check -f ${pod} -f ${ns} --no-suggestions`);
  expect(quiet.code).toBe(1);
  expect(quiet.out).not.toMatch(/suggest|No change of up to three|To get it injected/i);
});
