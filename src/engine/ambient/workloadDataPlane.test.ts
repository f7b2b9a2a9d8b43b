import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PodSubject } from '../admission/podSubject.ts';
import { admitPod } from '../admission/admitPod.ts';
import { indexScenario, locatorOf } from '../admission/scenarioIndex.ts';
import { readScenarioDocuments } from '../documents/scenarioDocuments.ts';
import { resolveCniSettings } from './readSettings.ts';
import { workloadDataPlane } from './workloadDataPlane.ts';

const webhooks = readFileSync(new URL('../../examples/default/webhooks.yaml', import.meta.url), 'utf8');

/** A scenario of one workload and its namespace, through the real admission, then both data planes. */
function analyse(workload: string, namespace: string) {
  const docs = readScenarioDocuments([
    { name: 'workloads', text: workload },
    { name: 'namespaces', text: namespace },
    { name: 'webhooks', text: webhooks },
  ]);
  const index = indexScenario(docs);
  const w = docs.workloads[0];
  const ns = index.namespaces.get(w.namespace);
  const subject: PodSubject = {
    kind: w.kind,
    name: w.name,
    value: w.value,
    templatePath: w.podTemplatePath.slice(w.path.length),
    namespace: w.namespace,
    ...(ns ? { namespaceValue: ns.value, locateNamespace: locatorOf(ns) } : {}),
    locateWorkload: locatorOf(w),
  };
  const core = admitPod(subject, index);
  const docRefs = { workload: { input: w.doc.input, documentIndex: w.doc.index, path: w.path }, ...(ns ? { namespace: { input: ns.doc.input, documentIndex: ns.doc.index, path: ns.path } } : {}) };
  return workloadDataPlane({ subject, docs: docRefs, core, index, ignoredNamespaces: ['kube-system'], cni: resolveCniSettings() });
}

const ns = (name: string, labels: Record<string, string> = {}) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n  labels: ${JSON.stringify(labels)}\n`;
const deployment = (namespace: string, labels: Record<string, string> = {}, annotations: Record<string, string> = {}) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: ${namespace}\nspec:\n  template:\n    metadata:\n      labels: ${JSON.stringify({ app: 'web', ...labels })}\n      annotations: ${JSON.stringify(annotations)}\n    spec:\n      containers: [{name: web, image: web}]\n`;

describe('workloadDataPlane', () => {
  it('a namespace labelled for both: the sidecar wins, istio-cni skips, both ways out are verified', () => {
    const r = analyse(deployment('shop'), ns('shop', { 'istio-injection': 'enabled', 'istio.io/dataplane-mode': 'ambient' }));
    expect(r.dataPlane.mode).toBe('sidecar');
    expect(r.creation.reason).toBe('HAS_SIDECAR');
    expect(r.dataPlane.notes.map((n) => n.id)).toEqual(expect.arrayContaining(['namespace-both', 'pod-asks-both']));
    const goals = r.fixes.map((f) => `${f.goal}:${f.modeAfter}`);
    expect(goals).toContain('keep-ambient:ambient');
    expect(goals).toContain('keep-sidecar:sidecar');
    const removeInjection = r.fixes.find((f) => f.command === 'kubectl label namespace shop istio-injection-')!;
    expect(removeInjection.yamlEdits[0]).toMatchObject({ input: 'namespaces', action: 'remove', path: ['metadata', 'labels', 'istio-injection'] });
    expect(r.diagnostics.some((d) => d.severity === 'warning' && d.source?.input === 'namespaces')).toBe(true);
  });

  it('opted out with none: out of the mesh, explained, and how to enroll', () => {
    const r = analyse(deployment('shop', { 'istio.io/dataplane-mode': 'none' }), ns('shop', { 'istio.io/dataplane-mode': 'ambient' }));
    expect(r.dataPlane.mode).toBe('none');
    expect(r.dataPlane.notes.find((n) => n.id === 'opted-out')?.message).toMatch(/without it, istio-cni would enroll it/);
    expect(r.fixes.map((f) => f.goal)).toContain('enroll');
    expect(r.fixes.every((f) => f.modeAfter === 'ambient')).toBe(true);
  });

  it('a pod label enrolls in a plain namespace; keeping it out is a verified label', () => {
    const r = analyse(deployment('shop', { 'istio.io/dataplane-mode': 'ambient' }), ns('shop'));
    expect([r.dataPlane.mode, r.creation.selectorIndex]).toEqual(['ambient', 0]);
    const step = r.creation.steps.find((s) => s.id === 'cni:selector:0')!;
    expect(step.values[0].source?.input).toBe('workloads');
    expect(r.fixes.some((f) => f.goal === 'keep-out' && f.modeAfter === 'none')).toBe(true);
  });

  it('kube-system is excluded before any label, and no label fix is offered', () => {
    const r = analyse(deployment('kube-system', { 'istio.io/dataplane-mode': 'ambient' }), ns('kube-system'));
    expect([r.dataPlane.mode, r.creation.reason]).toEqual(['none', 'EXCLUDED_NAMESPACE']);
    expect(r.fixes).toEqual([]);
  });

  it('the stale redirection: disabled advice is replaced by the label that works', () => {
    const r = analyse(deployment('shop', {}, { 'ambient.istio.io/redirection': 'disabled' }), ns('shop', { 'istio.io/dataplane-mode': 'ambient' }));
    expect(r.dataPlane.mode).toBe('ambient');
    const fix = r.fixes.find((f) => f.goal === 'replace-stale-advice')!;
    expect(fix.modeAfter).toBe('none');
    expect(fix.command).toMatch(/^kubectl patch deployment web -n shop --type merge/);
  });

  it('a running pod: the node agent would remove it once it no longer matches', () => {
    const pod = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\n  namespace: shop\n  annotations: {ambient.istio.io/redirection: enabled}\nspec:\n  containers: [{name: web, image: web}]\nstatus: {phase: Running, podIP: 192.0.2.10}\n`;
    const r = analyse(pod, ns('shop'));
    expect(r.live?.annotation).toBe('enabled');
    expect(r.live?.update.nodeAgent).toMatchObject({ action: 'remove', reason: 'UNENROLL' });
    expect(r.live?.delete.nodeAgent?.reason).toBe('POD_DELETED');
  });
});
