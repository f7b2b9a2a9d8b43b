/** Go's predefined template functions: and, or, not, len, index, slice, call, print*, html, js, urlquery, eq... */
import { assignable, callImpl } from './exec.ts';
import { sprint, sprintf, sprintln } from './format.ts';
import {
  GoComplex, GoError, GoInt, GoSlice, type GoFunc, type GoType, type GoValue, type BasicKind, basicKind, compareStrings, fromUtf8,
  goFunc, hasKey, intValue, isGoFunc, isHost, isTrue as truthOf, kindName, mapView, sliceView, typeName, underlying, utf8, wrapInt, zeroValue,
} from './values.ts';

/** reflect's indirectInterface: a nil interface is the invalid value; host wrappers show their basic value. */
function indirect(v: GoValue): GoValue {
  return v === null ? undefined : v;
}

function isNilish(v: GoValue): boolean {
  if (v === undefined || v === null) return true;
  const sl = sliceView(v);
  if (sl && !isHost(v)) return sl.items === null;
  const mv = mapView(v);
  if (mv && !isHost(v)) return mv.entries === null;
  return isHost(v) && v.isNil === true;
}

function basicEqual(k: BasicKind, a: GoValue, b: GoValue): boolean {
  a = underlying(a);
  b = underlying(b);
  switch (k) {
    case 'int': case 'uint': return intValue(a) === intValue(b);
    case 'complex': return (a as GoComplex).re === (b as GoComplex).re && (a as GoComplex).im === (b as GoComplex).im;
    default: return a === b;
  }
}

function eq(arg1: GoValue, rest: GoValue[]): boolean {
  const a1 = indirect(arg1);
  if (rest.length === 0) throw new GoError('missing argument for comparison');
  const k1 = basicKind(a1);
  for (let arg of rest) {
    arg = indirect(arg);
    const k2 = basicKind(arg);
    let truth = false;
    if (k1 !== k2) {
      if ((k1 === 'int' && k2 === 'uint') || (k1 === 'uint' && k2 === 'int')) {
        truth = intValue(a1) === intValue(arg);
      } else if (a1 !== undefined && arg !== undefined) {
        throw new GoError('incompatible types for comparison');
      }
    } else if (k1 !== 'invalid') {
      truth = basicEqual(k1, a1, arg);
    } else if (isNilish(a1) || isNilish(arg)) {
      truth = isNilish(a1) === isNilish(arg);
    } else {
      // Go's canCompare looks at kinds; then only comparable types (not maps, slices, funcs) may be compared.
      if (kindName(a1) !== kindName(arg)) {
        throw new GoError(sprintf('non-comparable types %s: %v, %s: %v', [a1, typeName(a1), typeName(arg), arg]));
      }
      if (!isHost(arg)) throw new GoError(sprintf('non-comparable type %s: %v', [arg, typeName(arg)]));
      truth = a1 === arg;
    }
    if (truth) return true;
  }
  return false;
}

function lt(arg1: GoValue, arg2: GoValue): boolean {
  const a = indirect(arg1);
  const b = indirect(arg2);
  const k1 = basicKind(a);
  if (k1 === 'invalid') throw new GoError('invalid type for comparison');
  const k2 = basicKind(b);
  if (k2 === 'invalid') throw new GoError('invalid type for comparison');
  if (k1 !== k2) {
    if ((k1 === 'int' && k2 === 'uint') || (k1 === 'uint' && k2 === 'int')) return intValue(a)! < intValue(b)!;
    throw new GoError('incompatible types for comparison');
  }
  const x = underlying(a);
  const y = underlying(b);
  switch (k1) {
    case 'bool': case 'complex': throw new GoError('invalid type for comparison');
    case 'int': case 'uint': return intValue(x)! < intValue(y)!;
    case 'float': return (x as number) < (y as number);
    default: return compareStrings(x as string, y as string) < 0;
  }
}

function le(a: GoValue, b: GoValue): boolean {
  return lt(a, b) || eq(a, [b]);
}

/** Go's indexArg: an integer index within [0, cap]. */
function indexArg(index: GoValue, cap: number): number {
  index = indirect(index);
  const x = intValue(index);
  if (x === undefined) {
    if (index === undefined) throw new GoError('cannot index slice/array with nil');
    throw new GoError(`cannot index slice/array with type ${typeName(index)}`);
  }
  if (x < 0n || x > BigInt(cap)) throw new GoError(`index out of range: ${x}`);
  return Number(x);
}

