/**
 * How Go values are modelled in JavaScript. Templates see exactly what Go's reflect would show:
 *
 * | JavaScript                          | Go                                   |
 * |-------------------------------------|--------------------------------------|
 * | `undefined`                         | the invalid reflect.Value (missing map key) — prints `<no value>` |
 * | `null`                              | a nil `interface{}`                  |
 * | `bigint`                            | `int`                                |
 * | `GoInt` (`new GoInt('int64', 5n)`)  | any other integer type (int64, uint8, …) |
 * | `number`                            | `float64`                            |
 * | `string`, `boolean`                 | `string`, `bool`                     |
 * | array                               | `[]interface{}`                      |
 * | plain object                        | `map[string]interface{}`             |
 * | `GoMap` / `GoSlice`                 | typed maps/slices (`map[string]string`, `[]string`), possibly nil |
 * | `HostObject`                        | a struct or pointer exposed by the host (fields + methods) |
 * | `GoFunc`                            | a Go function value (funcs, methods) |
 */

export type GoValue =
  | undefined
  | null
  | boolean
  | bigint
  | number
  | string
  | GoInt
  | GoComplex
  | GoValue[]
  | GoPlainMap
  | GoMap
  | GoSlice
  | HostObject
  | GoFunc;

export interface GoPlainMap {
  [key: string]: GoValue;
}

/** Integer types other than `int`. Values are kept as bigint and wrapped to the type's width on creation. */
export type IntType = 'int8' | 'int16' | 'int32' | 'int64' | 'uint' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'uintptr';

export class GoInt {
  readonly type: IntType;
  readonly value: bigint;
  constructor(type: IntType, value: bigint) {
    this.type = type;
    this.value = wrapInt(type, value);
  }
}

const widths: Record<IntType | 'int', [bits: number, signed: boolean]> = {
  int: [64, true], int8: [8, true], int16: [16, true], int32: [32, true], int64: [64, true],
  uint: [64, false], uint8: [8, false], uint16: [16, false], uint32: [32, false], uint64: [64, false], uintptr: [64, false],
};

export function wrapInt(type: IntType | 'int', v: bigint): bigint {
  const [bits, signed] = widths[type];
  return signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v);
}

export function isUnsigned(type: IntType | 'int'): boolean {
  return !widths[type][1];
}

/** A complex128 (only template literals such as `1i` or `1+2i` make these). */
export class GoComplex {
  readonly re: number;
  readonly im: number;
  constructor(re: number, im: number) {
    this.re = re;
    this.im = im;
  }
}

/** The Go types a function parameter can declare; they decide how arguments are converted and checked. */
export type GoType =
  | 'interface {}'
  | 'reflect.Value'
  | 'string'
  | 'bool'
  | 'int'
  | IntType
  | 'float64'
  | '[]interface {}'
  | 'map[string]interface {}'
  | '[]string'
  | 'map[string]string'
  | 'time.Time';

/** A Go function: builtins, sprig's and the host's functions, and methods of host objects. */
export interface GoFunc {
  readonly kind: 'func';
  params: GoType[];
  /** Element type of a trailing `...T` parameter. */
  variadic?: GoType;
  /** Result type, for `%T` and for messages. */
  result?: GoType | string;
  /**
   * Called with converted arguments. Report a Go `error` result by throwing `GoError`; its message becomes
   * `error calling NAME: MESSAGE`, as Go words it.
   */
  impl: (...args: any[]) => GoValue;
}

export function goFunc(params: GoType[], impl: (...args: any[]) => GoValue, opts: { variadic?: GoType; result?: GoType | string } = {}): GoFunc {
  return { kind: 'func', params, impl, ...opts };
}

export function isGoFunc(v: unknown): v is GoFunc {
  return typeof v === 'object' && v !== null && (v as GoFunc).kind === 'func' && typeof (v as GoFunc).impl === 'function';
}

/** The error result of a Go function. */
export class GoError extends Error {}

