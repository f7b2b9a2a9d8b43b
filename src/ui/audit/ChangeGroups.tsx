import { useMemo } from 'react';
import type { AuditRow } from '../../worker/auditProtocol.ts';

interface Group {
  change: string;
  pods: number;
  namespaces: { namespace: string; pods: number; decidedBy: string }[];
}

/** The audited pods grouped by what a restart would change, with the namespaces and the label or tag that decides each. */
export function groupByChange(rows: readonly AuditRow[]): Group[] {
  const groups = new Map<string, Map<string, { pods: number; decidedBy: string }>>();
  for (const r of rows) {
    if (!r.change) continue;
    const g = groups.get(r.change) ?? new Map();
    const ns = g.get(r.namespace) ?? { pods: 0, decidedBy: r.decidedBy ?? '' };
    ns.pods++;
    g.set(r.namespace, ns);
    groups.set(r.change, g);
  }
  return [...groups]
    .map(([change, g]) => {
      const namespaces = [...g].map(([namespace, v]) => ({ namespace, ...v })).sort((a, b) => b.pods - a.pods || (a.namespace < b.namespace ? -1 : 1));
      return { change, pods: namespaces.reduce((n, x) => n + x.pods, 0), namespaces };
    })
    .sort((a, b) => b.pods - a.pods || (a.change < b.change ? -1 : 1));
}

/** The namespaces of a group, gathered by what decides them: "namespace label x=y, → revision r: a, b, c and 4 more". */
function byDecider(namespaces: Group['namespaces']): string {
  const by = new Map<string, string[]>();
  for (const n of namespaces) by.set(n.decidedBy, [...(by.get(n.decidedBy) ?? []), n.namespace]);
  return [...by]
    .map(([decidedBy, names]) => [decidedBy, [...names].sort()] as const)
    .map(([decidedBy, names]) => `${decidedBy}: ${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`)
    .join('; ');
}

interface Props {
  rows: readonly AuditRow[];
  /** The upgrade the dump was audited under, in words ('' for as it is). */
  under: string;
  selected?: string;
  onSelect(change: string): void;
}

/** What a restart would change, group by group; choosing a group filters the table to its pods. */
export function ChangeGroups({ rows, under, selected, onSelect }: Props) {
  const groups = useMemo(() => groupByChange(rows), [rows]);
  return (
    <details className="audit-groups" open data-testid="audit-groups">
      <summary>
        {groups.length ? `What a restart would change${under}: ${groups.length} groups` : `A restart would change nothing${under}`}
      </summary>
      <ul>
        {groups.map((g) => (
          <li key={g.change}>
            <button type="button" className="link" aria-pressed={selected === g.change} onClick={() => onSelect(selected === g.change ? '' : g.change)}>
              <strong>{g.pods}</strong> pods: {g.change}
            </button>
            <span className="muted small"> — {byDecider(g.namespaces)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
