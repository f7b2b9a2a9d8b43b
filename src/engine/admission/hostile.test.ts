import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readScenarioDocuments } from '../documents/scenarioDocuments.ts';
import { analyzeAdmission } from './analyzeAdmission.ts';

// Any shape where a webhook configuration, namespace or pod is expected: the analysis must still
// return plain data (never throw), whatever the user pastes.
const anything = fc.anything({ maxDepth: 3, withNullPrototype: false, withBigInt: false, withDate: false, withMap: false, withSet: false, withTypedArray: false, withSparseArray: false, withBoxedValues: false });
const selector = fc.oneof(anything, fc.record({ matchExpressions: fc.array(fc.record({ key: fc.string(), operator: fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'Nope'), values: fc.oneof(fc.array(fc.string()), anything) })) }));
const webhook = fc.record({
  name: fc.oneof(fc.string(), anything),
  clientConfig: fc.oneof(anything, fc.record({ service: fc.record({ name: fc.constantFrom('istiod', 'istiod-x', 'other'), path: fc.constantFrom('/inject', '/inject/cluster/c', '/x') }) })),
  rules: fc.oneof(anything, fc.constant([{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }])),
  namespaceSelector: selector,
  objectSelector: selector,
  matchConditions: fc.oneof(anything, fc.array(fc.record({ name: fc.string(), expression: fc.constantFrom('true', 'object.x == 1', '((', 'authorizer.x()', 'object.metadata.labels.exists(k, k == "a")') }))),
});

describe('analyzeAdmission on hostile input', () => {
  it('returns structured-clone-friendly data and never throws', () => {
    fc.assert(
      fc.property(fc.array(webhook, { maxLength: 3 }), anything, anything, (webhooks, podLabels, nsLabels) => {
        const text = [
          { kind: 'MutatingWebhookConfiguration', metadata: { name: 'm' }, webhooks },
          { kind: 'Namespace', metadata: { name: 'ns', labels: nsLabels } },
          { kind: 'Pod', metadata: { name: 'p', namespace: 'ns', labels: podLabels }, spec: { containers: [{ name: 'c' }] } },
        ].map((d) => stringify(d)).join('---\n');
        const docs = readScenarioDocuments([{ name: 'in', text }]);
        const result = analyzeAdmission(docs);
        expect(() => structuredClone(result)).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a configuration with very many webhooks within its limits', () => {
    const webhooks = Array.from({ length: 1500 }, (_, i) => ({ name: `w${i}.example.com`, rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] }));
    const docs = readScenarioDocuments([{ name: 'in', text: stringify({ kind: 'MutatingWebhookConfiguration', metadata: { name: 'm' }, webhooks }) + '---\n' + stringify({ kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c' }] } }) }]);
    const result = analyzeAdmission(docs, { suggestions: false });
    expect(result.workloads[0].webhooks).toHaveLength(1000);
    expect(result.diagnostics.some((d) => d.message.includes('more than 1000 webhooks'))).toBe(true);
  });
});
