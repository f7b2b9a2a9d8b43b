/**
 * The shape of the Go types kube-inject and the webhook decode into, as data: each struct lists its
 * fields in Go declaration order (which is the order encoding/json writes them) with the JSON name,
 * the Go type, the encoding flags and the strategic-merge metadata of the field.
 *
 * Field types are written as Go writes them: `string`, `int32`, `*bool`, `[]Container`,
 * `map[string]string`, `map[string]Quantity`; struct names refer to other entries of the table.
 * Leaf types with their own JSON form: `Quantity`, `IntOrString`, `Time`, `Raw` (any JSON kept as is).
 */

export type PatchStrategy = 'merge' | 'replace' | 'retainKeys' | 'merge,retainKeys';

export interface FieldSpec {
  /** JSON name; '' for an embedded (inline) struct whose fields are promoted. */
  json: string;
  type: string;
  omitempty: boolean;
  /** Go 1.24 `omitzero`: left out when it is the zero value, even for a struct (metav1.Time). */
  omitzero: boolean;
  patchStrategy?: PatchStrategy;
  patchMergeKey?: string;
}

export type StructTable = Record<string, FieldSpec[]>;

/**
 * One field per string: `json type [flags...]`, flags being `omitempty`, `omitzero`,
 * `merge`, `retainKeys`, `merge,retainKeys`, `replace`, and `key=<mergeKey>`. `inline Type` embeds a struct.
 */
export function fields(...specs: string[]): FieldSpec[] {
  return specs.map((spec) => {
    const [json, type, ...flags] = spec.trim().split(/\s+/);
    const f: FieldSpec = {
      json: json === 'inline' ? '' : json,
      type,
      omitempty: flags.includes('omitempty'),
      omitzero: flags.includes('omitzero'),
    };
    for (const flag of flags) {
      if (flag === 'merge' || flag === 'replace' || flag === 'retainKeys' || flag === 'merge,retainKeys') f.patchStrategy = flag;
      else if (flag.startsWith('key=')) f.patchMergeKey = flag.slice(4);
    }
    return f;
  });
}

export type TypeShape =
  | { kind: 'scalar'; go: 'string' | 'bool' | 'int32' | 'int64' | 'float64' }
  | { kind: 'leaf'; go: 'Quantity' | 'IntOrString' | 'Time' | 'Raw' }
  | { kind: 'pointer'; elem: string }
  | { kind: 'slice'; elem: string }
  | { kind: 'map'; elem: string }
  | { kind: 'struct'; name: string };

const SCALARS = new Set(['string', 'bool', 'int32', 'int64', 'float64']);
const LEAVES = new Set(['Quantity', 'IntOrString', 'Time', 'Raw']);

const shapes = new Map<string, TypeShape>();

/** Reads a Go type expression of the table (each expression once: the round trips ask for the same few all the time). */
export function shapeOf(type: string): TypeShape {
  let shape = shapes.get(type);
  if (shape) return shape;
  if (type.startsWith('*')) shape = { kind: 'pointer', elem: type.slice(1) };
  else if (type.startsWith('[]')) shape = { kind: 'slice', elem: type.slice(2) };
  else if (type.startsWith('map[string]')) shape = { kind: 'map', elem: type.slice('map[string]'.length) };
  else if (SCALARS.has(type)) shape = { kind: 'scalar', go: type as 'string' };
  else if (LEAVES.has(type)) shape = { kind: 'leaf', go: type as 'Quantity' };
  else shape = { kind: 'struct', name: type };
  shapes.set(type, shape);
  return shape;
}

/** A struct field as the JSON decoder sees it, with embedded structs flattened. */
export interface ResolvedField extends FieldSpec {
  /** The outermost embedded struct the field was promoted from, if any. */
  viaInline?: string;
}

const flattenCache = new WeakMap<StructTable, Map<string, ResolvedField[]>>();

/** The fields of a struct with inline embeddings expanded, in encoding order. */
export function structFields(table: StructTable, name: string): ResolvedField[] {
  let perTable = flattenCache.get(table);
  if (!perTable) {
    perTable = new Map();
    flattenCache.set(table, perTable);
  }
  const cached = perTable.get(name);
  if (cached) return cached;
  const own = table[name];
  if (!own) throw new Error(`unknown Kubernetes type ${name}`);
  const out: ResolvedField[] = [];
  for (const f of own) {
    if (f.json === '') {
      for (const inner of structFields(table, f.type)) out.push({ ...inner, viaInline: f.type });
    } else {
      out.push(f);
    }
  }
  perTable.set(name, out);
  return out;
}

const fieldIndexes = new WeakMap<readonly ResolvedField[], { exact: Map<string, ResolvedField>; folded: Map<string, ResolvedField> }>();

/** encoding/json's field lookup: an exact name first, else one equal ignoring ASCII case. */
export function findField(list: readonly ResolvedField[], key: string): ResolvedField | undefined {
  let index = fieldIndexes.get(list);
  if (!index) {
    index = { exact: new Map(), folded: new Map() };
    for (const f of list) {
      if (!index.exact.has(f.json)) index.exact.set(f.json, f);
      const lower = f.json.toLowerCase();
      if (!index.folded.has(lower)) index.folded.set(lower, f);
    }
    fieldIndexes.set(list, index);
  }
  return index.exact.get(key) ?? index.folded.get(key.toLowerCase());
}
