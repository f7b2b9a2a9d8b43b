import { describe, expect, it } from 'vitest';
import { readWebhookConfiguration } from '../webhooks/webhookConfiguration.ts';
import { injectionTruthTable } from './truthTable.ts';

const expr = (key: string, operator: string, values?: string[]) => (values ? { key, operator, values } : { key, operator });
const mwc = (name: string, rev: string, service: string, webhooks: [string, object[], object[]][]) =>
  readWebhookConfiguration({
    metadata: { name, labels: { 'istio.io/rev': rev } },
    webhooks: webhooks.map(([n, ns, obj]) => ({
      name: `${n}sidecar-injector.istio.io`,
      clientConfig: { service: { name: service, namespace: 'istio-system', path: '/inject' } },
      rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
      namespaceSelector: { matchExpressions: ns },
      objectSelector: { matchExpressions: obj },
    })),
  });

const notFalse = expr('sidecar.istio.io/inject', 'NotIn', ['false']);
const configurations = [
  mwc('istio-sidecar-injector', 'default', 'istiod', [['namespace.', [expr('istio-injection', 'In', ['enabled'])], [notFalse]]]),
  mwc('istio-sidecar-injector-canary', 'canary', 'istiod-canary', [['rev.namespace.', [expr('istio.io/rev', 'In', ['canary']), expr('istio-injection', 'DoesNotExist')], [notFalse]]]),
];

describe('injectionTruthTable', () => {
  const table = injectionTruthTable(configurations, 'shop', { team: 'a', 'istio.io/rev': 'canary' }, { app: 'web' });
  const row = (ns: Record<string, string>, pod: Record<string, string>) =>
    table.rows.find((r) => JSON.stringify(r.namespaceLabels) === JSON.stringify({ team: 'a', ...ns }) && JSON.stringify(r.podLabels) === JSON.stringify({ app: 'web', ...pod }))!;

  it('shows which revision each label combination reaches', () => {
    expect(row({ 'istio-injection': 'enabled' }, {}).called.map((c) => c.revision)).toEqual(['default']);
    expect(row({ 'istio.io/rev': 'canary' }, {}).called.map((c) => c.revision)).toEqual(['canary']);
    expect(row({ 'istio.io/rev': 'canary' }, { 'sidecar.istio.io/inject': 'false' }).called).toEqual([]);
    expect(row({ 'istio-injection': 'disabled' }, {}).called).toEqual([]);
  });

  it("marks the user's own row", () => {
    expect(table.rows.filter((r) => r.current)).toEqual([row({ 'istio.io/rev': 'canary' }, {})]);
  });
});
