import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../worker/auditProtocol.ts';
import { filterRows, NO_FILTER, sortRows } from './auditFilters.ts';

const row = (index: number, name: string, namespace: string, verdict: AuditRow['verdict'], drift: AuditRow['drift'], webhooks: string[] = []): AuditRow => ({
  index,
  name,
  namespace,
  webhooks,
  verdict,
  decidingStep: 'x',
  decidingRule: verdict === 'injected' ? 'istiod canary: policy' : 'no injection webhook called',
  summary: '',
  injectedBy: verdict === 'injected' ? ['canary'] : [],
  sidecar: { present: false, native: false },
  drift,
  driftDetail: '',
  fidelity: 'admission',
  changes: [],
  change: '',
  group: '',
  checks: {},
});

const rows = [
  row(0, 'web-1', 'shop', 'injected', [], ['istio-sidecar-injector-canary/rev.namespace.sidecar-injector.istio.io']),
  row(1, 'api-1', 'shop', 'injected', ['missing-sidecar'], ['istio-sidecar-injector-canary/rev.namespace.sidecar-injector.istio.io']),
  row(2, 'db-1', 'data', 'not-injected', ['unwanted-sidecar']),
  row(3, 'web-2', 'data', 'not-injected', []),
];
const names = (list: AuditRow[]) => list.map((r) => r.name);

describe('filterRows', () => {
  it.each([
    ['no filter', NO_FILTER, ['web-1', 'api-1', 'db-1', 'web-2']],
    ['words, any case, all of them', { ...NO_FILTER, text: 'WEB- Data' }, ['web-2']],
    ['a webhook name', { ...NO_FILTER, text: 'rev.namespace' }, ['web-1', 'api-1']],
    ['a verdict', { ...NO_FILTER, verdict: 'not-injected' as const }, ['db-1', 'web-2']],
    ['any drift', { ...NO_FILTER, drift: 'any' as const }, ['api-1', 'db-1']],
    ['no drift', { ...NO_FILTER, drift: 'none' as const }, ['web-1', 'web-2']],
    ['one kind of drift', { ...NO_FILTER, drift: 'unwanted-sidecar' as const }, ['db-1']],
  ])('%s', (_, filter, expected) => {
    expect(names(filterRows(rows, filter))).toEqual(expected);
  });
});

describe('sortRows', () => {
  it('sorts by a column both ways, ties kept in the dump’s order', () => {
    expect(names(sortRows(rows, 'name', 'ascending'))).toEqual(['api-1', 'db-1', 'web-1', 'web-2']);
    expect(names(sortRows(rows, 'namespace', 'ascending'))).toEqual(['db-1', 'web-2', 'web-1', 'api-1']);
    expect(names(sortRows(rows, 'namespace', 'descending'))).toEqual(['web-1', 'api-1', 'db-1', 'web-2']);
    expect(names(sortRows(rows, 'webhooks', 'descending'))).toEqual(['web-1', 'api-1', 'db-1', 'web-2']);
  });
});
