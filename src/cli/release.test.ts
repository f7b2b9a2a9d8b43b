import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateDump } from '../engine/audit/index.ts';
import { analyzeScenario } from '../engine/scenario/index.ts';
import { runCli } from './verbs/captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-release-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const POD = 'apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: shop}\nspec:\n  containers: [{name: web, image: example/web:1}]\n';
const NAMESPACE = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio-injection: enabled}\n';

describe('--istio-version', () => {
  it('inject writes what that release\'s istioctl writes', async () => {
    const old = await runCli(['inject', '-f', file('pod.yaml', POD), '--istio-version', '1.27.3']);
    expect(old.code).toBe(0);
    expect(old.out).toMatch(/^ {2}creationTimestamp: null$/m);
    const now = await runCli(['inject', '-f', file('pod.yaml', POD)]);
    expect(now.out).not.toContain('creationTimestamp');
  });

  it('inject and check say that the built-in install is master\'s chart when another release is asked for', async () => {
    const asked = await runCli(['inject', '-f', file('pod.yaml', POD), '--istio-version', '1.24']);
    expect(asked.code).toBe(0);
    const tag = /image: docker\.io\/istio\/proxyv2:(\S+)/.exec(asked.out)?.[1];
    expect(tag).toMatch(/-dev$/);
    expect(asked.err).toContain(
      `meshsim: meshsim's built-in install is Istio master's chart: Istio 1.24 (latest patch)'s istiod is simulated, but the templates it renders and the proxy image they write (docker.io/istio/proxyv2:${tag}) are master's, not 1.24's. For 1.24's own, give your cluster's istio-sidecar-injector ConfigMap with --injector-config FILE.`,
    );
    // Master, or the user's own install, has nothing to explain.
    expect((await runCli(['inject', '-f', file('pod.yaml', POD)])).err).not.toContain("master's chart");
    const check = await runCli(['check', '-f', file('pod.yaml', POD), '-f', file('ns.yaml', NAMESPACE), '--istio-version', '1.24']);
    expect(check.err).toContain("note: meshsim's built-in install is Istio master's chart: Istio 1.24 (latest patch)'s istiod is simulated");
    // The app's Patched pod panel reads the same sentence from the scenario result.
    const app = analyzeScenario({ texts: { workloads: POD, namespaces: NAMESPACE, webhooks: DEFAULT_WEBHOOKS }, cluster: { istioRelease: '1.24' } });
    expect(app.injection?.install.masterChart).toMatch(/^meshsim's built-in install is Istio master's chart/);
    expect(asked.err).toContain(app.injection!.install.masterChart);
    const master = analyzeScenario({ texts: { workloads: POD, namespaces: NAMESPACE, webhooks: DEFAULT_WEBHOOKS } });
    expect(master.injection?.install.masterChart).toBeUndefined();
  });

  it('refuses a release it does not simulate, in words', async () => {
    const r = await runCli(['inject', '-f', file('pod.yaml', POD), '--istio-version', '1.21']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--istio-version: Istio 1\.21 is older than 1\.22\.0/);
  });

  it('iptables writes that release\'s rules', async () => {
    const r = await runCli(['iptables', '--istio-version', '1.24', '--', '-p', '15001', '-z', '15006', '-u', '1337', '-i', '*', '-b', '*']);
    expect(r.out).toContain('-A OUTPUT -p tcp -j ISTIO_OUTPUT\n');
  });

  it('check names the release each istiod runs', async () => {
    const r = await runCli(['check', '-f', file('pod.yaml', POD), '-f', file('ns.yaml', NAMESPACE), '--istio-version', '1.23.2']);
    expect(r.out).toContain('istiod revision default (Istio 1.23.2)');
  });

  it('audit says which release each revision was audited as', async () => {
    const dump = file('dump.yaml', generateDump({ pods: 20, seed: 1 }));
    const r = await runCli(['audit', '-f', dump, '--istio-version', '1.26']);
    expect(r.out).toMatch(/^Audited as:$/m);
    expect(r.out).toMatch(/^ {2}revision default Istio 1\.26 \(latest patch\) because it was chosen \(the Istio setting, --istio-version\)/m);
    expect(r.out).toMatch(/^ {2}any other revision Istio 1\.26 \(latest patch\) because it was chosen \(the Istio setting, --istio-version\)$/m);
    // Without the flag each revision says what decided, as the app's release note does.
    const read = await runCli(['audit', '-f', dump]);
    expect(read.out).toMatch(/^ {2}revision default Istio master because the meshsim\.dev\/install label of istio-sidecar-injector .* says "master"/m);
    expect(read.out).toMatch(/^ {2}any other revision Istio master because the dump has no istio-sidecar-injector ConfigMap for it/m);
    expect(readFileSync(dump, 'utf8').length).toBeGreaterThan(0);
  });
});

