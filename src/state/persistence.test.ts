import { describe, expect, it, vi } from 'vitest';
import { examples } from './defaultScenario.ts';
import { INLINE_LIMIT, autosaveNow, bindPersistence, snapshot } from './persistence.ts';
import { createAppStore } from './store.ts';
import { decodeHash, encodeHash } from './urlState.ts';

function fakeHost(hash = '') {
  const stored = new Map<string, string>();
  const host = {
    hash,
    getHash: () => host.hash,
    replaceHash: (h: string) => {
      host.hash = h;
    },
    storage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
  };
  return host;
}

describe('persistence', () => {
  it('keeps an unchanged example as its id, so the link stays short', () => {
    const store = createAppStore();
    store.getState().loadExample(examples[3].id);
    const s = snapshot(store.getState());
    expect(s.example).toBe(examples[3].id);
    expect(s.texts).toBeUndefined();
  });

  it('opens the scenario a link carries, and writes edits back to the hash and storage', () => {
    vi.useFakeTimers();
    const link = encodeHash({ texts: { workloads: 'kind: Pod\nmetadata: {name: linked}\n' }, panel: 'traffic', cluster: { cni: true } });
    const host = fakeHost(link);
    const store = createAppStore();
    bindPersistence(store, host);
    expect(store.getState().texts.workloads).toContain('linked');
    expect(store.getState().texts.namespaces).toBe(examples[0].texts.namespaces);
    expect(store.getState().activePanel).toBe('traffic');
    expect(store.getState().cluster).toEqual({ cni: true });
    store.getState().setText('workloads', 'kind: Pod\nmetadata: {name: edited}\n');
    vi.advanceTimersByTime(400);
    expect(decodeHash(host.hash)?.texts?.workloads).toContain('edited');
    const reopened = createAppStore();
    bindPersistence(reopened, { ...fakeHost(''), storage: host.storage });
    expect(reopened.getState().texts.workloads).toContain('edited');
    vi.useRealTimers();
  });

  it('keeps a text too large for a link or localStorage in the large-text store, and opens it again', async () => {
    const held: { value?: unknown; puts: number } = { puts: 0 };
    const largeStore = {
      put: async (v: unknown) => {
        await Promise.resolve();
        held.value = structuredClone(v);
        held.puts++;
      },
      get: async () => held.value,
    };
    const host = Object.assign(fakeHost(''), { largeStore });
    const store = createAppStore();
    bindPersistence(store, host);
    const big = `kind: Pod\nmetadata:\n  annotations:\n    a: "${'x'.repeat(INLINE_LIMIT)}"\n`;
    store.getState().setText('workloads', big);
    // Saved before the engine is asked to read it (autosaveNow is what the engine binding awaits).
    await autosaveNow(store);
    expect((held.value as Record<string, string>).workloads).toBe(big);
    expect(host.hash).toBe('#autosaved');
    const marker = JSON.parse(host.storage.getItem('meshsim.scenario.v1')!);
    expect(marker.largeTexts).toBe(true);
    expect(marker.texts).toBeUndefined();
    // A new tab (after a crash): the texts come back from the large-text store.
    const reopened = createAppStore();
    bindPersistence(reopened, { ...fakeHost(host.hash), storage: host.storage, largeStore });
    await autosaveNow(reopened);
    expect(reopened.getState().texts.workloads).toBe(big);
    expect(reopened.getState().texts.namespaces).toBe(examples[0].texts.namespaces);
  });

  it('stores a text of a MB or more as a Blob (IndexedDB would copy a string whole on the main thread) and reads it back', async () => {
    const held: { value?: unknown } = {};
    const largeStore = { put: async (v: unknown) => void (held.value = v), get: async () => held.value };
    const host = Object.assign(fakeHost(''), { largeStore });
    const store = createAppStore();
    bindPersistence(store, host);
    const big = `kind: Pod\nmetadata:\n  annotations:\n    a: "${'é'.repeat(1024 * 1024)}"\n`;
    store.getState().setText('workloads', big);
    await autosaveNow(store);
    const stored = held.value as Record<string, unknown>;
    expect(stored.workloads).toBeInstanceOf(Blob);
    expect(typeof stored.namespaces).toBe('string');
    const reopened = createAppStore();
    bindPersistence(reopened, { ...fakeHost(host.hash), storage: host.storage, largeStore });
    await autosaveNow(reopened);
    expect(reopened.getState().texts.workloads).toBe(big);
  });

  it('does not overwrite what the user typed while the large texts were being read back', async () => {
    let release: (v: unknown) => void = () => {};
    const largeStore = { put: async () => {}, get: () => new Promise<unknown>((r) => (release = r)) };
    const storage = fakeHost('').storage;
    storage.setItem('meshsim.scenario.v1', JSON.stringify({ largeTexts: true }));
    const store = createAppStore();
    bindPersistence(store, { ...fakeHost(''), storage, largeStore });
    store.getState().setText('workloads', 'kind: Pod\nmetadata: {name: typed}\n');
    release({ workloads: 'kind: Pod\nmetadata: {name: restored}\n' });
    await autosaveNow(store);
    expect(store.getState().texts.workloads).toContain('typed');
  });
});
