import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../worker/engineClient.ts';
import type { FixRef, FixTexts, ScenarioInput } from '../worker/protocol.ts';
import { bindEngine } from './engineBinding.ts';
import { createAppStore } from './store.ts';

/** A client whose fixTexts answers are given by the test, when the test says. */
function answeringClient(answer: (fix: FixRef) => FixTexts) {
  const asked: { input: ScenarioInput; fix: FixRef; reply: () => void }[] = [];
  const client = {
    analyze: () => {},
    fixTexts: (input: ScenarioInput, fix: FixRef) => new Promise<FixTexts>((resolve) => asked.push({ input, fix, reply: () => resolve(answer(fix)) })),
    builtinConfigMaps: () => Promise.resolve({ injector: '', mesh: '' }),
    dispose: () => {},
  } as unknown as EngineClient;
  return { client, asked };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const fix = { section: 'admission' as const, index: 0, sentence: 'Label namespace bookinfo with istio-injection=enabled.' };

describe('applying a fix whose texts the engine writes when asked', () => {
  it('asks for them with the inputs as they are, applies them as one undoable change', async () => {
    const store = createAppStore();
    const { client, asked } = answeringClient(() => ({ texts: { namespaces: 'edited: true\n' } }));
    bindEngine(store, { client });
    const before = store.getState().texts.namespaces;
    store.getState().applyFix({ ...fix, texts: {}, textsDeferred: true });
    expect(store.getState().applyingFix).toEqual(fix);
    expect(asked).toHaveLength(1);
    expect(asked[0].fix).toEqual(fix);
    expect(asked[0].input.texts).toBe(store.getState().texts);
    // Pressed again while it is being written: asked once.
    store.getState().applyFix({ ...fix, texts: {}, textsDeferred: true });
    expect(asked).toHaveLength(1);
    asked[0].reply();
    await settle();
    expect(store.getState().texts.namespaces).toBe('edited: true\n');
    expect(store.getState().applyingFix).toBeUndefined();
    expect(store.getState().lastApplied?.label).toBe(fix.sentence);
    store.getState().undoLastChange();
    expect(store.getState().texts.namespaces).toBe(before);
  });

  it('says why when the texts cannot be written, while the YAML is unchanged', async () => {
    const store = createAppStore();
    const { client, asked } = answeringClient(() => ({ texts: {}, unwritable: { input: 'namespaces', reason: 'yaml-error' } }));
    bindEngine(store, { client });
    const texts = store.getState().texts;
    store.getState().applyFix({ ...fix, texts: {}, textsDeferred: true });
    asked[0].reply();
    await settle();
    expect(store.getState().texts).toBe(texts);
    expect(store.getState().lastApplied).toBeUndefined();
    expect(store.getState().fixNotice).toEqual({ ...fix, texts, why: { unwritable: { input: 'namespaces', reason: 'yaml-error' } } });
  });

  it('applies nothing when the YAML changed while the texts were written', async () => {
    const store = createAppStore();
    const { client, asked } = answeringClient(() => ({ texts: { namespaces: 'edited: true\n' } }));
    bindEngine(store, { client });
    store.getState().applyFix({ ...fix, texts: {}, textsDeferred: true });
    store.getState().setText('workloads', `${store.getState().texts.workloads}\n# typed meanwhile\n`);
    asked[0].reply();
    await settle();
    expect(store.getState().texts.namespaces).not.toBe('edited: true\n');
    expect(store.getState().fixNotice?.why).toEqual({ changed: true });
  });

  it('applies texts a result already has without asking', () => {
    const store = createAppStore();
    const { client, asked } = answeringClient(() => ({ texts: {} }));
    bindEngine(store, { client });
    store.getState().applyFix({ ...fix, texts: { namespaces: 'written: before\n' } });
    expect(asked).toHaveLength(0);
    expect(store.getState().texts.namespaces).toBe('written: before\n');
  });
});
