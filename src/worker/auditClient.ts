import type { AuditOverview, AuditRequest, AuditResponse, AuditRow, AuditSummary, Diagnostic, PodScenarioTexts, UpgradeInput, UpgradePreview, UpgradeStep } from './auditProtocol.ts';

export type AuditEvent =
  /** Every worker has read the dump: how many pods there are in all. */
  | { type: 'opened'; overview: AuditOverview }
  /** New rows, the pods audited so far by every worker, and the running counts. */
  | { type: 'rows'; rows: AuditRow[]; done: number; total: number; summary: AuditSummary }
  | { type: 'finished'; diagnostics: Diagnostic[]; elapsedMs: number }
  | { type: 'failure'; message: string }
  /** The user stopped the audit: the rows so far stay. */
  | { type: 'cancelled'; done: number; total: number };

export interface AuditClientOptions {
  /** How many workers share the pods (default: 2, or 1 on a single-core machine). */
  workers?: number;
  /** How long a worker may stay silent before the audit is deemed stuck and stopped. */
  timeoutMs?: number;
  createWorker?: () => Worker;
}

interface Shard {
  worker: Worker;
  range?: [number, number];
  overview?: AuditOverview;
  done: number;
  finished: boolean;
  diagnostics: Diagnostic[];
  /** This shard's running counts, as its worker last reported them. */
  summary?: AuditSummary;
}

/**
 * Adds counts field by field, nested records included. The shards' workers count their own pods
 * (with the engine's rules); the main thread only sums, so no engine code runs here.
 */
export function addCounts<T>(a: T, b: T): T {
  if (typeof a === 'number' && typeof b === 'number') return (a + b) as T;
  if (!a || typeof a !== 'object') return b;
  if (!b || typeof b !== 'object') return a;
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [k, v] of Object.entries(b as Record<string, unknown>)) out[k] = k in out ? addCounts(out[k], v) : v;
  return out as T;
}

const defaultWorkers = () => Math.max(1, Math.min(2, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2));

/**
 * Runs an audit in its own workers, each auditing a contiguous share of the dump's pods, and merges
 * their streamed rows and progress. Only the newest run reports; a worker that stays silent past
 * the deadline stops the run with a failure rather than leaving the progress bar hanging.
 */
