import { useMemo, useState } from 'react';
import { EMPTY, useAppState } from '../state/storeContext.tsx';
import type { ScenarioResult, Verdict } from '../worker/protocol.ts';
import { ANY_WORKLOAD, countWorkloads, filterWorkloads, ruleName, type PickableWorkload, type WorkloadFilter } from './workloads/workloadFilter.ts';

/** From this many workloads on, the picker shows a summary and filters instead of one long list. */
const MANY = 10;
/** The drop-down never lists more than this; the filters narrow it down. */
const LIST_LIMIT = 200;

const VERDICT_WORDS: Record<Verdict, string> = { injected: 'injected', 'not-injected': 'not injected', rejected: 'rejected' };

function pickable(result: ScenarioResult | undefined): PickableWorkload[] {
  if (!result) return [];
  return result.workloads.map((w, i) => {
    const a = result.admission.workloads[i];
    return {
      kind: w.kind,
      name: w.name || '(unnamed)',
      namespace: w.namespace,
      verdict: a?.verdict ?? 'not-injected',
      rule: a ? ruleName(a.decidingStep, a.steps.find((s) => s.id === a.decidingStep)) : '',
    };
  });
}

const label = (w: PickableWorkload) => `${w.kind} ${w.namespace ? `${w.namespace}/` : ''}${w.name}`;

/**
 * Chooses which of the scenario's workloads the panels show. With many workloads (a pasted
 * `kubectl get pods -A`), it first says how many are injected, not injected and rejected, and by
 * which deciding rule; clicking a count or typing a name narrows the drop-down.
 */
export function WorkloadPicker() {
  const result = useAppState((s) => s.result);
  const selected = useAppState((s) => s.selectedWorkload);
  const select = useAppState((s) => s.selectWorkload);
  const items = useMemo(() => pickable(result), [result]);
  const [filter, setFilter] = useState<WorkloadFilter>(ANY_WORKLOAD);
  const many = items.length >= MANY;
  const counts = useMemo(() => (many ? countWorkloads(items) : undefined), [items, many]);
  const shown = useMemo(() => (many ? filterWorkloads(items, filter) : items.map((_, i) => i)), [items, filter, many]);
  if (items.length <= 1) return null;
  const current = Math.min(selected, items.length - 1);
  const listed = shown.slice(0, LIST_LIMIT);
  // The selected workload stays in the list even when the filter would hide it, so the select shows it.
  const options = listed.includes(current) ? listed : [current, ...listed];
  const setVerdict = (v: WorkloadFilter['verdict']) => setFilter((f) => ({ ...f, verdict: f.verdict === v ? 'all' : v }));
  const picker = (
    <label className="picker">
      <span className="picker-label">Workload</span>{' '}
      <select aria-label="Workload" value={current} onChange={(e) => select(Number(e.target.value))}>
        {options.map((i) => (
          <option key={i} value={i}>
            {label(items[i])}
            {many ? ` — ${VERDICT_WORDS[items[i].verdict]}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
  if (!many || !counts) return picker;
  return (
    <div className="workload-summary" data-testid="workload-summary">
      <div className="row">
        <span>
          <strong>{counts.total}</strong> workloads:
        </span>
        <span role="group" aria-label="Filter workloads by verdict" className="row">
          {(['injected', 'not-injected', 'rejected'] as const).map((v) => (
            <button key={v} type="button" className={`button small verdict-count ${v}`} aria-pressed={filter.verdict === v} disabled={!counts.byVerdict[v]} onClick={() => setVerdict(v)}>
              {counts.byVerdict[v]} {VERDICT_WORDS[v]}
            </button>
          ))}
        </span>
        <input
          className="filter"
          type="search"
          aria-label="Filter workloads by name"
          placeholder="name or namespace"
          value={filter.text}
          onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
        />
        {picker}
        <span className="muted small" data-testid="workloads-shown">
          {shown.length === items.length ? `all ${items.length} listed` : `${shown.length} of ${items.length} match`}
          {shown.length > LIST_LIMIT ? ` (first ${LIST_LIMIT} in the list)` : ''}
        </span>
      </div>
      <details className="rule-counts">
        <summary>By deciding rule ({counts.byRule.length})</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Deciding rule</th>
              <th scope="col">Injected</th>
              <th scope="col">Not injected</th>
              <th scope="col">Rejected</th>
            </tr>
          </thead>
          <tbody>
            {counts.byRule.map((r) => (
              <tr key={r.rule} className={filter.rule === r.rule ? 'lit' : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="link"
                    aria-pressed={filter.rule === r.rule}
                    onClick={() => setFilter((f) => ({ ...f, rule: f.rule === r.rule ? '' : r.rule }))}
                    title="Show only the workloads this rule decided"
                  >
                    {r.rule}
                  </button>
                </th>
                <td>{r.byVerdict.injected || ''}</td>
                <td>{r.byVerdict['not-injected'] || ''}</td>
                <td>{r.byVerdict.rejected || ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

export function useSelectedWorkload() {
  const workloads = useAppState((s) => s.result?.workloads ?? EMPTY);
  const selected = useAppState((s) => s.selectedWorkload);
  return workloads.length ? workloads[Math.min(selected, workloads.length - 1)] : undefined;
}
