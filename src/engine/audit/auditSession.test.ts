import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../scenario/analyzeScenario.ts';
import { auditDump, openAudit, shardRange } from './auditSession.ts';
import { generateDump, synthesizeDump } from './generateDump.ts';
import { summarizeAudit } from './summarize.ts';

const PODS = 240;
const text = generateDump({ pods: PODS, seed: 11 });
const meant = synthesizeDump({ pods: PODS, seed: 11 }).pods;

describe('auditDump on a generated dump', () => {
  const { rows, overview } = auditDump(text, { input: 'dump.yaml' });

  it('reads every object without a diagnostic', () => {
    expect(overview).toMatchObject({ pods: PODS, totalPods: PODS, webhookConfigurations: 4, injectorConfigMaps: 3, diagnostics: [] });
  });

  it('finds the verdict, injecting revision and drift the generator meant for every pod', () => {
    expect(rows.map((r) => ({ name: r.name, namespace: r.namespace, verdict: r.verdict, drift: r.drift, injectedBy: r.injectedBy }))).toEqual(meant);
  });

  it('covers every kind of drift and names the webhooks called', () => {
    const summary = summarizeAudit(rows);
    expect(summary.drift['missing-sidecar']).toBeGreaterThan(0);
    expect(summary.drift['unwanted-sidecar']).toBeGreaterThan(0);
    expect(summary.drift['old-revision']).toBeGreaterThan(0);
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
    expect(shards.flat()).toEqual(rows);
    expect(shards.map((s) => s.length)).toEqual([80, 80, 80]);
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
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
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
