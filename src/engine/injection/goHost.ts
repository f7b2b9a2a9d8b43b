import {
  GoInt, GoMap, GoSlice, NO_FIELD, goFunc, hasKey, isHost, isPlainMap, type GoFunc, type GoPlainMap, type GoType, type GoValue, type HostObject,
} from '../gotemplate/index.ts';

/**
 * Exposes plain JSON data (Kubernetes objects, protobuf messages) to templates the way Go would see the
 * typed structs: Go field names, typed zero values for absent fields, `GetX` getters on messages.
 * Every host object remembers the JSON it was built from so functions such as structToJSON and toYaml
 * can turn it back into data.
 */
const sourceOf = new WeakMap<object, { json: unknown; goType: string }>();

export function hostSource(v: unknown): { json: unknown; goType: string } | undefined {
  return typeof v === 'object' && v !== null ? sourceOf.get(v) : undefined;
}

/** What a field of a struct type holds, so that an absent field still reads as Go's zero value. */
export type FieldShape =
  | 'string'
  | 'bool'
  | 'int32'
  | 'int64'
  | 'stringMap'
  | 'stringList'
  | { struct: string }
  | { list: string }
  | 'any';

export interface StructShape {
  goType: string;
  /** Go field name → [json name, shape]. */
  fields: Record<string, [string, FieldShape]>;
}

/** A registry of struct shapes; types not listed expose their JSON keys capitalised. */
export type ShapeRegistry = Record<string, StructShape>;

export function structHost(typeName: string, json: unknown, shapes: ShapeRegistry, pointer = true): HostObject {
  const shape = shapes[typeName];
  const data = isPlainMap(json) ? (json as Record<string, unknown>) : undefined;
  const goType = `${pointer ? '*' : ''}${shape?.goType ?? typeName}`;
  // A field reads as the same value every time, as a Go struct's field does (the same map, the
  // same slice): converted once, however often the templates read it (`annotation .ObjectMeta ...`).
  const read = new Map<string, GoValue | typeof NO_FIELD>();
  const getters = new Map<string, GoFunc>();
  const host: HostObject = {
    kind: 'host',
    goType,
    isNil: pointer && data === undefined,
    field(name) {
      if (read.has(name)) return read.get(name)!;
      const value = fieldValue(name);
      read.set(name, value);
      return value;
    },
    method(name) {
      if (!name.startsWith('Get')) return undefined;
      let getter = getters.get(name);
      if (!getter) {
        const field = name.slice(3);
        getters.set(name, (getter = goFunc([], () => {
          const v = host.field(field);
          return v === NO_FIELD ? null : v;
        })));
      }
      return getter;
    },
    format: () => JSON.stringify(json ?? null),
  };
  function fieldValue(name: string): GoValue | typeof NO_FIELD {
    // Own properties only: a JSON object or a shape table inherits names (constructor, ...) Go's structs lack.
    const spec = shape && hasKey(shape.fields, name) ? shape.fields[name] : undefined;
    if (spec) return convert(data && hasKey(data, spec[0]) ? data[spec[0]] : undefined, spec[1], shapes);
    const key = name[0].toLowerCase() + name.slice(1);
    if (data && hasKey(data, key)) return convert(data[key], 'any', shapes);
    return shape ? NO_FIELD : null;
  }
  sourceOf.set(host, { json: json ?? null, goType: shape?.goType ?? typeName });
  return host;
}

function convert(v: unknown, shape: FieldShape, shapes: ShapeRegistry): GoValue {
  if (typeof shape === 'object') {
    if ('struct' in shape) return structHost(shape.struct, v, shapes);
    const items = Array.isArray(v) ? v.map((x) => structHost(shape.list, x, shapes, false)) : null;
    return new GoSlice('interface {}', items);
  }
  switch (shape) {
    case 'string':
      return typeof v === 'string' ? v : '';
    case 'bool':
      return v === true;
    case 'int32':
    case 'int64':
      return new GoInt(shape, BigInt(typeof v === 'number' ? Math.trunc(v) : 0));
    case 'stringMap':
      return new GoMap('string', isPlainMap(v) ? stringEntries(v as Record<string, unknown>) : null);
    case 'stringList':
      return new GoSlice('string', Array.isArray(v) ? v.map(String) : null);
    case 'any':
      return jsonToGo(v);
  }
}

