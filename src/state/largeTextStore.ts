/**
 * Where the autosave keeps texts too large for localStorage (its quota is a few MB, and a write
 * past it simply fails): one IndexedDB record, written and read whole. IndexedDB's quota is a share
 * of the disk, and its writes happen off the main thread once the value is cloned.
 */
export interface LargeTextStore {
  put(value: unknown): Promise<void>;
  get(): Promise<unknown>;
}

const DB = 'meshsim';
const STORE = 'autosave';
const KEY = 'texts';

function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The browser's IndexedDB as a LargeTextStore (undefined where there is none). */
export function indexedDbStore(factory: IDBFactory | undefined = globalThis.indexedDB): LargeTextStore | undefined {
  if (!factory) return undefined;
  let db: Promise<IDBDatabase> | undefined;
  const database = () => (db ??= open(factory));
  const run = <T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> =>
    database().then(
      (d) =>
        new Promise<T>((resolve, reject) => {
          const tx = d.transaction(STORE, mode);
          const req = op(tx.objectStore(STORE));
          // A write counts once the transaction has committed, not when the request succeeds.
          tx.oncomplete = () => resolve(req.result);
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        }),
    );
  return {
    put: (value) => run('readwrite', (s) => s.put(value, KEY)).then(() => undefined),
    get: () => run('readonly', (s) => s.get(KEY)),
  };
}
