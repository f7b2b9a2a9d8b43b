import { examples } from './defaultScenario.ts';
import type { SavedScenario } from './savedScenario.ts';
import { validSavedScenario } from './savedScenario.ts';
import type { AppState, AppStore } from './store.ts';
import { decodeHash, encodeHash } from './urlState.ts';
import { INPUT_NAMES, type InputName } from '../worker/protocol.ts';
import { indexedDbStore, type LargeTextStore } from './largeTextStore.ts';
import { BLOB_THRESHOLD, blobOf, readBlobText } from '../worker/largeTexts.ts';

const STORAGE_KEY = 'meshsim.scenario.v1';

/**
 * Texts up to this many characters in all go into the permalink and localStorage. Larger ones are
 * autosaved to IndexedDB instead: compressing them into a link would hold the main thread for
 * seconds, and localStorage's few MB would refuse them (losing the text on the next reload).
 */
export const INLINE_LIMIT = 256 * 1024;

/** Marks, in the permalink's place, that the scenario is in the autosave. */
const AUTOSAVED_HASH = '#autosaved';

/** What the page reads and writes; injected so tests need no browser. */
export interface PersistenceHost {
  getHash(): string;
  replaceHash(hash: string): void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Where large texts go (defaults to the browser's IndexedDB). */
  largeStore?: LargeTextStore;
}

function textSize(texts: SavedScenario['texts']): number {
  let n = 0;
  for (const name of INPUT_NAMES) n += texts?.[name]?.length ?? 0;
  return n;
}

/**
 * The texts as the autosave stores them: a text of a MB or more as a Blob (built a slice per task,
 * and shared with the engine, worker/largeTexts.ts), since IndexedDB copies a string whole inside
 * the put, on the main thread.
 */
async function toStored(texts: SavedScenario['texts']): Promise<Record<string, string | Blob>> {
  const out: Record<string, string | Blob> = {};
  for (const [name, text] of Object.entries(texts ?? {})) if (typeof text === 'string') out[name] = text.length >= BLOB_THRESHOLD ? await blobOf(text) : text;
  return out;
}

/** The stored texts back as strings (a Blob read a slice per task); anything else is left for validSavedScenario to drop. */
async function fromStored(stored: unknown): Promise<unknown> {
  if (!stored || typeof stored !== 'object') return stored;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(stored)) out[name] = typeof Blob !== 'undefined' && v instanceof Blob ? await readBlobText(v) : v;
  return out;
}

/** Each bound store's "save now" (see autosaveNow). */
const flushers = new WeakMap<AppStore, () => Promise<void>>();

/**
 * Saves the scenario now and resolves once it is stored: called before work that could crash the
 * tab (the engine reading a large text), so that a crash never takes the text with it.
 */
export function autosaveNow(store: AppStore): Promise<void> {
  return flushers.get(store)?.() ?? Promise.resolve();
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
  const large = host.largeStore ?? indexedDbStore();
  const fromHash = decodeHash(host.getHash());
  let fromStorage: (SavedScenario & { largeTexts?: boolean }) | undefined;
  if (!fromHash) {
    try {
      const raw = host.storage?.getItem(STORAGE_KEY);
      const parsed = raw ? JSON.parse(raw) : undefined;
      fromStorage = parsed ? { ...validSavedScenario(parsed), largeTexts: parsed.largeTexts === true } : undefined;
    } catch {
      fromStorage = undefined;
    }
  }
  const saved = fromHash ?? fromStorage;
  if (saved) restore(store, saved);
  let restoring: Promise<void> | undefined;
  if (fromStorage?.largeTexts && large) {
    // The texts are in IndexedDB: put them in place when they arrive, unless the user has typed since.
    const before = store.getState().texts;
    restoring = large.get().then(fromStored).then(
      (texts) => {
        const valid = validSavedScenario({ texts })?.texts;
        if (valid && store.getState().texts === before) restore(store, { ...fromStorage, texts: valid });
      },
      () => undefined,
    );
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  let lastLarge: SavedScenario['texts'] | undefined;
  let saving: Promise<void> = Promise.resolve();
  const write = (): Promise<void> => {
    clearTimeout(timer);
    const s = snapshot(store.getState());
    if (textSize(s.texts) <= INLINE_LIMIT || !large) {
      const hash = encodeHash(s);
      if (hash === last) return saving;
      last = hash;
      lastLarge = undefined;
      host.replaceHash(hash);
      try {
        host.storage?.setItem(STORAGE_KEY, JSON.stringify(s));
      } catch {
        // Storage full or disabled: the permalink still holds the scenario.
      }
      return saving;
    }
    if (s.texts === lastLarge) return saving;
    lastLarge = s.texts;
    last = '';
    const { texts, ...rest } = s;
    // The texts first, the marker that points at them once they are stored: a crash in between
    // leaves the previous autosave whole.
    saving = saving.then(() => toStored(texts)).then((stored) => large.put(stored)).then(
      () => {
        host.replaceHash(AUTOSAVED_HASH);
        try {
          host.storage?.setItem(STORAGE_KEY, JSON.stringify({ ...rest, largeTexts: true }));
        } catch {
          // The texts are in IndexedDB; without the marker the next visit opens the default.
        }
      },
      () => undefined,
    );
    return saving;
  };
  // The first write waits for a pending IndexedDB restore, so it never overwrites what it restores.
  if (restoring) void restoring.then(write);
  else void write();
  flushers.set(store, () => (restoring ?? Promise.resolve()).then(write));
  const unsubscribe = store.subscribe((state, prev) => {
    if (state.texts === prev.texts && state.traffic === prev.traffic && state.cluster === prev.cluster && state.activePanel === prev.activePanel && state.selectedWorkload === prev.selectedWorkload && state.exampleId === prev.exampleId) return;
    clearTimeout(timer);
    timer = setTimeout(write, debounceMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    flushers.delete(store);
  };
}
