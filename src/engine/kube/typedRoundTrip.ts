/**
 * The Go-typed round trip: what happens to a Kubernetes object when Go decodes it into its struct
 * (k8s.io/api types) and encodes it back with encoding/json. Unknown fields vanish, zero values of
 * `omitempty` fields vanish, nil pointers/slices/maps without omitempty become null, structs always
 * appear (`resources: {}`), quantities are canonicalised, IntOrString keeps its kind, and keys come
 * out in Go field order (so JSON.stringify of the result has Go's key order).
 *
 * With `fromYaml`, the input is first coerced the way sigs.k8s.io/yaml coerces YAML numbers and
 * booleans headed for Go string fields (`value: 1` → `"1"`), including its quirk of not looking
 * through embedded structs.
 */
import { formatGoJsonFloat } from '../go/index.ts';
import { formatQuantity, parseQuantity } from './quantity.ts';
import { findField, shapeOf, structFields, type ResolvedField, type StructTable, type TypeShape } from './schemaTypes.ts';
import type { JsonValue } from './sigsYamlWriter.ts';
import { KUBE_TYPES } from './workloadSchema.ts';
import { setOwn } from './ownProperty.ts';

export interface TypedRoundTripIssue {
  message: string;
  /** Keys and indexes from the root of the input to the offending value, to locate it in the source. */
  path: (string | number)[];
}

export interface TypedRoundTripResult {
  value: JsonValue;
  /** Decoding errors in encoding/json's words; Go would fail with the first one. */
  errors: string[];
  /** The same errors with where they happened. */
  issues: TypedRoundTripIssue[];
}

export interface TypedRoundTripOptions {
  /** Apply sigs.k8s.io/yaml's number/bool → string coercion first (input came from YAML). */
  fromYaml?: boolean;
  table?: StructTable;
  /**
   * Match field names exactly, as the API server's decoder does (sigs.k8s.io/json's
   * UnmarshalCaseSensitivePreserveInts, apimachinery's JSON serializer since Kubernetes 1.23): a
   * key in another case (`Image:`) is an unknown field and is dropped. Without it, as
   * encoding/json (sigs.k8s.io/yaml's Unmarshal, what istioctl reads files with): an exact match
   * first, else one ignoring case.
   */
  caseSensitive?: boolean;
}

type JsonObject = { [key: string]: JsonValue };
const MAX_DEPTH = 500;

const isObject = (v: JsonValue | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

function jsonKind(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'bigint' || typeof v === 'number') return `number ${String(v)}`;
  if (typeof v === 'boolean') return 'bool';
  return 'string';
}

/** The Go spelling of a table type in error messages: `[]v1.Container`, `*int32`, `map[string]string`. */
function goTypeName(type: string): string {
  const s = shapeOf(type);
  if (s.kind === 'pointer') return '*' + goTypeName(s.elem);
  if (s.kind === 'slice') return '[]' + goTypeName(s.elem);
  if (s.kind === 'map') return 'map[string]' + goTypeName(s.elem);
  if (s.kind === 'scalar') return s.go;
  if (s.kind === 'leaf') return { Quantity: 'resource.Quantity', IntOrString: 'intstr.IntOrString', Time: 'v1.Time', Raw: 'interface {}' }[s.go];
  return 'v1.' + s.name;
}