/** A typed map such as `map[string]string`; `nil` maps read as empty. Keys are strings. */
export class GoMap {
  readonly elemType: GoType;
  readonly entries: GoPlainMap | null;
  constructor(elemType: GoType, entries: GoPlainMap | null) {
    this.elemType = elemType;
    this.entries = entries;
  }
}

/** A typed slice such as `[]string`; `items` null is a nil slice. */
export class GoSlice {
  readonly elemType: GoType;
  readonly items: GoValue[] | null;
  constructor(elemType: GoType, items: GoValue[] | null) {
    this.elemType = elemType;
    this.items = items;
  }
}

/**
 * What the evaluator asks of a value the host exposes with Go field names and methods (a struct, a pointer,
 * a protobuf message, an enum). The interpreter core knows nothing else about host data.
 */
export interface HostObject {
  readonly kind: 'host';
  /** Go type name for messages and `%T`, e.g. `*v1.ProxyConfig`. */
  readonly goType: string;
  /** A nil pointer: fields fail with Go's nil-pointer error, methods are still called (proto getters are nil-safe). */
  readonly isNil?: boolean;
  /** An exported field's value, or `NO_FIELD` when the type has no such field. */
  field(name: string): GoValue | typeof NO_FIELD;
  /** A method (receiver already bound), or undefined. */
  method(name: string): GoFunc | undefined;
  /**
   * The value a basic-kind type stands for (an enum's int, a named string type), used for comparison, truth,
   * `len`, `index`, `range` and printing when `format` is absent.
   */
  underlying?(): GoValue;
  /** How `%v` prints it (Go would call String() or print `{field ...}`). */
  format?(): string;
  /** What encoding/json would encode it as, in plain model values (for toJson and the host's JSON helpers). */
  json?(): GoValue;
}

export const NO_FIELD: unique symbol = Symbol('no such field');

/** Data decoded from YAML/JSON never holds functions, so a `kind` key in user data cannot pass for a host object. */
export function isHost(v: unknown): v is HostObject {
  return typeof v === 'object' && v !== null && (v as HostObject).kind === 'host' && typeof (v as HostObject).field === 'function' &&
    typeof (v as HostObject).method === 'function';
}