function stringEntries(m: Record<string, unknown>): GoPlainMap {
  const out = Object.create(null) as GoPlainMap;
  for (const [k, v] of Object.entries(m)) out[k] = v === null || v === undefined ? '' : String(v);
  return out;
}

/** JSON as Go's encoding/json decodes it into interface{}: numbers are float64. */
export function jsonToGo(v: unknown): GoValue {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map(jsonToGo);
  if (typeof v === 'object') {
    if (isHost(v as GoValue)) return v as GoValue;
    const out = Object.create(null) as GoPlainMap;
    for (const [k, x] of Object.entries(v)) out[k] = jsonToGo(x);
    return out;
  }
  if (typeof v === 'bigint') return Number(v);
  return v as GoValue;
}

/** Back from template values to plain JSON data (for toYaml, toJSON, structToJSON). */
export function goToJson(v: GoValue): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof GoInt) return Number(v.value);
  if (v instanceof GoMap) return v.entries ? Object.fromEntries(Object.entries(v.entries).map(([k, x]) => [k, goToJson(x)])) : null;
  if (v instanceof GoSlice) return v.items ? v.items.map(goToJson) : null;
  if (Array.isArray(v)) return v.map(goToJson);
  if (isHost(v)) {
    const src = sourceOf.get(v);
    if (src) return src.json;
    if (v.underlying) return goToJson(v.underlying());
    return v.format ? v.format() : null;
  }
  if (typeof v === 'object' && 'kind' in v && (v as { kind: unknown }).kind === 'func') return null;
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, goToJson(x as GoValue)]));
  return v;
}

/** A protobuf enum value: prints its name, compares as its number, has String(). */
export function enumHost(goType: string, name: string, names: Record<number, string>): HostObject {
  const number = Number(Object.entries(names).find(([, n]) => n === name)?.[0] ?? 0);
  const host: HostObject = {
    kind: 'host',
    goType,
    field: () => NO_FIELD,
    method: (m) => (m === 'String' ? goFunc([], () => name, { result: 'string' }) : undefined),
    underlying: () => new GoInt('int32', BigInt(number)),
    format: () => name,
  };
  sourceOf.set(host, { json: name, goType });
  return host;
}

/** A google.protobuf wrapper (BoolValue, Int32Value), nil when unset; GetValue is nil-safe. */
export function wrapperHost(goType: string, value: unknown, zero: GoType): HostObject {
  const set = value !== undefined && value !== null;
  const v: GoValue = !set ? zeroOf(zero) : typeof value === 'number' ? new GoInt('int32', BigInt(value)) : (value as GoValue);
  const host: HostObject = {
    kind: 'host',
    goType,
    isNil: !set,
    field: (f) => (f === 'Value' ? v : NO_FIELD),
    method: (m) => (m === 'GetValue' ? goFunc([], () => v) : undefined),
    format: () => (set ? `value:${String(value)}` : '<nil>'),
  };
  sourceOf.set(host, { json: set ? value : null, goType });
  return host;
}

function zeroOf(t: GoType): GoValue {
  return t === 'bool' ? false : t === 'string' ? '' : new GoInt('int32', 0n);
}

/** A plain host struct with fixed Go fields (the template data root, DeploymentMeta, TypeMeta). */
export function fixedHost(goType: string, fields: Record<string, GoValue>, json?: unknown): HostObject {
  const host: HostObject = {
    kind: 'host',
    goType,
    field: (name) => (hasKey(fields, name) ? fields[name] : NO_FIELD),
    method: () => undefined,
    format: () => `{${Object.values(fields).map(String).join(' ')}}`,
  };
  if (json !== undefined) sourceOf.set(host, { json, goType });
  return host;
}