export function createAuditClient(onEvent: (e: AuditEvent) => void, options: AuditClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const createWorker = options.createWorker ?? (() => new Worker(new URL('./audit.worker.ts', import.meta.url), { type: 'module', name: 'meshsim-audit' }));
  let shards: Shard[] = [];
  let runId = 0;
  let nextScenarioId = 1;
  let started = 0;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Map<number, (texts: PodScenarioTexts | undefined) => void>();

  let previewWorker: Worker | undefined;
  const previews = new Map<number, (p: UpgradePreview | undefined) => void>();

  const stop = () => {
    clearTimeout(watchdog);
    for (const s of shards) s.worker.terminate();
    shards = [];
    for (const resolve of waiting.values()) resolve(undefined);
    waiting.clear();
  };

  const fail = (message: string) => {
    stop();
    onEvent({ type: 'failure', message });
  };

  const arm = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => fail(`the audit stopped answering for ${timeoutMs / 1000} s and was stopped`), timeoutMs);
  };

  // Every shard reads the whole dump, so any shard that has opened it knows the total (the first may answer last).
  const total = () => shards.find((s) => s.overview)?.overview?.totalPods ?? 0;

  const handle = (shard: Shard, id: number, msg: AuditResponse) => {
    if (msg.type === 'scenario') {
      waiting.get(msg.id)?.(msg.texts);
      waiting.delete(msg.id);
      return;
    }
    if (id !== runId || msg.id !== id) return;
    arm();
    if (msg.type === 'opened') {
      shard.range = msg.range;
      shard.overview = msg.overview;
      if (shards.every((s) => s.overview)) onEvent({ type: 'opened', overview: { ...msg.overview, pods: msg.overview.totalPods } });
    } else if (msg.type === 'rows') {
      shard.done = msg.done;
      shard.summary = msg.summary;
      const summary = shards.reduce<AuditSummary | undefined>((sum, s) => (s.summary ? (sum ? addCounts(sum, s.summary) : s.summary) : sum), undefined)!;
      onEvent({ type: 'rows', rows: msg.rows, done: shards.reduce((n, s) => n + s.done, 0), total: total(), summary });
    } else if (msg.type === 'finished') {
      shard.finished = true;
      shard.diagnostics = msg.diagnostics;
      if (shards.every((s) => s.finished)) {
        clearTimeout(watchdog);
        // Every shard read the whole dump, so diagnostics about the shared objects come once per shard.
        const seen = new Set<string>();
        const diagnostics = shards.flatMap((s) => s.diagnostics).filter((d) => {
          const key = `${d.severity}|${d.message}|${d.source?.line ?? ''}`;
          return seen.has(key) ? false : (seen.add(key), true);
        });
        onEvent({ type: 'finished', diagnostics, elapsedMs: performance.now() - started });
      }
    } else if (msg.type === 'failure') {
      fail(`the audit failed: ${msg.message}`);
    }
  };

  return {
    /** Starts auditing a dump, replacing any audit still running; `steps` audit it under an upgrade's target. */
    run(text: string, input = 'dump', steps?: UpgradeStep[], istioRelease?: string) {
      stop();
      const id = ++runId;
      started = performance.now();
      const count = Math.max(1, Math.floor(options.workers ?? defaultWorkers()));
      shards = Array.from({ length: count }, () => ({ worker: createWorker(), done: 0, finished: false, diagnostics: [] }));
      shards.forEach((shard, k) => {
        shard.worker.onmessage = (e: MessageEvent<AuditResponse>) => handle(shard, id, e.data);
        shard.worker.onerror = (e) => {
          e.preventDefault();
          if (id === runId) fail(`the audit worker crashed: ${e.message || 'unknown error'}`);
        };
        const req: AuditRequest = { type: 'audit', id, text, input, shard: k, shards: count, ...(steps?.length ? { steps } : {}), ...(istioRelease ? { istioRelease } : {}) };
        shard.worker.postMessage(req);
      });
      arm();
    },
    /** The editor texts that open pod `index` as a scenario, from the worker that audited it. */
    scenarioOf(index: number): Promise<PodScenarioTexts | undefined> {
      const shard = shards.find((s) => s.range && index >= s.range[0] && index < s.range[1]);
      if (!shard) return Promise.resolve(undefined);
      const id = nextScenarioId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        const req: AuditRequest = { type: 'scenario', id, index };
        shard.worker.postMessage(req);
      });
    },
    /** Stops the audit running now (its workers are ended); the rows already streamed stay the caller's. */
    cancel() {
      if (!shards.length || shards.every((s) => s.finished)) return;
      const done = shards.reduce((n, s) => n + s.done, 0);
      const all = total();
      runId++;
      stop();
      onEvent({ type: 'cancelled', done, total: all });
    },
    /** The upgrade preview of a scenario, computed in a worker of its own (the audit's keep running). */
    previewUpgrade(input: UpgradeInput): Promise<UpgradePreview | undefined> {
      if (!previewWorker) {
        previewWorker = createWorker();
        previewWorker.onmessage = (e: MessageEvent<AuditResponse>) => {
          const msg = e.data;
          if (msg.type !== 'upgrade' && msg.type !== 'failure') return;
          previews.get(msg.id)?.(msg.type === 'upgrade' ? msg.preview : undefined);
          previews.delete(msg.id);
        };
      }
      const id = nextScenarioId++;
      return new Promise((resolve) => {
        previews.set(id, resolve);
        const req: AuditRequest = { type: 'upgrade', id, input };
        previewWorker!.postMessage(req);
      });
    },
    dispose() {
      stop();
      previewWorker?.terminate();
      previewWorker = undefined;
      for (const resolve of previews.values()) resolve(undefined);
      previews.clear();
    },
  };
}

export type AuditClient = ReturnType<typeof createAuditClient>;
