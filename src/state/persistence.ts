import { examples } from './defaultScenario.ts';
import type { SavedScenario } from './savedScenario.ts';
import { validSavedScenario } from './savedScenario.ts';
import type { AppState, AppStore } from './store.ts';
import { decodeHash, encodeHash } from './urlState.ts';
import { INPUT_NAMES, type InputName } from '../worker/protocol.ts';

const STORAGE_KEY = 'meshsim.scenario.v1';

/** What the page reads and writes; injected so tests need no browser. */
export interface PersistenceHost {
  getHash(): string;
  replaceHash(hash: string): void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/** The scenario part of the state, as a permalink or the autosave stores it. */
export function snapshot(s: AppState): SavedScenario {
  const example = examples.find((e) => e.id === s.exampleId);
  const same = example && INPUT_NAMES.every((n) => example.texts[n] === s.texts[n]);
  return {
    ...(same ? { example: example.id } : { texts: s.texts }),
    traffic: s.traffic,
    cluster: s.cluster,
    panel: s.activePanel,
    workload: s.selectedWorkload,
  };
}

/** Applies a saved scenario to the store (unknown examples and missing texts fall back to the default). */
export function restore(store: AppStore, saved: SavedScenario): void {
  const example = examples.find((e) => e.id === saved.example);
  const base = example?.texts ?? examples[0].texts;
  const texts = { ...base, ...(saved.texts ?? {}) } as Record<InputName, string>;
  store.setState({
    texts,
    exampleId: example && !saved.texts ? example.id : undefined,
    ...(saved.traffic ? { traffic: saved.traffic } : {}),
    ...(saved.cluster ? { cluster: saved.cluster } : {}),
    ...(saved.panel ? { activePanel: saved.panel } : {}),
    ...(saved.workload !== undefined ? { selectedWorkload: saved.workload } : {}),
  });
}

/**
 * Loads the scenario from the URL hash, else from the autosave, and keeps both up to date as the
 * user works. Returns a function that stops.
 */
export function bindPersistence(store: AppStore, host: PersistenceHost, debounceMs = 300): () => void {
  const fromHash = decodeHash(host.getHash());
  let fromStorage: SavedScenario | undefined;
  if (!fromHash) {
    try {
      const raw = host.storage?.getItem(STORAGE_KEY);
      fromStorage = raw ? validSavedScenario(JSON.parse(raw)) : undefined;
    } catch {
      fromStorage = undefined;
    }
  }
  const saved = fromHash ?? fromStorage;
  if (saved) restore(store, saved);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  const write = () => {
    const s = snapshot(store.getState());
    const hash = encodeHash(s);
    if (hash === last) return;
    last = hash;
    host.replaceHash(hash);
    try {
      host.storage?.setItem(STORAGE_KEY, JSON.stringify(s));
    } catch {
      // Storage full or disabled: the permalink still holds the scenario.
    }
  };
  write();
  const unsubscribe = store.subscribe((state, prev) => {
    if (state.texts === prev.texts && state.traffic === prev.traffic && state.cluster === prev.cluster && state.activePanel === prev.activePanel && state.selectedWorkload === prev.selectedWorkload && state.exampleId === prev.exampleId) return;
    clearTimeout(timer);
    timer = setTimeout(write, debounceMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
