import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { generateDump, synthesizeDump } from '../../engine/audit/index.ts';
import { DRIFTED_TAG, PROXY_TAG } from '../../engine/audit/generateDump.ts';
import { runCli } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-audit-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const run = (args: string[]) => runCli(['audit', ...args]);

// A dump whose pods all match what admission would do now: take the generator's pods without drift.
const { list, pods } = synthesizeDump({ pods: 400, seed: 8 });
const dumpText = generateDump({ pods: 400, seed: 8 });
const steady = { ...list, items: list.items.filter((o: any) => o.kind !== 'Pod' || pods.find((p) => p.name === o.metadata.name)!.drift.length === 0) };

describe('meshsim audit', () => {
  it('prints a table and totals, and exits 1 when pods drift', async () => {
    const r = await run(['-f', file('dump.yaml', dumpText)]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toMatch(/^POD +NAMESPACE +WEBHOOKS CALLED +VERDICT +DECIDING RULE +DATA PLANE +DRIFT$/);
    const drifting = pods.filter((p) => p.drift.length).length;
    expect(r.out).toContain(`400 pods: ${pods.filter((p) => p.verdict === 'injected').length} injected`);
    expect(r.out).toContain(`drift: ${drifting} pods`);
    const missing = pods.find((p) => p.drift.includes('missing-sidecar'))!;
    expect(r.out.split('\n').find((l) => l.startsWith(missing.name))).toMatch(/needs restart$/);
  });

  it('prints the pods grouped by what a restart would change, with the namespaces and what decides them', async () => {
    const r = await run(['-f', file('dump.yaml', dumpText)]);
    const groups = r.out.slice(r.out.indexOf('What a restart would change'));
    const imageDrift = pods.filter((p) => p.planted === 'image-drift');
    expect(imageDrift.length).toBeGreaterThan(0);
    expect(groups).toMatch(new RegExp(`\\n +${imageDrift.length} pods  proxy image ${DRIFTED_TAG} → ${PROXY_TAG.default}\\n +${imageDrift[0].namespace} \\(\\d+\\): namespace label istio-injection=enabled, → revision default`));
    expect(groups).toContain('would be rejected: failed to run injection template');
  });

  it('prints what the registered checks found, grouped, with an example pod', async () => {
    const r = await run(['-f', file('dump.yaml', dumpText)]);
    const edited = pods.find((p) => p.planted === 'hand-edited')!;
    const found = r.out.slice(r.out.indexOf('What the checks found'));
    expect(found).toMatch(/^What the checks found \(1\):\n +1 pods  warning: siblings: differs from the other pods of ReplicaSet /);
    expect(found).toContain(`e.g. ${edited.namespace}/${edited.name}: compared with `);
  });

  it('previews a target install: --target-install DIR moves the pods it selects and says which', async () => {
    const target = mkdtempSync(join(tmpdir(), 'meshsim-target-'));
    // The default revision's webhooks now call istiod-canary (the canary took the default's place).
    const moved = structuredClone(list.items.find((o: any) => o.kind === 'MutatingWebhookConfiguration' && o.metadata.name === 'istio-sidecar-injector'));
    for (const w of moved.webhooks) w.clientConfig.service.name = 'istiod-canary';
    writeFileSync(join(target, 'webhooks.yaml'), stringify(moved));
    writeFileSync(join(target, 'README.txt'), 'not yaml, not read');
    const r = await run(['-f', file('dump.yaml', dumpText), '--target-install', target]);
    expect(r.out).toContain(`What a restart would change under ${target}`);
    expect(r.out).toMatch(/pods  would move to revision canary; proxy image 1\.29-dev → 1\.30-dev/);
    expect(r.out).toMatch(/namespace label istio-injection=enabled, → revision canary/);
  });

  it('keeps the admission-only audit with --admission-only', async () => {
    const r = await run(['-f', file('dump.yaml', dumpText), '--admission-only']);
    expect(r.out.split('\n')[0]).toMatch(/DECIDING RULE +DRIFT$/);
    expect(r.out).not.toContain('What a restart would change');
  });

  it('exits 0 when no pod drifts', async () => {
    const r = await run(['-f', file('steady.yaml', stringify(steady, { aliasDuplicateObjects: false }))]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('drift: 0 pods');
  });

  it('prints JSON rows and totals with --json', async () => {
    const r = await run(['-f', file('dump.json', JSON.stringify(list)), '--json']);
    const parsed = JSON.parse(r.out);
    expect(parsed.rows).toHaveLength(400);
    expect(parsed.summary.pods).toBe(400);
    expect(r.code).toBe(1);
  });

  it.each([
    ['a missing file', [join(dir, 'nope.yaml')]],
    ['broken YAML', ['-f', file('broken.yaml', 'kind: List\nitems:\n- kind: Pod\n  metadata: {name: [\n')]],
    ['a file without pods', ['-f', file('empty.yaml', 'kind: List\nitems: []\n')]],
    ['no file at all', []],
  ])('exits 2 on %s', async (_, args) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).not.toBe('');
  });
});

