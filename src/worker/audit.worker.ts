/// <reference lib="webworker" />
import { addToSummary, openAudit, summarizeAudit, type AuditSession, type AuditSummary } from '../engine/audit/index.ts';
import { previewUpgrade } from '../engine/upgrade/index.ts';
import type { AuditRequest, AuditResponse, AuditRow } from './auditProtocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: AuditResponse) => scope.postMessage(m);

/** How long one slice of work may run before the worker posts its rows and reads its messages. */
const SLICE_MS = 50;

let session: AuditSession | undefined;
let running = 0;
/** The running totals of this worker's share, sent with every batch of rows. */
let summary: AuditSummary = summarizeAudit([]);

function work(id: number) {
  if (id !== running || !session) return;
  const rows: AuditRow[] = [];
  const deadline = performance.now() + SLICE_MS;
  const total = session.overview.pods;
  while (session.done() < total && performance.now() < deadline) rows.push(...session.next(20));
  summary = addToSummary(summary, rows);
  post({ type: 'rows', id, rows, done: session.done(), summary });
  if (session.done() < total) setTimeout(() => work(id), 0);
  else post({ type: 'finished', id, diagnostics: session.overview.diagnostics });
}

scope.onmessage = (event: MessageEvent<AuditRequest>) => {
  const req = event.data;
  try {
    if (req.type === 'audit') {
      running = req.id;
      summary = summarizeAudit([]);
      session = openAudit(req.text, { input: req.input, shard: req.shard, shards: req.shards, ...(req.steps ? { steps: req.steps } : {}), ...(req.istioRelease ? { istioRelease: req.istioRelease } : {}) });
      post({ type: 'opened', id: req.id, overview: session.overview, range: session.range });
      setTimeout(() => work(req.id), 0);
    } else if (req.type === 'upgrade') {
      post({ type: 'upgrade', id: req.id, preview: previewUpgrade(req.input) });
    } else if (req.type === 'scenario') {
      post({ type: 'scenario', id: req.id, index: req.index, texts: session?.podScenario(req.index) });
    }
  } catch (err) {
    // The engine never throws by contract; this is the last line of defence.
    post({ type: 'failure', id: req.id, message: err instanceof Error ? err.message : String(err) });
  }
};
