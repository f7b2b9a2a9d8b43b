import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToSummary, auditDump, generateDump, openAudit, summarizeAudit, type AuditSession } from '../engine/audit/index.ts';
import { createAuditClient, type AuditEvent } from './auditClient.ts';
import { previewUpgrade } from '../engine/upgrade/index.ts';
import { shopTexts, unlabelShop } from '../engine/upgrade/shopCluster.fixture.ts';
import type { AuditRequest, AuditResponse } from './auditProtocol.ts';

/** A stand-in Worker that runs the real audit a few pods at a time, or stays silent like a hung one. */
class InlineWorker {
  onmessage: ((e: MessageEvent<AuditResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  session?: AuditSession;
  constructor(private silent = false, private lag = 1) {}
  private post(m: AuditResponse) {
    setTimeout(() => !this.terminated && this.onmessage?.({ data: m } as MessageEvent<AuditResponse>), this.lag);
  }
  postMessage(req: AuditRequest) {
    if (this.silent) return;
    if (req.type === 'scenario') return this.post({ type: 'scenario', id: req.id, index: req.index, texts: this.session?.podScenario(req.index) });
    if (req.type === 'upgrade') return this.post({ type: 'upgrade', id: req.id, preview: previewUpgrade(req.input) });
    const session = (this.session = openAudit(req.text, { shard: req.shard, shards: req.shards }));
    this.post({ type: 'opened', id: req.id, overview: session.overview, range: session.range });
    const summary = summarizeAudit([]);
    const step = () => {
      const rows = session.next(7);
      this.post({ type: 'rows', id: req.id, rows, done: session.done(), summary: structuredClone(addToSummary(summary, rows)) });
      if (session.done() < session.overview.pods) setTimeout(step, 2);
      else this.post({ type: 'finished', id: req.id, diagnostics: session.overview.diagnostics });
    };
    setTimeout(step, 2);
  }
  terminate() {
    this.terminated = true;
  }
}

const text = generateDump({ pods: 40, seed: 4 });

describe('audit client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('merges two workers’ rows and progress into the whole audit', async () => {
    const events: AuditEvent[] = [];
    const workers: InlineWorker[] = [];
    const client = createAuditClient((e) => events.push(e), { workers: 2, createWorker: () => (workers.push(new InlineWorker()), workers.at(-1) as unknown as Worker) });
    client.run(text);
    await vi.advanceTimersByTimeAsync(200);
    expect(workers).toHaveLength(2);
    const rows = events.flatMap((e) => (e.type === 'rows' ? e.rows : []));
    expect(rows.sort((a, b) => a.index - b.index)).toEqual(auditDump(text).rows);
    const progress = events.flatMap((e) => (e.type === 'rows' ? [e.done] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(40);
    const last = events.findLast((e) => e.type === 'rows')!;
    expect(last.type === 'rows' && last.summary).toEqual(summarizeAudit(auditDump(text).rows));
    expect(events.at(-1)).toMatchObject({ type: 'finished', diagnostics: [] });
  });

  it('asks the worker that audited a pod for its scenario texts', async () => {
    const client = createAuditClient(() => {}, { workers: 2, createWorker: () => new InlineWorker() as unknown as Worker });
    client.run(text);
    await vi.advanceTimersByTimeAsync(200);
    const texts = client.scenarioOf(30);
    await vi.advanceTimersByTimeAsync(5);
    expect((await texts)?.workloads).toContain(`name: ${auditDump(text).rows[30].name}`);
  });

  it('cancels a run: the workers end, the rows so far stay, and nothing arrives after', async () => {
    const events: AuditEvent[] = [];
    const workers: InlineWorker[] = [];
    const client = createAuditClient((e) => events.push(e), { workers: 2, createWorker: () => (workers.push(new InlineWorker()), workers.at(-1) as unknown as Worker) });
    client.run(text);
    await vi.advanceTimersByTimeAsync(3);
    client.cancel();
    const cancelled = events.at(-1);
    expect(cancelled).toMatchObject({ type: 'cancelled', total: 40 });
    expect(cancelled?.type === 'cancelled' && cancelled.done).toBeLessThan(40);
    expect(workers.every((w) => w.terminated)).toBe(true);
    const count = events.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(events).toHaveLength(count);
  });

  it('knows the total from whichever worker opened the dump first, even when the first worker lags', async () => {
    const events: AuditEvent[] = [];
    const client = createAuditClient((e) => events.push(e), { workers: 2, createWorker: (() => { let n = 0; return () => new InlineWorker(false, n++ === 0 ? 60 : 1) as unknown as Worker; })() });
    client.run(text);
    await vi.advanceTimersByTimeAsync(20);
    const rows = events.filter((e) => e.type === 'rows');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.type === 'rows' && e.total === 40)).toBe(true);
    client.cancel();
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', total: 40 });
  });

  it('previews an upgrade in a worker of its own', async () => {
    const client = createAuditClient(() => undefined, { createWorker: () => new InlineWorker() as unknown as Worker });
    const preview = client.previewUpgrade({ texts: shopTexts, steps: unlabelShop });
    await vi.advanceTimersByTimeAsync(5);
    const p = (await preview)!;
    expect(p.states.map((st) => st.namespaces[0].revision)).toEqual(['default', '']);
  });

  it('stops a run whose worker stays silent, and a new run starts afresh', async () => {
    const events: AuditEvent[] = [];
    const workers: InlineWorker[] = [];
    const client = createAuditClient((e) => events.push(e), { workers: 1, timeoutMs: 1000, createWorker: () => (workers.push(new InlineWorker(workers.length === 0)), workers.at(-1) as unknown as Worker) });
    client.run(text);
    await vi.advanceTimersByTimeAsync(1100);
    expect(workers[0].terminated).toBe(true);
    expect(events).toEqual([{ type: 'failure', message: expect.stringContaining('stopped answering') }]);
    client.run(text);
    await vi.advanceTimersByTimeAsync(300);
    expect(events.at(-1)).toMatchObject({ type: 'finished' });
  });
});
