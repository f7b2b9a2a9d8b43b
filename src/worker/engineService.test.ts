import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { examples } from '../examples/examples.ts';
import { createEngineService, type LaterEngine } from './engineService.ts';
import type { EngineResponse } from './protocol.ts';

/** A later chunk that arrives when the test says so. */
function deferredLater() {
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const load = async (): Promise<LaterEngine> => {
    await arrived;
    return import('../engine/later.ts');
  };
  return { load, arrive };
}

const texts = examples[0].texts;

describe('the engine worker', () => {
  it('answers the first verdict before the injection code arrives, then the whole result', async () => {
    const posted: EngineResponse[] = [];
    const later = deferredLater();
    const service = createEngineService({ later: later.load }, (r) => posted.push(r));
    service.handle({ type: 'analyze', id: 1, input: { texts } });
    expect(posted).toHaveLength(1);
    const first = posted[0];
    expect(first.type === 'result' && first.result.admission.workloads[0].verdict).toBe('injected');
    expect(first.type === 'result' && first.result.pending).toEqual(['injection', 'traffic', 'ambient', 'upgrade']);
    later.arrive();
    await service.ready;
    await new Promise((r) => setTimeout(r, 0));
    expect(posted).toHaveLength(2);
    const full = posted[1];
    expect(full.type === 'result' && full.id === 1 && full.result.pending).toBeUndefined();
    expect(full.type === 'result' && full.result.injection?.pod?.after).toBeTruthy();
  });

  it('answers a replaced request once only', async () => {
    const posted: EngineResponse[] = [];
    const later = deferredLater();
    const service = createEngineService({ later: later.load }, (r) => posted.push(r));
    service.handle({ type: 'analyze', id: 1, input: { texts } });
    service.handle({ type: 'analyze', id: 2, input: { texts, selectedWorkload: 0 } });
    later.arrive();
    await service.ready;
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.map((r) => r.id)).toEqual([1, 2, 2]);
  });

  it('says so when the rest of the engine cannot be loaded', async () => {
    const posted: EngineResponse[] = [];
    const service = createEngineService({ later: () => Promise.reject(new Error('offline')) }, (r) => posted.push(r));
    service.handle({ type: 'analyze', id: 1, input: { texts } });
    await service.ready;
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.map((r) => r.type)).toEqual(['result', 'failure']);
    expect(posted[1].type === 'failure' && posted[1].message).toMatch(/could not be loaded: offline/);
  });

  it('waits for the rest before writing out the built-in install', async () => {
    const posted: EngineResponse[] = [];
    const later = deferredLater();
    const service = createEngineService({ later: later.load }, (r) => posted.push(r));
    service.handle({ type: 'builtinConfigMaps', id: 7 });
    expect(posted).toEqual([]);
    later.arrive();
    await service.ready;
    await new Promise((r) => setTimeout(r, 0));
    expect(posted[0]).toMatchObject({ type: 'builtinConfigMaps', id: 7 });
  });
});

describe('the CEL compiler in the engine worker', () => {
  it('is waited for before a text that names matchConditions is analysed, and only then', async () => {
    const posted: EngineResponse[] = [];
    let arrive!: () => void;
    const cel = new Promise<void>((r) => (arrive = r));
    const service = createEngineService({ later: () => import('../engine/later.ts'), cel: () => cel }, (r) => posted.push(r));
    await service.ready;
    service.handle({ type: 'analyze', id: 1, input: { texts } });
    expect(posted.map((r) => r.id)).toEqual([1]);
    const webhooks = `${texts.webhooks}\n# matchConditions: the next paste has some\n`;
    service.handle({ type: 'analyze', id: 2, input: { texts: { ...texts, webhooks } } });
    expect(posted.map((r) => r.id)).toEqual([1]);
    arrive();
    await cel;
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe("a fix's texts in the engine worker", () => {
  const fixOf = (r: EngineResponse) => (r.type === 'result' ? r.result.admission.workloads[r.result.selectedWorkload].suggestions : []);
  const notInjected = { ...texts, namespaces: texts.namespaces.replace('istio-injection: enabled', 'istio-injection: disabled') };

  it('are left unwritten in analyses, and written when asked, as a whole analysis writes them', async () => {
    const posted: EngineResponse[] = [];
    const service = createEngineService({ later: () => import('../engine/later.ts') }, (r) => posted.push(r));
    await service.ready;
    service.handle({ type: 'analyze', id: 1, input: { texts: notInjected } });
    const offered = fixOf(posted[0]);
    expect(offered.length).toBeGreaterThan(0);
    for (const s of offered) expect(s).toMatchObject({ texts: {}, textsDeferred: true });
    const whole = analyzeScenario({ texts: notInjected }).admission.workloads[0].suggestions;
    const last = offered.length - 1;
    service.handle({ type: 'fixTexts', id: 2, input: { texts: notInjected }, fix: { section: 'admission', index: last, sentence: offered[last].sentence } });
    await new Promise((r) => setTimeout(r, 0));
    expect(posted[1]).toEqual({ type: 'fixTexts', id: 2, texts: whole[last].texts });
    expect(Object.keys(whole[last].texts).length).toBeGreaterThan(0);
    // A fix the input no longer offers is not written.
    service.handle({ type: 'fixTexts', id: 3, input: { texts }, fix: { section: 'admission', index: last, sentence: offered[last].sentence } });
    await new Promise((r) => setTimeout(r, 0));
    expect(posted[2]).toEqual({ type: 'fixTexts', id: 3, texts: {}, gone: true });
  });

  it('say which tab refuses an edit', async () => {
    const posted: EngineResponse[] = [];
    const service = createEngineService({ later: () => import('../engine/later.ts') }, (r) => posted.push(r));
    const broken = { ...texts, namespaces: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n---\nfoo: [unclosed\n' };
    service.handle({ type: 'analyze', id: 1, input: { texts: broken } });
    const index = fixOf(posted[0]).findIndex((s) => s.edits.some((e) => e.input === 'namespaces'));
    service.handle({ type: 'fixTexts', id: 2, input: { texts: broken }, fix: { section: 'admission', index, sentence: fixOf(posted[0])[index].sentence } });
    await service.ready;
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.find((r) => r.id === 2)).toEqual({ type: 'fixTexts', id: 2, texts: {}, unwritable: { input: 'namespaces', reason: 'yaml-error' } });
  });
});
