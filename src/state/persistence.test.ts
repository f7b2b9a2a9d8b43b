import { describe, expect, it, vi } from 'vitest';
import { examples } from './defaultScenario.ts';
import { bindPersistence, snapshot } from './persistence.ts';
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
});
