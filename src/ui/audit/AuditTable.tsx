import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AuditRow } from '../../worker/auditProtocol.ts';
import type { SortDirection, SortKey } from './auditFilters.ts';

const ROW_HEIGHT = 28;
/** Rows drawn above and below the visible ones, so fast scrolling does not flash blank lines. */
const OVERSCAN = 10;

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Pod' },
  { key: 'namespace', label: 'Namespace' },
  { key: 'webhooks', label: 'Webhooks called' },
  { key: 'verdict', label: 'Verdict' },
  { key: 'rule', label: 'Deciding rule' },
  { key: 'dataPlane', label: 'Data plane' },
  { key: 'drift', label: 'Drift' },
];

export const DRIFT_LABEL: Record<string, string> = {
  'missing-sidecar': 'needs restart',
  'unwanted-sidecar': 'unwanted sidecar',
  'old-revision': 'old revision',
  'would-be-rejected': 'would be rejected',
  'sidecar-changes': 'sidecar changes',
  'data-plane': 'ambient move',
};

const shortWebhook = (w: string) => w.replace(/\.sidecar-injector\.istio\.io$/, '');

interface Props {
  rows: readonly AuditRow[];
  sort: { key: SortKey; direction: SortDirection };
  onSort(key: SortKey): void;
  onOpen(row: AuditRow): void;
}

/**
 * The audited pods as a grid whose rows are windowed: only the rows in view (plus a few) are in
 * the DOM, positioned inside a spacer as tall as every row together, so 10,000 pods scroll smoothly.
 */
export function AuditTable({ rows, sort, onSort, onOpen }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(480);

  useEffect(() => {
    const el = body.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    setHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const visible = rows.slice(first, last);

  const onKey = (e: KeyboardEvent, row: AuditRow) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(row);
    }
  };

  return (
    <div className="audit-grid" role="grid" aria-label="Audited pods" aria-rowcount={rows.length + 1} aria-colcount={COLUMNS.length}>
      <div className="audit-row audit-head" role="row" aria-rowindex={1}>
        {COLUMNS.map((c) => (
          <div key={c.key} role="columnheader" aria-sort={sort.key === c.key ? sort.direction : 'none'}>
            <button type="button" className="audit-sort" onClick={() => onSort(c.key)}>
              {c.label}
              <span aria-hidden="true">{sort.key === c.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
            </button>
          </div>
        ))}
      </div>
      <div className="audit-body" ref={body} data-testid="audit-scroll" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <div className="audit-spacer" style={{ height: rows.length * ROW_HEIGHT }} role="rowgroup">
          {visible.map((r, k) => (
            <div
              key={r.index}
              role="row"
              tabIndex={0}
              aria-rowindex={first + k + 2}
              className={`audit-row ${r.drift.length ? 'drifting' : ''}`}
              style={{ top: (first + k) * ROW_HEIGHT }}
              title={`${r.summary}${r.change ? `\nOn restart: ${r.change}` : ''}${r.captureNow ? `\nNow: ${r.captureNow.text}` : ''}${r.capture ? `\n${r.captureNow ? 'After a restart: ' : ''}${r.capture.text}` : ''}${Object.values(r.checks).flat().map((f) => `\n${f.headline}${f.detail ? `: ${f.detail}` : ''}`).join('')}\nClick to open this pod as a scenario.`}
              onClick={() => onOpen(r)}
              onKeyDown={(e) => onKey(e, r)}
              data-pod={`${r.namespace}/${r.name}`}
            >
              <div role="gridcell" className="mono">{r.name}</div>
              <div role="gridcell">{r.namespace}</div>
              <div role="gridcell" className="mono" title={r.webhooks.join('\n')}>
                {r.webhooks.length ? r.webhooks.map(shortWebhook).join(', ') : <span className="muted">none</span>}
              </div>
              <div role="gridcell">
                <span className={`verdict-chip ${r.verdict}`}>{r.verdict === 'injected' ? `injected (${r.injectedBy.join(', ')})` : r.verdict}</span>
              </div>
              <div role="gridcell">{r.decidingRule}</div>
              <div role="gridcell">{r.dataPlaneText ?? <span className="muted">—</span>}</div>
              <div role="gridcell">
                {r.drift.map((d) => (
                  <span key={d} className={`drift-chip ${d}`}>
                    {d === 'old-revision' && r.sidecar.revision ? `old revision ${r.sidecar.revision}` : DRIFT_LABEL[d]}
                  </span>
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
