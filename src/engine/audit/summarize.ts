import { DRIFT_KINDS, type AuditRow, type AuditSummary } from './types.ts';

export function emptySummary(): AuditSummary {
  return { pods: 0, injected: 0, notInjected: 0, rejected: 0, withSidecar: 0, drift: { 'missing-sidecar': 0, 'unwanted-sidecar': 0, 'old-revision': 0 }, drifting: 0 };
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
  }
  return summary;
}

export const summarizeAudit = (rows: readonly AuditRow[]): AuditSummary => addToSummary(emptySummary(), rows);