describe('meshsim audit as another release, without an injector ConfigMap', () => {
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } } };
  const running = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop', labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } };
  const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { 'istio-injection': 'enabled' } } };
  const dump = () => file('no-injector.yaml', stringify({ apiVersion: 'v1', kind: 'List', items: [ns, running] }));
  /** The sentence meshsim inject prints for the same release (injection/masterChartNote), without inject's own way to give an install. */
  const injectSays = async (release: string) => {
    const r = await runCli(['inject', '--istio-version', release, '-f', file('web.yaml', stringify(deployment))]);
    const said = /^meshsim: (meshsim's built-in install is Istio master's chart: .*?) For /m.exec(r.err);
    expect(said, r.err).not.toBeNull();
    return said![1];
  };

  it("says the templates and proxy image are master's, in inject's words, then how to give the release's own", async () => {
    const sentence = await injectSays('1.24');
    const r = await run(['-f', dump(), '--istio-version', '1.24']);
    expect(r.err).toContain(`meshsim: ${sentence} For that release's own, give the dump with the revision's istio-sidecar-injector ConfigMap`);
    const json = JSON.parse((await run(['-f', dump(), '--istio-version', '1.24', '-o', 'json'])).out);
    expect(json.releases.map((x: { masterChart?: string }) => x.masterChart)).toEqual([sentence]);
  });

  it('says nothing of it as master, or in an admission-only audit (nothing is rendered)', async () => {
    expect((await run(['-f', dump()])).err).not.toContain("master's chart");
    expect((await run(['-f', dump(), '--istio-version', '1.24', '--admission-only'])).err).not.toContain("master's chart");
  });
});

describe('meshsim audit, an ambient pod', () => {
  // The same pod twice: as check reads it (the workload), and running as the node agent enrolled it
  // in a dump without istio-cni's ConfigMap — both then take Istio's ambient profile.
  const pod = (running: boolean) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'shop', annotations: running ? { 'ambient.istio.io/redirection': 'enabled' } : {} },
    spec: { containers: [{ name: 'web', image: 'nginx' }], ...(running ? { nodeName: 'node-1' } : {}) },
  });
  const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { 'istio.io/dataplane-mode': 'ambient' } } };

  it('shows the in-pod rules that capture its traffic, as many as meshsim check counts for it', async () => {
    const checked = await runCli(['check', '-f', file('ambient-pod.yaml', `${stringify(ns)}---\n${stringify(pod(false))}`)]);
    const counted = /In-pod rules \(istio-cni's node agent, iptables\): (\d+) IPv4 rules/.exec(checked.out);
    expect(counted, checked.out).not.toBeNull();
    const r = await run(['-f', file('ambient-dump.yaml', stringify({ apiVersion: 'v1', kind: 'List', items: [ns, pod(true)] }))]);
    expect(r.code).toBe(0);
    const row = r.out.split('\n').find((l) => l.startsWith('web '));
    expect(row).toMatch(new RegExp(`  ambient, ${counted![1]} in-pod rules  +-$`));
    expect(r.err).toMatch(/no istio-cni-config ConfigMap, but istio-cni's node agent has enrolled pods/);
  });
});