/** Go's prepareArg: converts a value to a parameter type for index/call. */
function prepareArg(value: GoValue, t: GoType): GoValue {
  if (value === undefined || value === null) {
    if (!(t === 'interface {}' || t === 'reflect.Value' || t.startsWith('[]') || t.startsWith('map['))) {
      throw new GoError(`value is nil; should be of type ${t}`);
    }
    return zeroValue(t);
  }
  if (assignable(value, t)) return value;
  const iv = intValue(value);
  if (iv !== undefined && typeof underlying(value) !== 'string' && (t === 'int' || /^u?int\d*$|^uintptr$/.test(t))) {
    return t === 'int' ? wrapInt('int', iv) : new GoInt(t as never, iv);
  }
  throw new GoError(`value has type ${typeName(value)}; should be ${t}`);
}

function index(item: GoValue, indexes: GoValue[]): GoValue {
  item = indirect(item);
  if (item === undefined) throw new GoError('index of untyped nil');
  for (const idx of indexes) {
    item = indirect(item);
    if (item === undefined || (isHost(item) && item.isNil)) throw new GoError('index of nil pointer');
    const u = underlying(item);
    if (typeof u === 'string') {
      const bytes = utf8(u);
      const x = indexArg(idx, bytes.length);
      // indexArg lets x == len through; reflect's Index then panics
      if (x === bytes.length) throw new GoError('reflect: string index out of range');
      item = new GoInt('uint8', BigInt(bytes[x]));
      continue;
    }
    const sl = sliceView(u);
    if (sl) {
      const items = sl.items ?? [];
      const x = indexArg(idx, items.length);
      if (x === items.length) throw new GoError('reflect: slice index out of range');
      item = items[x];
      continue;
    }
    const mv = mapView(u);
    if (mv) {
      const key = prepareArg(indirect(idx), 'string') as string;
      item = mv.entries && hasKey(mv.entries, key) ? mv.entries[key] : zeroValue(mv.elemType);
      continue;
    }
    throw new GoError(`can't index item of type ${derefTypeName(item)}`);
  }
  return item;
}

function slice(item: GoValue, indexes: GoValue[]): GoValue {
  item = indirect(item);
  if (item === undefined) throw new GoError('slice of untyped nil');
  if (indexes.length > 3) throw new GoError(`too many slice indexes: ${indexes.length}`);
  const u = underlying(item);
  let len: number;
  let bytes: Uint8Array | undefined;
  const sl = sliceView(u);
  if (typeof u === 'string') {
    if (indexes.length === 3) throw new GoError('cannot 3-index slice a string');
    bytes = utf8(u);
    len = bytes.length;
  } else if (sl) {
    len = sl.items?.length ?? 0;
  } else {
    throw new GoError(`can't slice item of type ${typeName(item)}`);
  }
  const idx = [0, len, len];
  indexes.forEach((x, i) => (idx[i] = indexArg(x, len)));
  if (idx[0] > idx[1]) throw new GoError(`invalid slice index: ${idx[0]} > ${idx[1]}`);
  if (indexes.length === 3 && idx[1] > idx[2]) throw new GoError(`invalid slice index: ${idx[1]} > ${idx[2]}`);
  if (bytes) return fromUtf8(bytes.slice(idx[0], idx[1]));
  const items = (sl!.items ?? []).slice(idx[0], idx[1]);
  return Array.isArray(u) ? items : new GoSlice(sl!.elemType, items);
}

/** The type name after Go's indirect() has followed a pointer. */
function derefTypeName(v: GoValue): string {
  const t = typeName(v);
  return isHost(v) && t.startsWith('*') ? t.slice(1) : t;
}

function length(item: GoValue): bigint {
  if (item === undefined) throw new GoError('reflect: call of reflect.Value.Type on zero Value');
  if (item === null || (isHost(item) && item.isNil)) throw new GoError('len of nil pointer');
  const u = underlying(item);
  if (typeof u === 'string') return BigInt(utf8(u).length);
  const sl = sliceView(u);
  if (sl) return BigInt(sl.items?.length ?? 0);
  const mv = mapView(u);
  if (mv) return BigInt(mv.entries ? Object.keys(mv.entries).length : 0);
  throw new GoError(`len of type ${derefTypeName(item)}`);
}

