/**
 * JSON text exactly as Go's encoding/json.Marshal writes it, for JSON that ends up inside strings
 * (Istio's `proxy.istio.io/overrides` annotation, for instance): struct fields in declaration order,
 * map keys sorted bytewise, `<`, `>`, `&`, U+2028 and U+2029 escaped, floats printed as Go prints them.
 */
import { compareGoMapKeys, formatGoJsonFloat, goJsonString } from '../go/index.ts';
import { shapeOf, structFields, type StructTable } from './schemaTypes.ts';
import type { JsonValue } from './sigsYamlWriter.ts';
import { KUBE_TYPES } from './workloadSchema.ts';

function structOrder(table: StructTable, type: string | undefined): string[] | undefined {
  if (type === undefined) return undefined;
  let shape = shapeOf(type);
  while (shape.kind === 'pointer') shape = shapeOf(shape.elem);
  if (shape.kind !== 'struct' || !table[shape.name]) return undefined;
  return structFields(table, shape.name).map((f) => f.json);
}

function childType(table: StructTable, type: string | undefined, key: string | undefined): string | undefined {
  if (type === undefined) return undefined;
  let shape = shapeOf(type);
  while (shape.kind === 'pointer') shape = shapeOf(shape.elem);
  if (shape.kind === 'slice' || shape.kind === 'map') return shape.elem;
  if (shape.kind === 'struct' && key !== undefined && table[shape.name]) return structFields(table, shape.name).find((f) => f.json === key)?.type;
  return undefined;
}

function marshal(table: StructTable, v: JsonValue, type: string | undefined, depth: number): string {
  if (depth > 1_000) throw new Error('value nested too deeply');
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : formatGoJsonFloat(v);
  if (typeof v === 'string') return goJsonString(v);
  if (Array.isArray(v)) return `[${v.map((x) => marshal(table, x, childType(table, type, undefined), depth + 1)).join(',')}]`;
  const order = structOrder(table, type);
  const keys = order ? order.filter((k) => Object.hasOwn(v, k)) : Object.keys(v).sort(compareGoMapKeys);
  return `{${keys.map((k) => `${goJsonString(k)}:${marshal(table, v[k], childType(table, type, k), depth + 1)}`).join(',')}}`;
}

/**
 * encoding/json's text for `value`. With `typeName`, objects of struct types keep the schema's field
 * order (unknown keys are left out, as Go has nowhere to keep them); everything else is a Go map.
 */
export function goJsonMarshal(value: JsonValue, typeName?: string, table: StructTable = KUBE_TYPES): string {
  return marshal(table, value, typeName, 0);
}