export function isPlainMap(v: unknown): v is GoPlainMap {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  if (isHost(v) || isGoFunc(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/*
 * Go maps are JavaScript objects, and a JavaScript object answers for names it never held: every
 * object inherits `constructor`, `toString`, `__proto__` ... from Object.prototype, and writing
 * `m["__proto__"] = v` replaces an ordinary object's prototype instead of adding a key. Go's maps
 * hold only their entries. So the interpreter's maps are made without a prototype (newMap), and
 * every read, write and delete of a key goes through the four functions below, which look at own
 * properties only and define keys rather than assign them. Then no key a template names — whatever
 * the name — reaches anything but the map's own entries, even on an ordinary object a host passed in.
 */

/** A map[string]interface{} with no prototype: only its entries are in it. */
export function newMap(): GoPlainMap {
  return Object.create(null) as GoPlainMap;
}

export function hasKey(m: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(m, k);
}

/** The entry for k, or undefined when the map has none (never an inherited property). */
export function getKey(m: GoPlainMap, k: string): GoValue {
  return hasKey(m, k) ? m[k] : undefined;
}

/** Adds or replaces the entry for k; `__proto__` becomes an entry like any other key. */
export function setKey(m: GoPlainMap, k: string, v: GoValue): void {
  Object.defineProperty(m, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** Removes the entry for k, if the map has one. */
export function deleteKey(m: GoPlainMap, k: string): void {
  if (hasKey(m, k)) delete m[k];
}

/**
 * Go's token.IsExported: a name whose first character is an upper-case letter. reflect finds only
 * exported fields and methods of a struct, so no other name is ever looked up on a host object.
 */
export function isExported(name: string): boolean {
  // ASCII first: field names are almost always ASCII, and a regular expression per field read costs.
  const c = name.charCodeAt(0);
  if (c >= 0x41 && c <= 0x5a) return true;
  if (c < 0x80) return false;
  return /^\p{Lu}/u.test(name);
}

/**
 * The data a template runs on, rebuilt with prototype-less maps (sharing and cycles kept): what a
 * caller passes in came from YAML.parse or JSON.parse and inherits from Object.prototype. The copy
 * also means a template's `set`/`unset` change its own data, never the caller's objects.
 */
export function isolateData(v: GoValue, seen = new Map<object, GoValue>()): GoValue {
  if (typeof v !== 'object' || v === null) return v;
  const done = seen.get(v);
  if (done !== undefined) return done;
  if (Array.isArray(v)) {
    const out: GoValue[] = [];
    seen.set(v, out);
    for (const x of v) out.push(isolateData(x, seen));
    return out;
  }
  if (v instanceof GoMap) {
    if (v.entries === null) return v;
    const entries = newMap();
    const out = new GoMap(v.elemType, entries);
    seen.set(v, out);
    for (const k of Object.keys(v.entries)) setKey(entries, k, isolateData(v.entries[k], seen));
    return out;
  }
  if (v instanceof GoSlice) {
    if (v.items === null) return v;
    const items: GoValue[] = [];
    const out = new GoSlice(v.elemType, items);
    seen.set(v, out);
    for (const x of v.items) items.push(isolateData(x, seen));
    return out;
  }
  if (isPlainMap(v)) {
    const out = newMap();
    seen.set(v, out);
    for (const k of Object.keys(v)) setKey(out, k, isolateData(v[k], seen));
    return out;
  }
  return v;
}

/** Map view of any map-kind value, or undefined when the value is not a map. */
export function mapView(v: GoValue): { entries: GoPlainMap | null; elemType: GoType; typeName: string } | undefined {
  if (isPlainMap(v)) return { entries: v, elemType: 'interface {}', typeName: 'map[string]interface {}' };
  if (v instanceof GoMap) return { entries: v.entries, elemType: v.elemType, typeName: `map[string]${v.elemType}` };
  if (isHost(v) && v.underlying) return mapView(v.underlying());
  return undefined;
}

/** Slice view of any slice-kind value, or undefined. */
export function sliceView(v: GoValue): { items: GoValue[] | null; elemType: GoType; typeName: string } | undefined {
  if (Array.isArray(v)) return { items: v, elemType: 'interface {}', typeName: '[]interface {}' };
  if (v instanceof GoSlice) return { items: v.items, elemType: v.elemType, typeName: `[]${v.elemType}` };
  if (isHost(v) && v.underlying) return sliceView(v.underlying());
  return undefined;
}

export function sortedKeys(m: GoPlainMap): string[] {
  return Object.keys(m).sort((a, b) => compareStrings(a, b));
}

/**
 * Go compares strings bytewise (UTF-8), which is code point order. JavaScript's UTF-16 code units
 * agree except that a surrogate (a code point past U+FFFF) sorts below U+E000..U+FFFF; the first
 * differing unit is shifted so surrogates sort last.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return inCodePointOrder(x) < inCodePointOrder(y) ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function inCodePointOrder(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/** Basic kinds, as Go's text/template comparison functions classify values. */
export type BasicKind = 'bool' | 'int' | 'uint' | 'float' | 'complex' | 'string' | 'invalid';

/** Strips host wrappers down to a basic value where the host offers one. */
export function underlying(v: GoValue): GoValue {
  if (isHost(v) && v.underlying) return v.underlying();
  return v;
}

export function basicKind(v: GoValue): BasicKind {
  v = underlying(v);
  switch (typeof v) {
    case 'boolean': return 'bool';
    case 'bigint': return 'int';
    case 'number': return 'float';
    case 'string': return 'string';
  }
  if (v instanceof GoInt) return isUnsigned(v.type) ? 'uint' : 'int';
  if (v instanceof GoComplex) return 'complex';
  return 'invalid';
}

/** The integer inside an int-kind value, or undefined. */
export function intValue(v: GoValue): bigint | undefined {
  v = underlying(v);
  if (typeof v === 'bigint') return v;
  if (v instanceof GoInt) return v.value;
  return undefined;
}

/** The name of a scalar's Go type (its type and its kind are the same word); undefined for the rest. */
function scalarTypeName(v: GoValue): string | undefined {
  switch (typeof v) {
    case 'boolean': return 'bool';
    case 'bigint': return 'int';
    case 'number': return 'float64';
    case 'string': return 'string';
  }
  if (v instanceof GoInt) return v.type;
  if (v instanceof GoComplex) return 'complex128';
  return undefined;
}

/** Go's type name of a value, as `%T` prints it. */
export function typeName(v: GoValue): string {
  if (v === undefined || v === null) return '<nil>';
  const scalar = scalarTypeName(v);
  if (scalar) return scalar;
  if (Array.isArray(v)) return '[]interface {}';
  if (v instanceof GoMap) return `map[string]${v.elemType}`;
  if (v instanceof GoSlice) return `[]${v.elemType}`;
  if (isHost(v)) return v.goType;
  if (isGoFunc(v)) return `func(${v.params.join(', ')}${v.variadic ? `${v.params.length ? ', ' : ''}...${v.variadic}` : ''})${v.result ? ' ' + v.result : ''}`;
  return 'map[string]interface {}';
}

/** Go's `reflect.Kind` name, as sprig's `kindOf` reports it. */
export function kindName(v: GoValue): string {
  if (v === undefined || v === null) return 'invalid';
  const scalar = scalarTypeName(v);
  if (scalar) return scalar;
  if (sliceView(v) && !isHost(v)) return 'slice';
  if (mapView(v) && !isHost(v)) return 'map';
  if (isGoFunc(v)) return 'func';
  if (isHost(v)) return v.isNil || v.goType.startsWith('*') ? 'ptr' : 'struct';
  return 'invalid';
}

/** Go's truth, as `if`, `with`, `and`, `or` and `not` test it. */
export function isTrue(v: GoValue): boolean {
  if (v === undefined || v === null) return false;
  if (isHost(v)) {
    if (v.isNil) return false;
    if (v.underlying) return isTrue(v.underlying());
    return true;
  }
  switch (typeof v) {
    case 'boolean': return v;
    case 'bigint': return v !== 0n;
    case 'number': return v !== 0;
    case 'string': return v.length > 0;
  }
  if (v instanceof GoInt) return v.value !== 0n;
  if (v instanceof GoComplex) return v.re !== 0 || v.im !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof GoSlice) return (v.items?.length ?? 0) > 0;
  if (v instanceof GoMap) return v.entries !== null && Object.keys(v.entries).length > 0;
  if (isGoFunc(v)) return true;
  return Object.keys(v).length > 0;
}

/** The zero value of a type, as Go's reflect.Zero gives it. */
export function zeroValue(t: GoType): GoValue {
  switch (t) {
    case 'string': return '';
    case 'bool': return false;
    case 'int': return 0n;
    case 'float64': return 0;
    case 'interface {}': return null;
    case 'reflect.Value': return undefined;
    case '[]interface {}': return new GoSlice('interface {}', null);
    case '[]string': return new GoSlice('string', null);
    case 'map[string]interface {}': return new GoMap('interface {}', null);
    case 'map[string]string': return new GoMap('string', null);
    // Never asked for: a time.Time is neither nil-able nor the element of a typed map here.
    case 'time.Time': return null;
    default: return new GoInt(t, 0n);
  }
}

/** UTF-8 bytes of a Go string. */
const encoder = new TextEncoder();
const decoder = new TextDecoder();
export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}
export function fromUtf8(b: Uint8Array): string {
  return decoder.decode(b);
}
export function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
