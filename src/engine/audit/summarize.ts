import { DRIFT_KINDS, type AuditRow, type AuditSummary, type DriftKind } from './types.ts';

export function emptySummary(): AuditSummary {
  const drift = Object.fromEntries(DRIFT_KINDS.map((k) => [k, 0])) as Record<DriftKind, number>;
  return { pods: 0, injected: 0, notInjected: 0, rejected: 0, withSidecar: 0, drift, drifting: 0, changes: {}, dataPlanes: {} };
}

/** Adds rows to running totals (so a streamed audit can keep its counts without re-reading every row). */
export function addToSummary(summary: AuditSummary, rows: readonly AuditRow[]): AuditSummary {
  for (const r of rows) {
    summary.pods++;
    if (r.verdict === 'injected') summary.injected++;
    else if (r.verdict === 'rejected') summary.rejected++;
    else summary.notInjected++;
    if (r.sidecar.present) summary.withSidecar++;
    for (const k of DRIFT_KINDS) if (r.drift.includes(k)) summary.drift[k]++;
    if (r.drift.length) summary.drifting++;
    if (r.change) summary.changes[r.change] = (summary.changes[r.change] ?? 0) + 1;
    if (r.capture) summary.dataPlanes[r.capture.dataPlane] = (summary.dataPlanes[r.capture.dataPlane] ?? 0) + 1;
  }
  return summary;
}

export const summarizeAudit = (rows: readonly AuditRow[]): AuditSummary => addToSummary(emptySummary(), rows);
