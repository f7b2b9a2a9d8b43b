import { useCallback, useEffect, useRef, useState } from 'react';
import { createAuditClient, type AuditClient, type AuditEvent } from '../../worker/auditClient.ts';
import { useAppState } from '../../state/storeContext.tsx';
import type { AuditRelease, AuditRow, AuditSummary, Diagnostic, PodScenarioTexts, UpgradeInput, UpgradePreview, UpgradeStep } from '../../worker/auditProtocol.ts';

export interface AuditState {
  phase: 'idle' | 'reading' | 'auditing' | 'done' | 'failed' | 'cancelled';
  /** The upgrade steps the dump was audited under (none: as it is). */
  steps?: UpgradeStep[];
  /** What was loaded (a file name, or "pasted text"). */
  source?: string;
  /** Every row so far, in the dump's order; replaced (not mutated) when rows arrive. */
  rows: AuditRow[];
  done: number;
  total: number;
  summary?: AuditSummary;
  /** The Istio release each revision is audited as (the header's setting, or what its injector ConfigMap shows). */
  releases?: AuditRelease[];
  diagnostics: Diagnostic[];
  elapsedMs?: number;
  message?: string;
}

const IDLE: AuditState = { phase: 'idle', rows: [], done: 0, total: 0, diagnostics: [] };

/**
 * Drives an audit in the audit workers. Rows stream in far faster than the screen can repaint, so
 * they are gathered and handed to React at most once per animation frame.
 */
export function useAudit() {
  const [state, setState] = useState<AuditState>(IDLE);
  const clientRef = useRef<AuditClient | undefined>(undefined);
  const pending = useRef<{ rows: AuditRow[]; last?: Extract<AuditEvent, { type: 'rows' }> }>({ rows: [] });
  const frame = useRef<number | undefined>(undefined);

  const flush = useCallback(() => {
    frame.current = undefined;
    const { rows, last } = pending.current;
    pending.current = { rows: [] };
    if (!last) return;
    setState((s) => {
      const merged = s.rows.concat(rows);
      // Two workers stream contiguous shares of the pods: keep the dump's order.
      if (merged.some((r, i) => i > 0 && merged[i - 1].index > r.index)) merged.sort((a, b) => a.index - b.index);
      return { ...s, phase: s.phase === 'done' ? 'done' : 'auditing', rows: merged, done: last.done, total: last.total, summary: last.summary };
    });
  }, []);

  useEffect(() => {
    const client = createAuditClient((e) => {
      if (e.type === 'rows') {
        pending.current.rows.push(...e.rows);
        pending.current.last = e;
        frame.current ??= requestAnimationFrame(flush);
      } else if (e.type === 'opened') {
        setState((s) => ({ ...s, phase: 'auditing', total: e.overview.totalPods, releases: e.overview.releases }));
      } else if (e.type === 'finished') {
        if (frame.current !== undefined) cancelAnimationFrame(frame.current);
        flush();
        setState((s) => ({ ...s, phase: 'done', diagnostics: e.diagnostics, elapsedMs: e.elapsedMs }));
      } else if (e.type === 'cancelled') {
        if (frame.current !== undefined) cancelAnimationFrame(frame.current);
        flush();
        setState((s) => ({ ...s, phase: 'cancelled', done: e.done, total: e.total }));
      } else {
        setState((s) => ({ ...s, phase: 'failed', message: e.message }));
      }
    });
    clientRef.current = client;
    return () => {
      client.dispose();
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    };
  }, [flush]);

  const lastDump = useRef<{ text: string; source: string } | undefined>(undefined);
  // The header's Istio release setting applies to the audit too.
  const istioRelease = useAppState((s) => s.cluster.istioRelease);
  const start = useCallback((text: string, source: string, steps?: UpgradeStep[]) => {
    pending.current = { rows: [] };
    lastDump.current = { text, source };
    setState({ ...IDLE, phase: 'reading', source, ...(steps?.length ? { steps } : {}) });
    clientRef.current?.run(text, source, steps, istioRelease);
  }, [istioRelease]);

  /** Audits the last dump again, under an upgrade's steps (or as it is, with none). */
  const rerun = useCallback((steps?: UpgradeStep[]) => {
    if (lastDump.current) start(lastDump.current.text, lastDump.current.source, steps);
  }, [start]);

  const cancel = useCallback(() => clientRef.current?.cancel(), []);
  const previewUpgrade = useCallback((input: UpgradeInput): Promise<UpgradePreview | undefined> => clientRef.current?.previewUpgrade(input) ?? Promise.resolve(undefined), []);

  const scenarioOf = useCallback((index: number): Promise<PodScenarioTexts | undefined> => clientRef.current?.scenarioOf(index) ?? Promise.resolve(undefined), []);

  return { state, start, rerun, cancel, scenarioOf, previewUpgrade, hasDump: () => lastDump.current !== undefined };
}
