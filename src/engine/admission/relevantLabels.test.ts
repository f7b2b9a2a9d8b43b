import { describe, expect, it } from 'vitest';
import { readScenarioDocuments } from '../documents/scenarioDocuments.ts';
import { onlyKeys, relevantLabelKeys } from './relevantLabels.ts';
import { indexScenario } from './scenarioIndex.ts';

const mwc = (extra: string) => `kind: MutatingWebhookConfiguration
metadata: {name: m}
webhooks:
- name: w.example.com
  namespaceSelector: {matchLabels: {team: a}}
  objectSelector: {matchExpressions: [{key: tier, operator: Exists}]}
${extra}`;
const index = (text: string) => indexScenario(readScenarioDocuments([{ name: 'in', text }]));

describe('relevantLabelKeys', () => {
  it('collects the keys selectors test, plus the inject label', () => {
    expect([...relevantLabelKeys(index(mwc('')))!].sort()).toEqual(['sidecar.istio.io/inject', 'team', 'tier']);
  });

  it('gives up (every label counts) when a webhook has matchConditions', () => {
    expect(relevantLabelKeys(index(mwc('  matchConditions: [{name: c, expression: "true"}]\n')))).toBeUndefined();
  });

  it('keeps only those keys, in a stable order', () => {
    expect(onlyKeys({ z: '1', tier: 'x', app: 'y', team: 'a' }, new Set(['team', 'tier']))).toEqual({ team: 'a', tier: 'x' });
  });
});