describe('meshsim releases', () => {
  it('lists the releases meshsim simulates', async () => {
    const r = await runCli(['releases']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1.22 1.23 1.24 1.25 1.26 1.27 1.28 1.29 1.30 master');
  });

  it('says what an upgrade changes, release by release, from a release given or read from the install', async () => {
    const r = await runCli(['releases', '--from', '1.24', '--to', '1.28']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => /^ {2}\S/.test(l))).toEqual(['  1.25 (latest patch):', '  1.26 (latest patch):', '  1.27 (latest patch):', '  1.28 (latest patch):']);
    expect(r.out).toMatch(/^ {4}- kube-inject omits a zero creationTimestamp/m);
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: istio-sidecar-injector, namespace: istio-system}\ndata:\n  values: \'{"global": {"tag": "1.27.1"}}\'\n  config: "policy: enabled"\n';
    const fromFile = await runCli(['releases', '-f', file('injector.yaml', cm), '--to', '1.27.6', '-o', 'json']);
    const plans = JSON.parse(fromFile.out);
    expect(plans).toMatchObject([{ revision: 'default', from: '1.27.1', to: '1.27.6', steps: [{ label: '1.27.6' }] }]);
  });

  it('prints the same plan as YAML with -o yaml, and refuses a format it does not have', async () => {
    const json = JSON.parse((await runCli(['releases', '--from', '1.26', '-o', 'json'])).out);
    const yaml = await runCli(['releases', '--from', '1.26', '-o', 'yaml']);
    expect(yaml.code).toBe(0);
    expect(parse(yaml.out)).toEqual(json);
    expect(parse((await runCli(['releases', '-o', 'yaml'])).out)).toEqual({ releases: expect.arrayContaining(['1.22', 'master']) });
    expect(JSON.parse((await runCli(['releases', '--from', '1.26', '--json'])).out)).toEqual(json);
    const wrong = await runCli(['releases', '-o', 'wide']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/unknown output format "wide": use one of text, json, yaml/);
  });

  it('refuses what it cannot answer, in words', async () => {
    expect((await runCli(['releases', '--from', '1.9'])).err).toMatch(/--from: Istio 1\.9 is older than 1\.22\.0/);
    const none = await runCli(['releases', '-f', file('pod.yaml', POD)]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no istio-sidecar-injector ConfigMap or Istio image/);
  });
});

const DEFAULT_WEBHOOKS = readFileSync(fileURLToPath(new URL('../examples/default/webhooks.yaml', import.meta.url)), 'utf8');

describe('one rule for the app and every verb: the setting, else the paste, else master', () => {
  // A pod injected by Istio 1.24.0 (its istio-proxy image says so), in a namespace istiod injects.
  const injected = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
  annotations: {sidecar.istio.io/status: '{"initContainers":["istio-init"],"containers":["istio-proxy"],"revision":"default"}'}
spec:
  initContainers:
  - {name: istio-init, image: docker.io/istio/proxyv2:1.24.0, args: [istio-iptables, -p, "15001", -z, "15006", -u, "1337", -m, REDIRECT, -i, "*", -b, "*"]}
  containers:
  - {name: web, image: example/web:1}
  - {name: istio-proxy, image: docker.io/istio/proxyv2:1.24.0}
`;
  const cases: { name: string; pod: string; flag?: string; want: RegExp }[] = [
    { name: 'an injected pod names its release', pod: injected, want: /^Simulated as Istio 1\.24\.0 because the image docker\.io\/istio\/proxyv2:1\.24\.0 of istio-proxy of Pod shop\/web says 1\.24\.0\.$/ },
    { name: 'the setting wins over the pod', pod: injected, flag: '1.27', want: /^Simulated as Istio 1\.27 \(latest patch\) because it was chosen .*, over the paste, which looks like Istio 1\.24\.0: the image .* says 1\.24\.0\.$/ },
    { name: 'nothing tells: master', pod: POD, want: /^Simulated as Istio master because no istio-sidecar-injector ConfigMap and no Istio image tag in the input names a release\.$/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      // The app, on the same objects and the default install's webhooks (as check uses without any).
      const app = analyzeScenario({ texts: { workloads: c.pod, namespaces: NAMESPACE, webhooks: DEFAULT_WEBHOOKS }, cluster: c.flag ? { istioRelease: c.flag } : {} });
      expect(app.injection?.release).toBeDefined();
      const reason = app.release!.revisions.default?.reason ?? app.release!.otherwise.reason;
      expect(reason).toMatch(c.want);
      const flag = c.flag ? ['--istio-version', c.flag] : [];
      const pod = file('rule-pod.yaml', c.pod);
      const ns = file('rule-ns.yaml', NAMESPACE);
      const check = await runCli(['check', '-f', pod, '-f', ns, ...flag]);
      expect(check.err.split('\n')).toContain(`note: ${reason}`);
      const inject = await runCli(['inject', '-f', pod, ...flag]);
      const iptables = await runCli(['iptables', '-f', pod, ...flag]);
      // Master because nothing tells is every verb's quiet default; any other reason is said.
      for (const r of [inject, iptables]) expect(r.err.includes(`meshsim: ${reason}`)).toBe(!/Istio master because no/.test(reason!));
      // The same release's rules: iptables on the pod as the app injects it prints what the app's Traffic tab shows.
      const podAsInjected = file('rule-injected.yaml', (await runCli(['inject', '-f', pod, ...flag])).out);
      const rules = await runCli(['iptables', '-f', podAsInjected, ...flag]);
      expect(app.traffic?.capture.payload.v4).toBeTruthy();
      expect(rules.out).toContain(app.traffic!.capture.payload.v4);
    });
  }
});
