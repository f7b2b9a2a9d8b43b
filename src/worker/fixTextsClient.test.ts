import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngineService } from './engineService.ts';
import { createEngineClient, type EngineEvent } from './engineClient.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';
import { examples } from '../examples/examples.ts';

/** A stand-in Worker running the real engine worker's logic (engineService), that can be told to stall. */
class ServiceWorker {
  onmessage: ((e: MessageEvent<EngineResponse>) => void) | null = null;
  onerror = null;
  stall = false;
  terminated = false;
  private service = createEngineService({ later: () => import('../engine/later.ts') }, (r) => setTimeout(() => !this.terminated && this.onmessage?.({ data: r } as MessageEvent<EngineResponse>), 1));
  postMessage(req: EngineRequest) {
    if (!this.stall) this.service.handle(req);
  }
  terminate() {
    this.terminated = true;
  }
}

const texts = examples[0].texts;

describe("the engine client asking for a fix's texts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gets the texts the worker writes for the input it sends', async () => {
    vi.useRealTimers();
    const events: EngineEvent[] = [];
    const client = createEngineClient((e) => events.push(e), { createWorker: () => new ServiceWorker() as unknown as Worker });
    client.analyze({ texts });
    await vi.waitFor(() => expect(events.some((e) => e.type === 'result' && !e.result.pending)).toBe(true), { timeout: 20_000 });
    const result = events.flatMap((e) => (e.type === 'result' ? [e.result] : [])).at(-1)!;
    const s = result.admission.workloads[0].suggestions[0];
    expect(s.textsDeferred).toBe(true);
    const answer = await client.fixTexts({ texts }, { section: 'admission', index: 0, sentence: s.sentence });
    expect(Object.keys(answer.texts).length).toBeGreaterThan(0);
    client.dispose();
  });

  it('is rejected when the worker does not answer in time, and the worker is replaced', async () => {
    const events: EngineEvent[] = [];
    const workers: ServiceWorker[] = [];
    const client = createEngineClient((e) => events.push(e), {
      timeoutMs: 1000,
      startupGraceMs: 0,
      createWorker: () => {
        const w = new ServiceWorker();
        w.stall = workers.length === 0;
        workers.push(w);
        return w as unknown as Worker;
      },
    });
    const asked = client.fixTexts({ texts }, { section: 'admission', index: 0, sentence: 'x' });
    const settled = asked.then(() => 'answered', (err: Error) => err.message);
    await vi.advanceTimersByTimeAsync(1100);
    expect(await settled).toBe('the engine did not answer within 1 s and was restarted');
    expect(workers[0].terminated).toBe(true);
    expect(events).toEqual([{ type: 'restarted', reason: 'the engine did not answer within 1 s and was restarted' }]);
    client.dispose();
  });
});
