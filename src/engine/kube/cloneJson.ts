import { setOwn } from './ownProperty.ts';

/**
 * A deep copy of JSON-shaped data (plain objects, arrays, strings, numbers, booleans, bigints,
 * null): what the injection copies before it changes a pod. It is several times faster than
 * structuredClone, which serialises; keys are copied as own properties (a `__proto__` key stays a
 * key). Anything that is not plain data is handed to structuredClone.
 */
export function cloneJson<T>(value: T): T {
  return copy(value) as T;
}

function copy(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) setOwn(out, k, copy((v as Record<string, unknown>)[k]));
  return out;
}