function call(name: string, fn: GoValue, args: GoValue[]): GoValue {
  fn = indirect(fn);
  if (fn === undefined) throw new GoError('call of nil');
  if (!isGoFunc(fn)) throw new GoError(`non-function ${name} of type ${typeName(fn)}`);
  const numIn = fn.params.length + (fn.variadic ? 1 : 0);
  if (fn.variadic) {
    if (args.length < numIn - 1) throw new GoError(`wrong number of args for ${name}: got ${args.length} want at least ${numIn - 1}`);
  } else if (args.length !== numIn) {
    throw new GoError(`wrong number of args for ${name}: got ${args.length} want ${numIn}`);
  }
  const argv = args.map((a, i) => {
    const t = i < fn.params.length ? fn.params[i] : fn.variadic!;
    try {
      return t === 'reflect.Value' ? a : prepareArg(indirect(a), t);
    } catch (e) {
      if (!(e instanceof GoError)) throw e; // a budget stop is not the argument's fault
      throw new GoError(`arg ${i}: ${(e as Error).message}`);
    }
  });
  return callImpl(fn, argv, fn.variadic ? fn.params.length : argv.length);
}

export function htmlEscape(s: string): string {
  return s.replace(/[&'<>"\0]/g, (c) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '\0': '\ufffd' })[c]!);
}

const printable = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
export function jsEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    switch (ch) {
      case '\\': out += '\\\\'; continue;
      case "'": out += "\\'"; continue;
      case '"': out += '\\"'; continue;
      case '<': out += '\\u003C'; continue;
      case '>': out += '\\u003E'; continue;
      case '&': out += '\\u0026'; continue;
      case '=': out += '\\u003D'; continue;
    }
    if (c < 0x20) out += '\\u' + c.toString(16).toUpperCase().padStart(4, '0');
    else if (c < 0x80 || printable.test(ch) || ch === ' ') out += ch;
    else out += '\\u' + c.toString(16).toUpperCase().padStart(4, '0');
  }
  return out;
}

export function queryEscape(s: string): string {
  let out = '';
  for (const b of utf8(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Go's evalArgs for html/js/urlquery: a single string as is, anything else through fmt.Sprint. */
function evalArgs(args: GoValue[]): string {
  if (args.length === 1 && typeof args[0] === 'string') return args[0];
  // printableValue turns a nil argument into the string "<no value>" before fmt.Sprint sees it
  return sprint(args.map((a) => (a === null || a === undefined ? '<no value>' : a)));
}

const R = 'reflect.Value';
const ANY = 'interface {}';

/** The builtins with Go's signatures; `and`, `or` and `call` get extra handling in the evaluator. */
export const builtins: Record<string, GoFunc> = {
  and: goFunc([R], (a: GoValue) => a, { variadic: R, result: R }),
  or: goFunc([R], (a: GoValue) => a, { variadic: R, result: R }),
  not: goFunc([R], (a: GoValue) => !truthOf(a), { result: 'bool' }),
  call: goFunc([R], call, { variadic: R, result: R }),
  html: goFunc([], (args: GoValue[]) => htmlEscape(evalArgs(args)), { variadic: ANY, result: 'string' }),
  js: goFunc([], (args: GoValue[]) => jsEscape(evalArgs(args)), { variadic: ANY, result: 'string' }),
  urlquery: goFunc([], (args: GoValue[]) => queryEscape(evalArgs(args)), { variadic: ANY, result: 'string' }),
  index: goFunc([R], index, { variadic: R, result: R }),
  slice: goFunc([R], slice, { variadic: R, result: R }),
  len: goFunc([R], length, { result: 'int' }),
  print: goFunc([], (args: GoValue[]) => sprint(args), { variadic: ANY, result: 'string' }),
  printf: goFunc(['string'], (f: string, args: GoValue[]) => sprintf(f, args), { variadic: ANY, result: 'string' }),
  println: goFunc([], (args: GoValue[]) => sprintln(args), { variadic: ANY, result: 'string' }),
  eq: goFunc([R], eq, { variadic: R, result: 'bool' }),
  ne: goFunc([R, R], (a: GoValue, b: GoValue) => !eq(a, [b]), { result: 'bool' }),
  lt: goFunc([R, R], lt, { result: 'bool' }),
  le: goFunc([R, R], le, { result: 'bool' }),
  gt: goFunc([R, R], (a: GoValue, b: GoValue) => !le(a, b), { result: 'bool' }),
  ge: goFunc([R, R], (a: GoValue, b: GoValue) => !lt(a, b), { result: 'bool' }),
};
