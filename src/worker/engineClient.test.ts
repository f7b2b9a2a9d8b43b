import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { createEngineClient, type EngineEvent } from './engineClient.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';

/** A stand-in Worker that runs the real engine, and can be told to stall like a hung worker. */
class InlineWorker {
  onmessage: ((e: MessageEvent<EngineResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor(public stall: boolean) {}
  /** The requests it was sent, as sent. */
  sent: EngineRequest[] = [];
  postMessage(req: EngineRequest) {
    this.sent.push(req);
    if (this.stall || req.type !== 'analyze') return;
    const result = analyzeScenario(req.input);
    setTimeout(() => !this.terminated && this.onmessage?.({ data: { type: 'result', id: req.id, result } } as MessageEvent<EngineResponse>), 1);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('engine client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers only the newest result when edits overlap', async () => {
    const events: EngineEvent[] = [];
    const client = createEngineClient((e) => events.push(e), { createWorker: () => new InlineWorker(false) as unknown as Worker });
    client.analyze({ texts: { workloads: 'kind: Pod\nmetadata: {name: old}\nspec: {containers: [{name: a}]}\n' } });
    client.analyze({ texts: { workloads: 'kind: Pod\nmetadata: {name: new}\nspec: {containers: [{name: a}]}\n' } });
    await vi.advanceTimersByTimeAsync(5);
    expect(events.map((e) => (e.type === 'result' ? e.result.workloads[0].name : e.type))).toEqual(['new']);
  });

  it('replaces a worker that stops answering', async () => {
    const events: EngineEvent[] = [];
    const workers: InlineWorker[] = [];
    const client = createEngineClient((e) => events.push(e), {
      timeoutMs: 1000,
      startupGraceMs: 0,
      createWorker: () => {
        const w = new InlineWorker(workers.length === 0);
        workers.push(w);
        return w as unknown as Worker;
      },
    });
    client.analyze({ texts: {} });
    await vi.advanceTimersByTimeAsync(500);
    client.analyze({ texts: {} }); // typing does not postpone the deadline of the stuck request
    await vi.advanceTimersByTimeAsync(600);
    expect(workers[0].terminated).toBe(true);
    expect(events).toEqual([{ type: 'restarted', reason: expect.stringContaining('did not answer') }]);
    client.analyze({ texts: { workloads: 'kind: Pod\nmetadata: {name: p}\nspec: {}\n' } });
    await vi.advanceTimersByTimeAsync(5);
    expect(events.at(-1)).toMatchObject({ type: 'result' });
  });

  it("gives a fresh worker's first answer a startup grace, and a warm worker the plain timeout", async () => {
    const events: EngineEvent[] = [];
    const workers: InlineWorker[] = [];
    const client = createEngineClient((e) => events.push(e), {
      timeoutMs: 1000,
      startupGraceMs: 4000,
      createWorker: () => {
        const w = new InlineWorker(workers.length === 0);
        workers.push(w);
        return w as unknown as Worker;
      },
    });
    client.analyze({ texts: {} });
    await vi.advanceTimersByTimeAsync(4500);
    expect(workers[0].terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    expect(events).toEqual([{ type: 'restarted', reason: 'the engine did not answer within 5 s and was restarted' }]);
    client.analyze({ texts: {} }); // the second worker answers, so it is warm from now on
    await vi.advanceTimersByTimeAsync(5);
    expect(events.at(-1)).toMatchObject({ type: 'result' });
    workers[1].stall = true;
    client.analyze({ texts: {} });
    await vi.advanceTimersByTimeAsync(1100);
    expect(events.at(-1)).toEqual({ type: 'restarted', reason: 'the engine did not answer within 1 s and was restarted' });
  });

  it('delivers a first verdict and then the whole result for the same request', async () => {
    const events: EngineEvent[] = [];
    const twice = {
      onmessage: null as ((e: MessageEvent<EngineResponse>) => void) | null,
      onerror: null,
      postMessage(req: EngineRequest) {
        if (req.type !== 'analyze') return;
        const full = analyzeScenario(req.input);
        const first = { ...full, injection: undefined, traffic: undefined, pending: ['injection', 'traffic'] as ('injection' | 'traffic')[] };
        setTimeout(() => this.onmessage?.({ data: { type: 'result', id: req.id, result: first } } as MessageEvent<EngineResponse>), 1);
        setTimeout(() => this.onmessage?.({ data: { type: 'result', id: req.id, result: full } } as MessageEvent<EngineResponse>), 2);
      },
      terminate() {},
    };
    const client = createEngineClient((e) => events.push(e), { timeoutMs: 1000, createWorker: () => twice as unknown as Worker });
    client.analyze({ texts: { workloads: 'kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: a}]}\n' } });
    await vi.advanceTimersByTimeAsync(5);
    expect(events.map((e) => (e.type === 'result' ? (e.result.pending ? 'first' : 'full') : e.type))).toEqual(['first', 'full']);
    // The request is settled: no restart later.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(events.filter((e) => e.type === 'restarted')).toEqual([]);
  });

  it('sends a text of a MB or more as a Blob, and the others as strings', async () => {
    vi.useRealTimers();
    const worker = new InlineWorker(false);
    const events: EngineEvent[] = [];
    const client = createEngineClient((e) => events.push(e), { createWorker: () => worker as unknown as Worker });
    const big = `# ${'x'.repeat(1024 * 1024)}\n`;
    client.analyze({ texts: { workloads: big, namespaces: 'kind: Namespace\nmetadata: {name: a}\n' } });
    await vi.waitFor(() => expect(worker.sent).toHaveLength(1));
    const req = worker.sent[0] as Extract<EngineRequest, { type: 'analyze' }>;
    expect(req.input.texts.workloads).toBe('');
    expect(req.input.texts.namespaces).toContain('kind: Namespace');
    expect(await req.blobs?.workloads?.text()).toBe(big);
    client.dispose();
  });
});
