import { describe, expect, it } from 'vitest';
import { analyzeAdmission } from './index.ts';
import { readScenarioDocuments } from '../documents/index.ts';
import { examples } from '../../examples/examples.ts';

const webhooks = examples.find((e) => e.id === 'default')!.texts.webhooks;
const namespace = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio-injection: enabled}\n';
const pod = (metadata: string, spec = '  containers:\n  - name: a\n    image: nginx\n', apiVersion = 'v1') =>
  `apiVersion: ${apiVersion}\nkind: Pod\nmetadata:\n  name: p\n  namespace: shop\n${metadata}spec:\n${spec}`;

const refusalsOf = (text: string) => readScenarioDocuments([{ name: 'workloads', text }]).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);

function admit(workload: string) {
  const docs = readScenarioDocuments([{ name: 'workloads', text: workload }, { name: 'namespaces', text: namespace }, { name: 'webhooks', text: webhooks }]);
  return analyzeAdmission(docs).workloads[0]!;
}

describe('an object the API server refuses is rejected, and its verdict says why', () => {
  // [what, the pod, when the API server refuses it, words the verdict must carry]
  it.each([
    ['an unquoted no on a label', pod('  labels: {sidecar.istio.io/inject: no}\n'), 'decode', 'quote it: "no"'],
    ['an infinity in the spec', pod('', '  containers:\n  - name: a\n    image: nginx\n    readinessProbe: {httpGet: {port: .inf}}\n'), 'decode', 'json: unsupported value: +Inf'],
    ['a NaN', pod('', '  containers:\n  - name: a\n    image: nginx\n  priority: .NaN\n'), 'decode', 'json: unsupported value: NaN'],
    ['a Pod in apps/v1', pod('', undefined, 'apps/v1'), 'decode', 'no matches for kind "Pod" in version "apps/v1"'],
    ['a label value that is not a valid label', pod('  labels: {app: -bad-}\n'), 'validation', 'Invalid value: "-bad-"'],
    ['a label key with a space', pod('  labels: {"a b": x}\n'), 'validation', 'Invalid value: "a b"'],
    ['an empty label key', pod('  labels: {"": x}\n'), 'validation', 'name part must be non-empty'],
  ] as const)('%s', (_what, text, phase, words) => {
    const w = admit(text);
    expect(w.verdict).toBe('rejected');
    expect(w.decidingStep).toBe(`apiserver:${phase}`);
    expect(w.summary).toContain(words);
    expect(w.summary).toMatch(phase === 'decode' ? /cannot read this Pod, so it is never created and no webhook is called/ : /validation refuses this Pod after the mutating webhooks ran \(istiod would have injected it\)/);
    expect(w.injectedBy).toEqual([]);
    expect(w.suggestions).toEqual([]);
    // Before the object exists no webhook is called; validation comes after them.
    expect(w.webhooks.some((row) => row.called)).toBe(phase === 'validation');
    // istioctl x check-inject cannot read an object the API server cannot: it has no rows then.
    if (phase === 'decode') expect(w.checkInject).toEqual({ rows: [], footer: expect.stringContaining('istioctl x check-inject cannot read this Pod either') });
    // The reason is also an error at its line, said once.
    expect(refusalsOf(text).filter((m) => m.includes(words))).toHaveLength(1);
  });

  it('leaves a valid pod as it was', () => {
    const w = admit(pod('  labels: {app: web, sidecar.istio.io/inject: "true"}\n'));
    expect(w.verdict).toBe('injected');
  });

  it('says a quoted .inf is text, not an infinity', () => {
    expect(admit(pod('  annotations: {note: ".inf"}\n')).verdict).toBe('injected');
  });

  it.each([
    ['metadata:\n  name: {a: 1}\n  namespace: shop\n', 'metadata.name is a map'],
    ['metadata:\n  name: p\n  namespace: [1, {b: 2}]\n', 'metadata.namespace is a list'],
    ['metadata:\n  name: p\n  namespace: shop\n  labels: {app: {a: 1}}\n', 'read by kubectl as a map'],
  ])('a map or list where a string goes is refused, and shown as written, never as [object Object]', (metadata, words) => {
    const text = `apiVersion: v1\nkind: Pod\n${metadata}spec:\n  containers:\n  - name: a\n    image: nginx\n`;
    const w = admit(text);
    expect(w.verdict).toBe('rejected');
    expect(w.summary).toContain(words);
    expect(JSON.stringify(w)).not.toContain('[object Object]');
  });
});
