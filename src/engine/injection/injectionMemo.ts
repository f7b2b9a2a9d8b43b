/**
 * What an injection reads more than once, read once: the YAML a rendered template wrote (its
 * kube-inject view and its webhook view usually render the same text), the YAML of a pod's
 * `proxy.istio.io/config` annotation (read by the validation, the render and the env view), the
 * lines of a rendered text (env provenance).
 *
 * The memo belongs to whoever runs the injection: a scenario engine keeps one for as long as it
 * lives (its `injectionMemo` stage, so an edit that re-renders the same text does not parse it
 * again), and an injection run outside an engine (the CLI, the conformance runner) gets one of its
 * own. It is never the module's: a fresh engine — a cold analysis — parses what its own pod and
 * templates wrote.
 *
 * Module state only points at the memo in use, as the template work meter does
 * (../gotemplate/workMeter.ts): the engine is synchronous, so one injection runs at a time, and a
 * nested one keeps the outer memo.
 */
export interface InjectionMemo {
  readonly kinds: Map<string, Map<string, unknown>>;
}

/** Entries kept per kind: a scenario engine re-renders a handful of texts, never thousands. */
const LIMIT = 16;

export function newInjectionMemo(): InjectionMemo {
  return { kinds: new Map() };
}

let active: InjectionMemo | undefined;

/** Runs `fn` with `memo` in use; without one, in the memo already in use, else a new one for this call. */
export function withInjectionMemo<T>(memo: InjectionMemo | undefined, fn: () => T): T {
  if (!memo && active) return fn();
  const saved = active;
  active = memo ?? newInjectionMemo();
  try {
    return fn();
  } finally {
    active = saved;
  }
}

/** `make()`'s value for `key`, made once per memo (outside an injection, every time). Callers only read it. */
export function remembered<T>(kind: string, key: string, make: () => T): T {
  if (!active) return make();
  let byKey = active.kinds.get(kind);
  if (!byKey) active.kinds.set(kind, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = make();
  if (byKey.size >= LIMIT) byKey.delete(byKey.keys().next().value as string);
  byKey.set(key, value);
  return value;
}
