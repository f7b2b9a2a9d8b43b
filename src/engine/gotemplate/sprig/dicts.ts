/** sprig's dict functions (dict.go) and mergo's merge rules as sprig uses them. */
import { chargeWork } from '../workMeter.ts';
import {
  GoError, GoSlice, type GoFunc, type GoPlainMap, type GoValue, deleteKey, getKey, goFunc, hasKey, isPlainMap, mapView, newMap, setKey, sortedKeys,
  typeName,
} from '../values.ts';
import { empty, strval } from './convert.ts';

const ANY = 'interface {}';
const MAP = 'map[string]interface {}';

function dict(xs: GoValue[]): GoPlainMap {
  const d = newMap();
  for (let i = 0; i < xs.length; i += 2) {
    const k = strval(xs[i]);
    setKey(d, k, i + 1 < xs.length ? xs[i + 1] : '');
  }
  return d;
}

function entriesOf(m: GoValue): GoPlainMap {
  return mapView(m)?.entries ?? newMap();
}

/** mergo.Merge(dst, src[, WithOverride]) for map[string]interface{} trees. */
export function mergeInto(dst: GoPlainMap, src: GoPlainMap, overwrite: boolean, depth = 0): void {
  if (depth > 1000) throw new GoError('merge: maps nest too deeply');
  for (const key of Object.keys(src)) {
    chargeWork();
    const s = src[key];
    if (s === null || s === undefined) {
      if (overwrite) setKey(dst, key, null);
      continue;
    }
    const present = hasKey(dst, key);
    const d = getKey(dst, key);
    const srcMap = mapView(s);
    if (srcMap) {
      if (isPlainMap(d) && srcMap.entries) mergeInto(d, srcMap.entries, overwrite, depth + 1);
      if (present && !empty(d)) continue;
    } else if (Array.isArray(s) || s instanceof GoSlice) {
      if (present && !empty(d)) {
        if (overwrite && !empty(s)) setKey(dst, key, s);
        continue;
      }
    }
    if (overwrite || !present || empty(d)) setKey(dst, key, s);
  }
}

function deepCopy(v: GoValue, depth = 0): GoValue {
  chargeWork();
  if (depth === 0 && (v === null || v === undefined)) throw new GoError('reflect: call of reflect.Value.Type on zero Value');
  if (depth > 1000) throw new GoError('deepCopy: value nests too deeply');
  if (Array.isArray(v)) return v.map((x) => deepCopy(x, depth + 1));
  if (v instanceof GoSlice) return new GoSlice(v.elemType, v.items ? v.items.map((x) => deepCopy(x, depth + 1)) : null);
  if (isPlainMap(v)) {
    const m = newMap();
    for (const k of Object.keys(v)) setKey(m, k, deepCopy(v[k], depth + 1));
    return m;
  }
  return v;
}

function dig(ps: GoValue[]): GoValue {
  if (ps.length < 3) throw new GoError('dig needs at least three arguments');
  const d = ps[ps.length - 1];
  const conv = (v: GoValue, want: string) =>
    new GoError(`interface conversion: interface {} is ${v === null || v === undefined ? 'nil' : typeName(v)}, not ${want}`);
  if (!isPlainMap(d)) throw conv(d, 'map[string]interface {}');
  const def = ps[ps.length - 2];
  const keys = ps.slice(0, -2).map((k) => {
    if (typeof k !== 'string') throw conv(k, 'string');
    return k;
  });
  let cur: GoPlainMap = d;
  for (let i = 0; i < keys.length; i++) {
    if (!hasKey(cur, keys[i])) return def;
    const step = getKey(cur, keys[i]);
    if (i === keys.length - 1) return step;
    if (!isPlainMap(step)) throw conv(step, 'map[string]interface {}');
    cur = step;
  }
  return def;
}

export function dictFuncs(): Record<string, GoFunc> {
  const merge = (overwrite: boolean) => goFunc([MAP], (dst: GoValue, srcs: GoValue[]) => {
    const d = mapView(dst)?.entries;
    if (!d) return dst;
    for (const s of srcs) {
      const e = mapView(s)?.entries;
      if (e) mergeInto(d, e, overwrite);
    }
    return dst;
  }, { variadic: MAP, result: ANY });
  return {
    dict: goFunc([], dict, { variadic: ANY, result: MAP }),
    get: goFunc([MAP, 'string'], (d: GoValue, k: string) => {
      const e = entriesOf(d);
      return hasKey(e, k) ? getKey(e, k) : '';
    }, { result: ANY }),
    set: goFunc([MAP, 'string', ANY], (d: GoValue, k: string, v: GoValue) => {
      const e = mapView(d)?.entries;
      if (!e) throw new GoError('assignment to entry in nil map');
      setKey(e, k, v);
      return d;
    }, { result: MAP }),
    unset: goFunc([MAP, 'string'], (d: GoValue, k: string) => {
      const e = mapView(d)?.entries;
      if (e) deleteKey(e, k);
      return d;
    }, { result: MAP }),
    hasKey: goFunc([MAP, 'string'], (d: GoValue, k: string) => hasKey(entriesOf(d), k), { result: 'bool' }),
    pluck: goFunc(['string'], (k: string, ds: GoValue[]) => ds.map(entriesOf).filter((e) => hasKey(e, k)).map((e) => getKey(e, k)), { variadic: MAP, result: '[]interface {}' }),
    keys: goFunc([], (ds: GoValue[]) => new GoSlice('string', ds.flatMap((d) => sortedKeys(entriesOf(d)))), { variadic: MAP, result: '[]string' }),
    values: goFunc([MAP], (d: GoValue) => {
      const e = entriesOf(d);
      return sortedKeys(e).map((k) => e[k]);
    }, { result: '[]interface {}' }),
    pick: goFunc([MAP], (d: GoValue, ks: string[]) => {
      const e = entriesOf(d);
      const out = newMap();
      for (const k of ks) if (hasKey(e, k)) setKey(out, k, getKey(e, k));
      return out;
    }, { variadic: 'string', result: MAP }),
    omit: goFunc([MAP], (d: GoValue, ks: string[]) => {
      const e = entriesOf(d);
      const drop = new Set(ks);
      const out = newMap();
      for (const k of Object.keys(e)) if (!drop.has(k)) setKey(out, k, e[k]);
      return out;
    }, { variadic: 'string', result: MAP }),
    merge: merge(false),
    mustMerge: merge(false),
    mergeOverwrite: merge(true),
    mustMergeOverwrite: merge(true),
    deepCopy: goFunc([ANY], (v: GoValue) => deepCopy(v), { result: ANY }),
    mustDeepCopy: goFunc([ANY], (v: GoValue) => deepCopy(v), { result: ANY }),
    dig: goFunc([], dig, { variadic: ANY, result: ANY }),
  };
}
