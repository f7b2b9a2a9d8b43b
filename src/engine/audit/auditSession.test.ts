import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../scenario/analyzeScenario.ts';
import { auditDump, openAudit, shardRange } from './auditSession.ts';
import { DRIFTED_TAG, generateDump, HAND_EDITED_CPU, PROXY_TAG, synthesizeDump } from './generateDump.ts';
import { summarizeAudit } from './summarize.ts';

const PODS = 400;
const text = generateDump({ pods: PODS, seed: 11 });
const meant = synthesizeDump({ pods: PODS, seed: 11 }).pods;

describe('auditDump on a generated dump', () => {
  const { rows, overview } = auditDump(text, { input: 'dump.yaml' });

  it('reads every object without a diagnostic', () => {
    expect(overview).toMatchObject({ pods: PODS, totalPods: PODS, webhookConfigurations: 4, injectorConfigMaps: 3, diagnostics: [] });
  });

  it('finds the verdict, injecting revision and drift the generator meant for every pod', () => {
    const seen = rows.map((r) => ({ name: r.name, namespace: r.namespace, verdict: r.verdict, drift: [...r.drift].sort(), injectedBy: r.injectedBy }));
    expect(seen).toEqual(meant.map((m) => ({ name: m.name, namespace: m.namespace, verdict: m.verdict, drift: [...m.drift].sort(), injectedBy: m.injectedBy })));
  });

  it('renders every pod: finds the planted image drift, the pods istiod would now reject, and the hand-edited pod', () => {
    const planted = (kind: string) => rows.filter((_, i) => meant[i].planted === kind);
    expect(planted('image-drift').length).toBeGreaterThan(0);
    for (const r of planted('image-drift')) expect(r.change).toBe(`proxy image ${DRIFTED_TAG} → ${PROXY_TAG.default}`);
    expect(planted('rendered-rejected').length).toBeGreaterThan(0);
    for (const r of planted('rendered-rejected')) {
      expect(r).toMatchObject({ verdict: 'rejected', drift: ['would-be-rejected'], render: { outcome: 'rejected', revision: 'default' } });
      expect(r.change).toMatch(/^would be rejected: .*index of untyped nil/);
    }
    const [edited] = planted('hand-edited');
    expect(edited.changes.some((c) => c.kind === 'resources' && c.headline.includes(`requests.cpu 100m → ${HAND_EDITED_CPU}`))).toBe(true);
    expect(edited.checks.siblings?.[0].headline).toMatch(/^differs from the other pods of ReplicaSet /);
    // Its siblings share one render and have nothing to change.
    const siblings = rows.filter((r) => r.owner === edited.owner && r !== edited);
    expect(siblings.length).toBeGreaterThan(0);
    expect(new Set(siblings.map((r) => r.group)).size).toBe(1);
    expect(siblings.every((r) => r.changes.length === 0 && r.group !== edited.group)).toBe(true);
  });

  it('says how each pod would be captured and which install rendered it', () => {
    const injected = rows.find((r) => r.verdict === 'injected' && r.injectedBy[0] === 'canary')!;
    expect(injected.render).toMatchObject({ revision: 'canary', install: 'istio-system/istio-sidecar-injector-canary', outcome: 'injected', release: 'master' });
    expect(injected.capture).toMatchObject({ dataPlane: 'sidecar', by: 'istio-init', mode: 'REDIRECT' });
    expect(injected.capture!.rules).toBeGreaterThan(5);
    expect(rows.find((r) => r.verdict === 'not-injected')!.capture).toMatchObject({ dataPlane: 'none', rules: 0 });
  });

  it('renders the pods of one pod template, namespace and revision once', () => {
    const groups = new Set(rows.map((r) => r.group));
    const owners = new Set(rows.map((r) => `${r.namespace}/${r.owner}`));
    // One group per ReplicaSet, one more for the hand-edited pod.
    expect(groups.size).toBe(owners.size + 1);
  });

  it('keeps the admission-only audit of before, pod by pod', () => {
    const old = auditDump(text, { fidelity: 'admission' }).rows;
    expect(old.every((r) => r.fidelity === 'admission' && r.changes.length === 0 && !r.render)).toBe(true);
    // Admission alone cannot see a render fail: the rejected pods look injected to it.
    const rejected = rows.filter((r) => r.verdict === 'rejected').map((r) => r.index);
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((i) => old[i].verdict === 'injected')).toBe(true);
  });

  it('covers every kind of drift and names the webhooks called', () => {
    const summary = summarizeAudit(rows);
    expect(summary.drift['missing-sidecar']).toBeGreaterThan(0);
    expect(summary.drift['unwanted-sidecar']).toBeGreaterThan(0);
    expect(summary.drift['old-revision']).toBeGreaterThan(0);
    expect(summary.drift['would-be-rejected']).toBeGreaterThan(0);
    expect(summary.drift['sidecar-changes']).toBeGreaterThan(0);
    expect(summary.changes[`proxy image ${DRIFTED_TAG} → ${PROXY_TAG.default}`]).toBe(rows.filter((_, i) => meant[i].planted === 'image-drift').length);
    const canary = rows.find((r) => r.verdict === 'injected' && r.injectedBy[0] === 'canary')!;
    expect(canary.webhooks).toContain('istio-sidecar-injector-canary/rev.namespace.sidecar-injector.istio.io');
    expect(canary.decidingStep).toMatch(/^istiod:canary:/);
    expect(canary.decidingRule).toBe('istiod canary: policy');
    const system = rows.find((r) => r.namespace === 'kube-system')!;
    expect(system).toMatchObject({ verdict: 'not-injected', decidingStep: 'apiserver:none', decidingRule: 'no injection webhook called', webhooks: [] });
    expect(canary.owner).toMatch(/^ReplicaSet\//);
  });

  it('gives the same rows when the pods are split between shards', () => {
    const shards = [0, 1, 2].map((shard) => auditDump(text, { shard, shards: 3 }).rows);
    // A pod-scoped check compares a pod with the siblings its own worker saw first, so only the checks may differ at a shard's edge.
    const withoutChecks = (list: typeof rows) => list.map(({ checks: _c, ...r }) => r);
    expect(withoutChecks(shards.flat())).toEqual(withoutChecks(rows));
    expect(shards.map((s) => s.length)).toEqual([133, 133, 134]);
  });
});

