import type { EngineRequest, EngineResponse, FixRef, FixTexts, InputName, ScenarioInput, ScenarioResult } from './protocol.ts';
import { BLOB_THRESHOLD, blobOf } from './largeTexts.ts';

export type EngineEvent =
  | { type: 'result'; result: ScenarioResult }
  | { type: 'failure'; message: string }
  | { type: 'restarted'; reason: string };

export interface EngineClientOptions {
  /** How long the worker may take for one request before it is deemed stuck and replaced. */
  timeoutMs?: number;
  /**
   * Extra time for a fresh worker's first answer: it loads and compiles the engine first, which on
   * a slow machine can take seconds that say nothing about the input.
   */
  startupGraceMs?: number;
  createWorker?: () => Worker;
}

/**
 * Talks to the engine worker. One analysis is in flight at a time, and only the newest input
 * matters: inputs that arrive meanwhile replace each other, and the last one is sent as soon as the
 * worker answers (a result already overtaken by a newer input is not delivered). So every edit is
 * sent at once when the worker is idle, with no debounce, and a burst of typing never builds a
 * queue. A worker that does not answer in time is terminated and a fresh one started; the caller's
 * inputs are untouched because they live in the store, not in the worker.
 */
export function createEngineClient(onEvent: (e: EngineEvent) => void, options: EngineClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 8000;
  const startupGraceMs = options.startupGraceMs ?? 10_000;
  const createWorker = options.createWorker ?? (() => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'meshsim-engine' }));
  let worker: Worker | undefined;
  let nextId = 1;
  /** The analysis in flight (0: none). */
  let pendingId = 0;
  /** The newest input that arrived while one was in flight. */
  let queued: ScenarioInput | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  /** Whether the current worker has answered anything yet (see startupGraceMs). */
  let warm = false;
  const arm = () => {
    const limit = warm ? timeoutMs : timeoutMs + startupGraceMs;
    watchdog = setTimeout(() => restart(`the engine did not answer within ${limit / 1000} s and was restarted`), limit);
  };
  /** One-off requests (not analyses), answered by id; they never supersede each other. */
  const waiting = new Map<number, (msg: EngineResponse) => void>();

  const start = () => {
    worker = createWorker();
    warm = false;
    worker.onmessage = (event: MessageEvent<EngineResponse>) => {
      const msg = event.data;
      warm = true;
      const waiter = waiting.get(msg.id);
      if (waiter) {
        waiting.delete(msg.id);
        waiter(msg);
        return;
      }
      if (msg.id !== pendingId) return; // a request the watchdog already gave up on
      if (msg.type === 'result' && msg.result.pending?.length) {
        // The first verdict, with sections still loading: the whole result follows for the same request.
        if (!queued) onEvent({ type: 'result', result: msg.result });
        return;
      }
      clearTimeout(watchdog);
      pendingId = 0;
      if (queued) {
        // Overtaken while it ran: send the newest input instead of showing this one.
        const next = queued;
        queued = undefined;
        send(next);
        return;
      }
      if (msg.type === 'result') onEvent({ type: 'result', result: msg.result });
      else if (msg.type === 'failure') onEvent({ type: 'failure', message: msg.message });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      restart(`the engine crashed: ${event.message || 'unknown error'}`);
    };
  };

  const restart = (reason: string) => {
    clearTimeout(watchdog);
    worker?.terminate();
    pendingId = 0;
    queued = undefined;
    // A question the old worker held is not answered by the new one.
    for (const [id, waiter] of waiting) waiter({ type: 'failure', id, message: reason });
    waiting.clear();
    start();
    onEvent({ type: 'restarted', reason });
  };

  const send = (input: ScenarioInput) => {
    const id = nextId++;
    pendingId = id;
    // The watchdog starts once the request is sent.
    withLargeTexts(input, () => pendingId === id, (packed) => {
      arm();
      worker!.postMessage({ type: 'analyze', id, ...packed } satisfies EngineRequest);
    });
  };

  start();

  return {
    analyze(input: ScenarioInput) {
      // A worker busy with an older edit keeps its deadline: typing must not postpone the
      // watchdog of a request that is stuck; the newest input waits for its answer.
      if (pendingId !== 0) queued = input;
      else send(input);
    },
    /**
     * The texts a fix of the selected workload leaves in the editors, for `input` (the one its
     * result came from, or the newest): asked when the user presses the fix's Apply. Rejects when
     * the engine fails or is restarted meanwhile.
     */
    fixTexts(input: ScenarioInput, fix: FixRef): Promise<FixTexts> {
      const id = nextId++;
      const sentTo = worker;
      return new Promise((resolve, reject) => {
        // Its own deadline: a worker stuck writing them is replaced as a stuck analysis is.
        const limit = warm ? timeoutMs : timeoutMs + startupGraceMs;
        const deadline = setTimeout(() => waiting.has(id) && restart(`the engine did not answer within ${limit / 1000} s and was restarted`), limit);
        waiting.set(id, (msg) => {
          clearTimeout(deadline);
          if (msg.type === 'fixTexts') resolve({ texts: msg.texts, ...(msg.unwritable ? { unwritable: msg.unwritable } : {}), ...(msg.gone ? { gone: msg.gone } : {}) });
          else reject(new Error(msg.type === 'failure' ? msg.message : 'unexpected answer'));
        });
        withLargeTexts(input, () => worker === sentTo && waiting.has(id), (packed) => worker!.postMessage({ type: 'fixTexts', id, fix, ...packed } satisfies EngineRequest));
      });
    },
    /** meshsim's built-in install as ConfigMap texts, for a user who wants to start from it. */
    builtinConfigMaps(): Promise<{ injector: string; mesh: string }> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (msg) => (msg.type === 'builtinConfigMaps' ? resolve({ injector: msg.injector, mesh: msg.mesh }) : reject(new Error(msg.type === 'failure' ? msg.message : 'unexpected answer'))));
        worker!.postMessage({ type: 'builtinConfigMaps', id } satisfies EngineRequest);
      });
    },
    dispose() {
      clearTimeout(watchdog);
      waiting.clear();
      worker?.terminate();
    },
  };
}

export type EngineClient = ReturnType<typeof createEngineClient>;

/**
 * Sends an input, its large texts as Blobs built a slice per task (largeTexts.ts), unless `still()`
 * says the request was given up meanwhile (the worker restarted, a newer input replaced it).
 */
function withLargeTexts(input: ScenarioInput, still: () => boolean, send: (packed: { input: ScenarioInput; blobs?: Partial<Record<InputName, Blob>> }) => void): void {
  const large = (Object.keys(input.texts) as InputName[]).filter((n) => (input.texts[n]?.length ?? 0) >= BLOB_THRESHOLD);
  if (!large.length) return send({ input });
  void Promise.all(large.map((n) => blobOf(input.texts[n]!))).then(
    (blobs) => {
      if (!still()) return;
      const texts = { ...input.texts };
      for (const n of large) texts[n] = '';
      send({ input: { ...input, texts }, blobs: Object.fromEntries(large.map((n, i) => [n, blobs[i]])) });
    },
    () => still() && send({ input }),
  );
}
