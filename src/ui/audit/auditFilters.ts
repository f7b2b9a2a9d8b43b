import type { AuditRow, DriftKind } from '../../worker/auditProtocol.ts';

export type SortKey = 'index' | 'name' | 'namespace' | 'webhooks' | 'verdict' | 'rule' | 'dataPlane' | 'drift';
export type SortDirection = 'ascending' | 'descending';

export interface AuditFilter {
  /** Words that must all appear in the row (pod, namespace, owner, webhooks, rule, drift), any case. */
  text: string;
  verdict: 'all' | AuditRow['verdict'];
  drift: 'all' | 'any' | 'none' | DriftKind;
  /** What a restart would change (`AuditRow.change`), exactly; '' for any. */
  change?: string;
}

export const NO_FILTER: AuditFilter = { text: '', verdict: 'all', drift: 'all', change: '' };

const searchText = new WeakMap<AuditRow, string>();

function haystack(r: AuditRow): string {
  let s = searchText.get(r);
  if (s === undefined) {
    s = [r.name, r.namespace, r.owner ?? '', r.webhooks.join(' '), r.verdict, r.decidingRule, r.drift.join(' '), r.sidecar.revision ?? '', r.change, r.capture?.dataPlane ?? '', r.dataPlaneText ?? ''].join('\n').toLowerCase();
    searchText.set(r, s);
  }
  return s;
}

export function filterRows(rows: readonly AuditRow[], f: AuditFilter): AuditRow[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    if (f.verdict !== 'all' && r.verdict !== f.verdict) return false;
    if (f.drift === 'any' && !r.drift.length) return false;
    if (f.drift === 'none' && r.drift.length) return false;
    if (f.drift !== 'all' && f.drift !== 'any' && f.drift !== 'none' && !r.drift.includes(f.drift)) return false;
    if (f.change && r.change !== f.change) return false;
    if (!words.length) return true;
    const text = haystack(r);
    return words.every((w) => text.includes(w));
  });
}

const KEY: Record<SortKey, (r: AuditRow) => string | number> = {
  index: (r) => r.index,
  name: (r) => r.name,
  namespace: (r) => r.namespace,
  webhooks: (r) => r.webhooks.length,
  verdict: (r) => r.verdict,
  rule: (r) => r.decidingRule,
  dataPlane: (r) => r.capture?.dataPlane ?? '',
  drift: (r) => r.drift.join(','),
};

/** A stable sort (ties keep the dump's order), so sorting by verdict then scanning stays predictable. */
export function sortRows(rows: readonly AuditRow[], key: SortKey, direction: SortDirection): AuditRow[] {
  const get = KEY[key];
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c ? c * sign : a.index - b.index;
  });
}
