import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { AuditRow } from '../../worker/auditProtocol.ts';
import { useAppState, useAppStore } from '../../state/storeContext.tsx';
import { ChangeGroups } from './ChangeGroups.tsx';
import { stepText } from './upgradeSteps.ts';
import { filterRows, NO_FILTER, sortRows, type AuditFilter, type SortDirection, type SortKey } from './auditFilters.ts';
import { AuditSummaryBar } from './AuditSummaryBar.tsx';
import { AuditTable } from './AuditTable.tsx';
import { acceptDrag, DumpLoader, dropDump } from './DumpLoader.tsx';
import { useAudit } from './useAudit.ts';

/**
 * The cluster audit: load a dump, and see for every pod the webhooks called, the verdict, the rule
 * that decided it and whether the running pod has drifted from it. Clicking a pod opens it as a
 * scenario in the editors.
 */
export default function AuditView({ onClose }: { onClose(): void }) {
  const store = useAppStore();
  const { state, start, rerun, cancel, scenarioOf } = useAudit();
  const upgrade = useAppState((s) => s.upgrade);
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: 'index', direction: 'ascending' });
  const [opening, setOpening] = useState<string>();
  const deferredFilter = useDeferredValue(filter);
  const closeButton = useRef<HTMLButtonElement>(null);

  // A dialog takes the focus when it opens, so keyboard users start inside it.
  useEffect(() => closeButton.current?.focus(), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const shown = useMemo(() => {
    const filtered = filterRows(state.rows, deferredFilter);
    return sort.key === 'index' && sort.direction === 'ascending' ? filtered : sortRows(filtered, sort.key, sort.direction);
  }, [state.rows, deferredFilter, sort]);

  const onSort = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: 'ascending' }));

  const open = async (row: AuditRow) => {
    setOpening(`${row.namespace}/${row.name}`);
    const texts = await scenarioOf(row.index);
    setOpening(undefined);
    if (!texts) return;
    const s = store.getState();
    s.applyChange(`Opened pod ${row.namespace}/${row.name} from the audit`, texts);
    s.selectWorkload(0);
    s.setActivePanel('admission');
    onClose();
  };

  const busy = state.phase === 'reading' || state.phase === 'auditing';
  const percent = state.total ? Math.round((100 * state.done) / state.total) : 0;

  return (
    <div className="audit-overlay" role="dialog" aria-modal="true" aria-labelledby="audit-title" onDragOver={acceptDrag} onDrop={(e) => dropDump(e, start)}>
      <div className="audit-view">
        <header className="audit-header">
          <h2 id="audit-title">Cluster audit</h2>
          <span className="muted">Every pod rendered by the revision that would inject it now: what a restart would change, and which pods istiod would reject.</span>
          <button type="button" className="button audit-close" onClick={onClose} ref={closeButton}>
            Close audit
          </button>
        </header>
        <DumpLoader onLoad={start} busy={busy} />
        {state.phase !== 'idle' && (
          <div className="audit-status">
            <div
              className="audit-progress"
              role="progressbar"
              aria-label="Audit progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.phase === 'done' ? 100 : percent}
              aria-valuetext={state.phase === 'reading' ? 'reading the dump' : `${state.done} of ${state.total} pods`}
            >
              <div className="audit-progress-fill" style={{ width: `${state.phase === 'done' ? 100 : percent}%` }} />
            </div>
            <span data-testid="audit-phase">
              {state.phase === 'reading' && `Reading ${state.source}…`}
              {state.phase === 'auditing' && `Auditing ${state.source}: ${state.done} of ${state.total} pods`}
              {state.phase === 'done' && `Audited ${state.total} pods of ${state.source} in ${((state.elapsedMs ?? 0) / 1000).toFixed(1)} s`}
              {state.phase === 'failed' && <span className="error">{state.message}</span>}
              {state.phase === 'cancelled' && `Stopped after ${state.done} of ${state.total} pods of ${state.source}`}
            </span>
            {busy ? (
              <button type="button" className="button" onClick={cancel}>
                Cancel
              </button>
            ) : null}
          </div>
        )}
        {state.releases?.length ? (
          <div className="small muted audit-releases" data-testid="audit-releases">
            {/* One line a revision, as `meshsim audit` prints it: the release and why. */}
            {state.releases.length === 1 ? (
              <p title={state.releases[0].summary}>Audited as: {state.releases[0].text}</p>
            ) : (
              <>
                <p>Audited as:</p>
                <ul>
                  {state.releases.map((r) => (
                    <li key={r.revision} title={r.summary}>
                      {r.text}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {/* The engine's sentence (the one meshsim inject, check and audit print), then this face's way to give an install. */}
            {state.releases.filter((r) => r.masterChart).map((r) => (
              <p key={r.revision} className="warning-text" data-testid="audit-master-chart-note">
                {state.releases!.length > 1 ? `${r.revision === '(any other)' ? 'Any other revision' : `Revision ${r.revision}`}: ` : ''}
                {r.masterChart} For that release&apos;s own, load a dump that has the revision&apos;s istio-sidecar-injector ConfigMap.
              </p>
            ))}
          </div>
        ) : null}
        {state.phase !== 'idle' && !busy ? (
          <div className="audit-upgrade" data-testid="audit-upgrade">
            {state.steps?.length ? (
              <>
                <span>
                  Audited under the upgrade: <code>{state.steps.map(stepText).join(' → ')}</code>
                </span>
                <button type="button" className="button" onClick={() => rerun()}>
                  Audit as it is
                </button>
              </>
            ) : upgrade?.length ? (
              <button type="button" className="button" onClick={() => rerun(upgrade)}>
                Audit under the Upgrade panel&apos;s {upgrade.length === 1 ? 'step' : `${upgrade.length} steps`}
              </button>
            ) : null}
            <label className="button">
              Audit under a target install…
              <input
                type="file"
                className="audit-file-input"
                aria-label="Target install for the dump"
                accept=".yaml,.yml,.json"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void f.text().then((t) => rerun([{ kind: 'install', text: t, input: f.name }]));
                }}
              />
            </label>
          </div>
        ) : null}
        {state.summary && <AuditSummaryBar summary={state.summary} filter={filter} onFilter={(f) => setFilter((x) => ({ ...x, ...f }))} />}
        {state.rows.length > 0 && state.rows[0].fidelity === 'full' ? (
          <ChangeGroups
            rows={state.rows}
            under={state.steps?.length ? ' under the upgrade' : ''}
            selected={filter.change}
            onSelect={(change) => setFilter((f) => ({ ...f, change }))}
          />
        ) : null}
        {state.diagnostics.length > 0 && (
          <details className="audit-diagnostics">
            <summary>{state.diagnostics.length === 1 ? '1 note on reading the dump' : `${state.diagnostics.length} notes on reading the dump`}</summary>
            <ul>
              {state.diagnostics.slice(0, 200).map((d, i) => (
                <li key={i}>
                  {d.severity}: {d.source ? `line ${d.source.line}: ` : ''}
                  {d.message}
                </li>
              ))}
            </ul>
          </details>
        )}
        {state.rows.length > 0 && (
          <>
            <div className="audit-filters">
              <input className="filter" type="search" aria-label="Filter pods" placeholder="Filter: pod, namespace, webhook, rule…" value={filter.text} onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))} />
              <label>
                Verdict{' '}
                <select aria-label="Verdict filter" value={filter.verdict} onChange={(e) => setFilter((f) => ({ ...f, verdict: e.target.value as AuditFilter['verdict'] }))}>
                  <option value="all">all</option>
                  <option value="injected">injected</option>
                  <option value="not-injected">not injected</option>
                  <option value="rejected">rejected</option>
                </select>
              </label>
              <label>
                Drift{' '}
                <select aria-label="Drift filter" value={filter.drift} onChange={(e) => setFilter((f) => ({ ...f, drift: e.target.value as AuditFilter['drift'] }))}>
                  <option value="all">all pods</option>
                  <option value="any">any drift</option>
                  <option value="none">no drift</option>
                  <option value="missing-sidecar">needs restart</option>
                  <option value="unwanted-sidecar">unwanted sidecar</option>
                  <option value="old-revision">old revision</option>
                  <option value="would-be-rejected">would be rejected</option>
                  <option value="sidecar-changes">sidecar changes</option>
                  <option value="data-plane">ambient moves</option>
                </select>
              </label>
              <span className="muted" data-testid="audit-shown">
                {shown.length} of {state.rows.length} pods shown
              </span>
              {opening && <span className="muted">Opening {opening}…</span>}
            </div>
            <AuditTable rows={shown} sort={sort} onSort={onSort} onOpen={(r) => void open(r)} />
          </>
        )}
      </div>
    </div>
  );
}