const INT_RANGE: Record<string, [bigint, bigint]> = {
  int32: [-(1n << 31n), (1n << 31n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
};

/** The text encoding/json would have written for a JSON number (what UnmarshalJSON methods see). */
function numberText(v: number | bigint): string {
  return typeof v === 'bigint' ? v.toString() : formatGoJsonFloat(v);
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** metav1.Time: RFC 3339 in, seconds-precision UTC out, the zero time as null. */
function roundTripTime(text: string): string | null | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, , zone] = m;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), 0);
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const offsetMinutes = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
    date.setTime(date.getTime() - offsetMinutes * 60_000);
  }
  if (Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  if (year === 1 && date.getUTCMonth() === 0 && date.getUTCDate() === 1 && date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0) return null;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`;
}

/** The encoding of an absent field, by table and type: the same for every absent field of that type. */
const zeroValues = new WeakMap<StructTable, Map<string, JsonValue>>();

/** A field the input did not give (undefined is no JSON value, but a marker reads plainer). */
const ABSENT: unique symbol = Symbol('absent');
/** An absent field that omitempty or omitzero leaves out of the encoding. */
const LEFT_OUT: unique symbol = Symbol('left out');

interface StructPlan {
  fields: readonly ResolvedField[];
  /** Per field: its type's shape (shapeOf(field.type)), read once. */
  shapes: TypeShape[];
  /** Per field: the encoding of the field when it is absent (shared: copy it), or LEFT_OUT. */
  zeros: (JsonValue | typeof LEFT_OUT)[];
  /** Each field's position in `fields`. */
  index: Map<ResolvedField, number>;
  /** The position of the field a key names exactly (findField's first lookup), without a second map. */
  exact: Map<string, number>;
}

/** Struct plans by table and struct name (see Codec.plan). */
const structPlans = new WeakMap<StructTable, Map<string, StructPlan>>();

/** A copy of JSON data (shared zero values, a Raw value as written): callers may change what they get. */
function copyJson(v: JsonValue): JsonValue {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(copyJson);
  const out: JsonObject = {};
  for (const k of Object.keys(v)) setOwn(out, k, copyJson(v[k]));
  return out;
}

/*
 * The codec walks every value of a pod several times per injection, so it is written without
 * closures or per-call allocations beyond its output: the trail is pushed and popped in place,
 * and a mismatch is reported from the arguments that describe it.
 */
class Codec {
  readonly issues: TypedRoundTripIssue[] = [];
  /** Where in the input the decoder is. */
  private readonly trail: (string | number)[] = [];
  /**
   * The Go field path encoding/json names in a type error (`spec.containers.image`: field names
   * and map keys, no indexes), as segments: joined only when an error is said.
   */
  private readonly fieldPath: string[] = [];
  private readonly zeros: Map<string, JsonValue>;
  private readonly plans: Map<string, StructPlan>;

  constructor(private readonly table: StructTable, private readonly caseSensitive = false) {
    let zeros = zeroValues.get(table);
    if (!zeros) zeroValues.set(table, (zeros = new Map()));
    this.zeros = zeros;
    let plans = structPlans.get(table);
    if (!plans) structPlans.set(table, (plans = new Map()));
    this.plans = plans;
  }

  get errors(): string[] {
    return this.issues.map((i) => i.message);
  }

  fail(message: string): void {
    this.issues.push({ message, path: [...this.trail] });
  }

  private mismatch(v: JsonValue | undefined, type: string, struct: string): void {
    this.fail(`json: cannot unmarshal ${jsonKind(v as JsonValue)} into Go struct field ${struct}.${this.fieldPath.join('.')} of type ${goTypeName(type)}`);
  }

  /** Whether encoding/json's omitempty leaves this encoded value (of a type of shape `s`) out. */
  private isEmpty(s: TypeShape, v: JsonValue): boolean {
    switch (s.kind) {
      case 'pointer':
        return v === null;
      case 'slice':
      case 'map':
        return v === null || (Array.isArray(v) ? v.length === 0 : isObject(v) && Object.keys(v).length === 0);
      case 'scalar':
        return v === '' || v === false || v === 0 || v === 0n;
      case 'leaf':
        return s.go === 'Raw' ? v === null : false;
      case 'struct':
        return false;
    }
  }

  /** The encoding of an absent value of `type` (Go's zero value), shared: copy it before handing it out. */
  private sharedZero(type: string, struct: string, depth: number): JsonValue {
    let z = this.zeros.get(type);
    if (z === undefined) {
      // An absent value decodes without an error, so no field path is needed.
      z = this.value(type, undefined, struct, depth);
      this.zeros.set(type, z);
    }
    return z;
  }

  /** Decodes `v` (undefined = absent) into a Go value of `type` and returns its JSON encoding. */
  value(type: string, v: JsonValue | undefined, struct: string, depth: number): JsonValue {
    return this.valueOf(shapeOf(type), type, v, struct, depth);
  }

  /** `value` for a type whose shape the caller has already read. */
  private valueOf(s: TypeShape, type: string, v: JsonValue | undefined, struct: string, depth: number): JsonValue {
    if (depth > MAX_DEPTH) {
      this.fail(`object nested deeper than ${MAX_DEPTH} levels at ${this.fieldPath.join('.')}`);
      return null;
    }
    switch (s.kind) {
      case 'pointer':
        if (v === undefined || v === null) return null;
        return this.value(s.elem, v, struct, depth + 1);
      case 'slice': {
        if (v === undefined || v === null) return null;
        if (!Array.isArray(v)) return this.mismatch(v, type, struct), null;
        const out: JsonValue[] = new Array(v.length);
        const elem = shapeOf(s.elem);
        for (let i = 0; i < v.length; i++) {
          this.trail.push(i);
          out[i] = this.valueOf(elem, s.elem, v[i], struct, depth + 1);
          this.trail.pop();
        }
        return out;
      }
      case 'map': {
        if (v === undefined || v === null) return null;
        if (!isObject(v)) return this.mismatch(v, type, struct), null;
        const out: JsonObject = {};
        const elem = shapeOf(s.elem);
        for (const k of Object.keys(v)) {
          this.trail.push(k);
          this.fieldPath.push(k);
          setOwn(out, k, this.valueOf(elem, s.elem, v[k], struct, depth + 1));
          this.fieldPath.pop();
          this.trail.pop();
        }
        return out;
      }
      case 'scalar':
        return this.scalar(s.go, v, type, struct);
      case 'leaf':
        return this.leaf(s.go, v, type, struct);
      case 'struct':
        return this.struct(s.name, v, type, struct, depth);
    }
  }

  private scalar(go: 'string' | 'bool' | 'int32' | 'int64' | 'float64', v: JsonValue | undefined, type: string, struct: string): JsonValue {
    const zero = go === 'string' ? '' : go === 'bool' ? false : 0;
    if (v === undefined || v === null) return zero;
    if (go === 'string') return typeof v === 'string' ? v : (this.mismatch(v, type, struct), zero);
    if (go === 'bool') return typeof v === 'boolean' ? v : (this.mismatch(v, type, struct), zero);
    if (typeof v !== 'number' && typeof v !== 'bigint') return this.mismatch(v, type, struct), zero;
    if (go === 'float64') return Number(v);
    if (typeof v === 'number' && !Number.isInteger(v)) return this.mismatch(v, type, struct), zero;
    if (typeof v === 'number' && go === 'int32') return v >= -2147483648 && v <= 2147483647 ? v : (this.mismatch(v, type, struct), zero);
    const big = BigInt(v);
    const [min, max] = INT_RANGE[go];
    if (big < min || big > max) return this.mismatch(v, type, struct), zero;
    return typeof v === 'number' || Number.isSafeInteger(Number(big)) ? Number(big) : big;
  }

  private leaf(go: 'Quantity' | 'IntOrString' | 'Time' | 'Raw', v: JsonValue | undefined, type: string, struct: string): JsonValue {
    // A copy, so the result never shares a node with the input: callers may change either freely.
    if (go === 'Raw') return v === undefined ? null : copyJson(v);
    if (go === 'Quantity') {
      if (v === undefined || v === null) return '0';
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint') return this.mismatch(v, type, struct), '0';
      const q = parseQuantity(typeof v === 'string' ? v.trim() : numberText(v));
      if (!q) {
        this.fail("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
        return '0';
      }
      return formatQuantity(q);
    }
    if (go === 'IntOrString') {
      if (v === undefined || v === null) return 0;
      if (typeof v === 'string') return v;
      return this.scalar('int32', v, type, struct);
    }
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') return this.mismatch(v, type, struct), null;
    const t = roundTripTime(v);
    if (t === undefined) {
      this.fail(`parsing time ${JSON.stringify(v)} as "2006-01-02T15:04:05Z07:00": cannot parse`);
      return null;
    }
    return t;
  }

  /**
   * How a struct decodes, worked out once per table: its fields (embedded ones flattened), their
   * shapes, and for each whether an absent field is written (and as what). An absent field is
   * always its type's zero value, so whether omitempty or omitzero leaves it out is fixed per field.
   */
  private plan(name: string): StructPlan {
    const plans = this.plans;
    let plan = plans.get(name);
    if (plan) return plan;
    const fields = structFields(this.table, name);
    const zeros: (JsonValue | typeof LEFT_OUT)[] = [];
    // Registered before the zeros are computed: a struct reaches itself only through a pointer or
    // a slice, whose zero is null, so the plan is never read half-built.
    plan = { fields, shapes: fields.map((f) => shapeOf(f.type)), zeros, index: new Map(), exact: new Map() };
    fields.forEach((f, i) => {
      if (!plan!.index.has(f)) plan!.index.set(f, i);
    });
    // findField's exact lookup finds the first field of a JSON name: so does this map.
    for (const f of fields) if (!plan.exact.has(f.json)) plan.exact.set(f.json, plan.index.get(f)!);
    plans.set(name, plan);
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const zero = this.sharedZero(f.type, name, 1);
      zeros.push((f.omitempty && this.isEmpty(plan.shapes[i], zero)) || (f.omitzero && zero === null) ? LEFT_OUT : zero);
    }
    return plan;
  }

  private struct(name: string, v: JsonValue | undefined, type: string, outer: string, depth: number): JsonValue {
    const plan = this.plan(name);
    const list = plan.fields;
    let given: (JsonValue | typeof ABSENT)[] | undefined;
    if (v !== undefined && v !== null) {
      if (!isObject(v)) this.mismatch(v, type, outer);
      else {
        for (const k of Object.keys(v)) {
          let at = plan.exact.get(k);
          if (at === undefined) {
            // The API server's decoder knows exact names only; encoding/json's also matches
            // ignoring case (findField), the rare path.
            if (this.caseSensitive) continue;
            const f = findField(list, k);
            if (!f) continue;
            at = plan.index.get(f)!;
          }
          const f = list[at];
          given ??= new Array(list.length).fill(ABSENT);
          this.trail.push(k);
          this.fieldPath.push(f.json);
          given[at] = this.valueOf(plan.shapes[at], f.type, v[k], name, depth + 1);
          this.fieldPath.pop();
          this.trail.pop();
        }
      }
    }
    const out: JsonObject = {};
    for (let i = 0; i < list.length; i++) {
      const f = list[i];
      const encoded = given === undefined ? ABSENT : given[i];
      if (encoded === ABSENT) {
        // Most absent fields are left out; the few that stay get a copy of the shared zero.
        const zero = plan.zeros[i];
        if (zero !== LEFT_OUT) out[f.json] = copyJson(zero);
        continue;
      }
      if (f.omitempty && this.isEmpty(plan.shapes[i], encoded)) continue;
      if (f.omitzero && encoded === null) continue;
      out[f.json] = encoded;
    }
    return out;
  }
}

/** sigs.k8s.io/yaml: a YAML number or bool headed for a Go string becomes its text. */
function coerceForTarget(table: StructTable, target: string | undefined, v: JsonValue, depth: number): JsonValue {
  if (depth > MAX_DEPTH) return v;
  let shape = target === undefined ? undefined : shapeOf(target);
  while (shape?.kind === 'pointer') shape = shapeOf(shape.elem);
  if (Array.isArray(v)) {
    const elem = shape?.kind === 'slice' ? shape.elem : undefined;
    return v.map((item) => coerceForTarget(table, elem, item, depth + 1));
  }
  if (isObject(v)) {
    const out: JsonObject = {};
    const fieldsOf = shape?.kind === 'struct' && table[shape.name] ? structFields(table, shape.name) : undefined;
    for (const [k, item] of Object.entries(v)) {
      let childTarget: string | undefined;
      if (fieldsOf) {
        const f = findField(fieldsOf, k);
        // Go looks up the top-level struct field, so a promoted field's target is the embedded struct itself.
        childTarget = f ? (f.viaInline ?? f.type) : undefined;
      } else if (shape?.kind === 'map') {
        childTarget = shape.elem;
      }
      setOwn(out, k, coerceForTarget(table, childTarget, item, depth + 1));
    }
    return out;
  }
  if (shape?.kind === 'scalar' && shape.go === 'string') {
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : formatFloat32G(v);
  }
  return v;
}

/** strconv.FormatFloat(f, 'g', -1, 32): the shortest text that reads back as the same float32. */
function formatFloat32G(f: number): string {
  const target = Math.fround(f);
  let text = String(target);
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(target.toPrecision(p));
    if (Math.fround(candidate) === target) {
      text = String(candidate);
      break;
    }
  }
  const n = Number(text);
  const [mantissa, e] = n.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return text;
}

/**
 * Decodes `value` as the Go type `typeName` (e.g. "Pod", "Deployment", "Container") and encodes
 * it back. Never throws; errors come back as messages beside the best-effort value. A decoded value
 * is built afresh (it shares no object with the input), so callers need not copy before or after.
 */
export function typedRoundTrip(typeName: string, value: JsonValue, options: TypedRoundTripOptions = {}): TypedRoundTripResult {
  const table = options.table ?? KUBE_TYPES;
  if (!table[typeName]) return { value, errors: [`unknown Kubernetes type ${typeName}`], issues: [{ message: `unknown Kubernetes type ${typeName}`, path: [] }] };
  const codec = new Codec(table, options.caseSensitive);
  try {
    const input = options.fromYaml ? coerceForTarget(table, typeName, value, 0) : value;
    const out = codec.value(typeName, input, typeName, 0);
    return { value: out, errors: codec.errors, issues: codec.issues };
  } catch (err) {
    codec.fail(err instanceof Error ? err.message : String(err));
    return { value, errors: codec.errors, issues: codec.issues };
  }
}
