/** The conversions sprig builds on: strval, spf13/cast's ToInt64/ToFloat64, and sprig's notion of "empty". */
import { chargeWork } from '../workMeter.ts';
import { formatValue } from '../format.ts';
import { parseGoInt } from '../literals.ts';
import {
  GoInt, type GoValue, intValue, isGoFunc, isHost, isUnsigned, mapView, sliceView, underlying, wrapInt,
} from '../values.ts';

/** sprig's strval: strings as is, Stringers through String(), everything else `%v`. */
export function strval(v: GoValue): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return '<nil>';
  return formatValue(v);
}

/** sprig's empty: nil, zero numbers, false, empty strings/collections; structs are never empty. */
export function empty(v: GoValue): boolean {
  if (v === undefined || v === null) return true;
  if (isHost(v)) {
    if (v.isNil) return true;
    if (v.underlying) return empty(v.underlying());
    return false;
  }
  switch (typeof v) {
    case 'boolean': return !v;
    case 'bigint': return v === 0n;
    case 'number': return v === 0;
    case 'string': return v.length === 0;
  }
  if (v instanceof GoInt) return v.value === 0n;
  if (isGoFunc(v)) return false;
  const sl = sliceView(v);
  if (sl) return (sl.items?.length ?? 0) === 0;
  const mv = mapView(v);
  if (mv) return !mv.entries || Object.keys(mv.entries).length === 0;
  return false;
}

/** cast's trimZeroDecimal: "12.000" → "12". */
function trimZeroDecimal(s: string): string {
  const m = /^(.*)\.0+$/.exec(s);
  return m && m[1] !== '' ? m[1] : s;
}

/** spf13/cast ToInt64 (errors become 0). */
export function toInt64(v: GoValue): bigint {
  v = underlying(v);
  const iv = intValue(v);
  if (iv !== undefined) return v instanceof GoInt && isUnsigned(v.type) ? wrapInt('int64', iv) : iv;
  switch (typeof v) {
    // Go's float→int64 conversion of an out-of-range value gives the minimum int64 on amd64.
    case 'number': return Number.isFinite(v) && Math.abs(v) < 2 ** 63 ? BigInt(Math.trunc(v)) : -0x8000000000000000n;
    case 'boolean': return v ? 1n : 0n;
    case 'string': return parseGoInt(trimZeroDecimal(v), false) ?? 0n;
  }
  return 0n;
}

/** spf13/cast ToFloat64 (errors become 0). */
export function toFloat64(v: GoValue): number {
  v = underlying(v);
  const iv = intValue(v);
  if (iv !== undefined) return Number(iv);
  switch (typeof v) {
    case 'number': return v;
    case 'boolean': return v ? 1 : 0;
    case 'string': {
      const t = v.trim() === v ? v : '';
      if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
      if (/^nan$/i.test(t)) return NaN;
      if (!/^[+-]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][+-]?\d+)?$/.test(t) && !/^[+-]?0[xX]/.test(t)) return 0;
      const n = Number(t.replace(/_/g, ''));
      return Number.isNaN(n) ? 0 : n;
    }
  }
  return 0;
}

/** Items of any slice-kind value, or undefined. */
export function listItems(v: GoValue): GoValue[] | undefined {
  const sl = sliceView(underlying(v));
  if (!sl) return undefined;
  return sl.items ?? [];
}

/** sprig's strslice: a list's non-nil items as strings; a scalar becomes a one-item list, nil an empty one. */
export function strslice(v: GoValue): string[] {
  const items = listItems(v);
  if (items) return items.filter((x) => x !== null && x !== undefined).map(strval);
  if (v === null || v === undefined) return [];
  return [strval(v)];
}

/** reflect.DeepEqual over the model. */
export function deepEqual(a: GoValue, b: GoValue): boolean {
  chargeWork();
  if (a === b) return true;
  if (a instanceof GoInt && b instanceof GoInt) return a.type === b.type && a.value === b.value;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const la = sliceView(a);
  const lb = sliceView(b);
  if (la || lb) {
    if (!la || !lb || la.typeName !== lb.typeName) return false;
    const x = la.items ?? [];
    const y = lb.items ?? [];
    return x.length === y.length && x.every((v, i) => deepEqual(v, y[i]));
  }
  const ma = mapView(a);
  const mb = mapView(b);
  if (ma && mb) {
    if (ma.typeName !== mb.typeName) return false;
    const x = ma.entries ?? {};
    const y = mb.entries ?? {};
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    return kx.every((k) => Object.prototype.hasOwnProperty.call(y, k) && deepEqual(x[k], y[k]));
  }
  return false;
}