describe('openAudit', () => {
  it('audits a chunk at a time', () => {
    const session = openAudit(text);
    expect(session.next(100)).toHaveLength(100);
    expect(session.done()).toBe(100);
    expect(session.next(1000)).toHaveLength(PODS - 100);
    expect(session.next(100)).toEqual([]);
  });

  it('opens one pod as a scenario: the pod, its namespace, every webhook configuration and the ConfigMaps', () => {
    const session = openAudit(text);
    const texts = session.podScenario(3)!;
    const pod = parse(texts.workloads!);
    expect(pod.metadata.name).toBe(meant[3].name);
    expect(pod.status).toBeUndefined();
    expect(parse(texts.namespaces!).metadata.name).toBe(meant[3].namespace);
    expect(texts.webhooks!.match(/kind: MutatingWebhookConfiguration/g)).toHaveLength(4);
    expect(texts.injector!.match(/name: istio-sidecar-injector/g)).toHaveLength(3);
    expect(parse(texts.mesh!).metadata.name).toBe('istio');
    expect(session.podScenario(PODS)).toBeUndefined();
  });

  it('opens a pod as a scenario the Admission panel judges as the audit did, for every kind of pod', () => {
    const session = openAudit(text);
    const { rows } = auditDump(text);
    const kinds = new Map<string, number>();
    rows.forEach((r) => kinds.set(`${r.verdict}:${r.drift.join(',')}:${r.injectedBy.join(',')}`, r.index));
    expect(kinds.size).toBeGreaterThanOrEqual(6);
    for (const index of kinds.values()) {
      const result = analyzeScenario({ texts: session.podScenario(index)! });
      const admitted = result.admission.workloads[0];
      expect({ verdict: admitted.verdict, decidingStep: admitted.decidingStep, injectedBy: admitted.injectedBy }).toEqual({
        verdict: rows[index].verdict,
        decidingStep: rows[index].decidingStep,
        injectedBy: rows[index].injectedBy,
      });
      // Only a pod istiod would fail to render has an error: the render's, which the panel shows too.
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (rows[index].verdict === 'rejected') expect(errors.map((d) => d.message)).toEqual([expect.stringContaining(rows[index].render!.error!.split(': ').at(-1)!)]);
      else expect(errors).toEqual([]);
    }
  });

  it('reads the same dump as JSON, and as several YAML documents', () => {
    const list = synthesizeDump({ pods: 30, seed: 3 }).list;
    const expected = auditDump(stringify(list, { aliasDuplicateObjects: false })).rows;
    expect(auditDump(JSON.stringify(list)).rows).toEqual(expected);
    const docs = list.items.map((o: unknown) => stringify(o, { aliasDuplicateObjects: false })).join('---\n');
    expect(auditDump(docs).rows).toEqual(expected);
  });

  it('reports a broken pod at its line and audits the others', () => {
    const broken = text.replace(/\n  kind: Pod\n  metadata:\n/, '\n  kind: Pod\n  metadata: [oops\n');
    const { rows, overview } = auditDump(broken, { input: 'dump.yaml' });
    expect(rows).toHaveLength(PODS - 1);
    expect(overview.diagnostics[0]).toMatchObject({ severity: 'error', origin: 'yaml', source: { input: 'dump.yaml' } });
    const line = overview.diagnostics[0].source!.line;
    expect(broken.split('\n').slice(line - 3, line + 3).join('\n')).toContain('[oops');
  });

  it.each([
    ['empty text', ''],
    ['not YAML', '{{{: ]'],
    ['a scalar', 'hello'],
    ['a List of scalars', 'kind: List\nitems:\n- 1\n- Pod\n'],
    ['a pod without metadata', 'kind: List\nitems:\n- kind: Pod\n'],
  ])('never throws on %s', (_, input) => {
    expect(() => auditDump(input)).not.toThrow();
  });
});

describe('shardRange', () => {
  it.each([
    [10, 0, 2, [0, 5]],
    [10, 1, 2, [5, 10]],
    [3, 2, 2, [1, 3]],
    [0, 0, 1, [0, 0]],
  ])('%i pods, shard %i of %i', (total, shard, shards, range) => {
    expect(shardRange(total, shard, shards)).toEqual(range);
  });
});
