/**
 * Kubernetes strategic merge patch (apimachinery `strategicpatch.StrategicMergePatch`), driven by the
 * patch metadata of the Go types in the schema table: lists tagged `merge` are merged by their merge
 * key (or as sets of scalars), other lists and scalars are replaced, maps merge key by key, `null`
 * deletes, and the directives `$patch: replace|delete`, `$retainKeys`, `$setElementOrder/<list>`
 * and `$deleteFromPrimitiveList/<list>` are honoured.
 *
 * Merged lists come out in apimachinery's order: the items the patch names in patch order,
 * interleaved with the items only the original has, which keep their original order and go before a
 * patch item only when both sit in the original and the original has them earlier.
 */
import { shapeOf, structFields, type PatchStrategy, type StructTable } from './schemaTypes.ts';
import type { JsonValue } from './sigsYamlWriter.ts';
import { KUBE_TYPES } from './workloadSchema.ts';
import { hasOwn, setOwn } from './ownProperty.ts';

type JsonObject = { [key: string]: JsonValue };

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const MAX_DEPTH = 500;

class PatchError extends Error {}

const isObject = (v: JsonValue | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

function jsonType(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'bigint') return 'number';
  return typeof v;
}

function clone<T extends JsonValue>(v: T): T {
  if (Array.isArray(v)) return v.map(clone) as T;
  if (isObject(v)) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) setOwn(out, k, clone(x));
    return out as T;
  }
  return v;
}

/** Scalars as Go's `==` on interface values compares them (a number never equals a string). */
function sameScalar(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) === Number(b);
  return a === b && (a === null || typeof a !== 'object');
}

function describe(v: JsonValue): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

/** Where a key leads in the schema: the Go type of the value, or undefined where the schema is open. */
interface Schema {
  type: string | undefined;
}

interface PatchMeta {
  strategy: PatchStrategy | undefined;
  mergeKey: string | undefined;
  sub: Schema;
}

class Merger {
  constructor(private readonly table: StructTable) {}

  /** LookupPatchMetadataForStruct: a struct field's type and patch tags; maps and open values have none. */
  private lookup(schema: Schema, key: string): PatchMeta {
    if (schema.type === undefined) return { strategy: undefined, mergeKey: undefined, sub: { type: undefined } };
    let shape = shapeOf(schema.type);
    while (shape.kind === 'pointer') shape = shapeOf(shape.elem);
    if (shape.kind === 'map') return { strategy: undefined, mergeKey: undefined, sub: schema };
    if (shape.kind === 'leaf') return { strategy: undefined, mergeKey: undefined, sub: { type: undefined } };
    if (shape.kind !== 'struct') throw new PatchError(`merging an object in json but data type is not map or struct, instead is: ${schema.type}`);
    const f = structFields(this.table, shape.name).find((x) => x.json === key);
    if (!f) throw new PatchError(`unable to find api field in struct ${shape.name} for the json field "${key}"`);
    return { strategy: f.patchStrategy, mergeKey: f.patchMergeKey, sub: { type: f.type } };
  }

  /** The element schema of a list field. */
  private elementOf(schema: Schema): Schema {
    if (schema.type === undefined) return schema;
    let shape = shapeOf(schema.type);
    while (shape.kind === 'pointer') shape = shapeOf(shape.elem);
    if (shape.kind === 'slice') return { type: shape.elem };
    if (shape.kind === 'leaf') return { type: undefined };
    throw new PatchError(`expected slice or array type, but got: ${schema.type}`);
  }

  /** The strategy apart from retainKeys, which only matters to the patch's own $retainKeys. */
  private static plainStrategy(s: PatchStrategy | undefined): string {
    if (s === 'merge,retainKeys' || s === 'merge') return 'merge';
    if (s === 'replace') return 'replace';
    return '';
  }

  mergeMap(original: JsonObject | null, patch: JsonObject, schema: Schema, depth: number): JsonObject {
    if (depth > MAX_DEPTH) throw new PatchError(`patch nested deeper than ${MAX_DEPTH} levels`);
    if (DIRECTIVE in patch) return this.directiveInMap(patch[DIRECTIVE], patch);
    const target: JsonObject = original ?? {};
    this.applyRetainKeys(target, patch);
    this.mergeSetElementOrder(target, patch, schema, depth);

    for (const key of Object.keys(patch)) {
      const patchV = patch[key];
      let k = key;
      let isDeleteList = false;
      if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
        k = extractKey(key, DELETE_FROM_PRIMITIVE_LIST);
        isDeleteList = true;
      }
      if (patchV === null) {
        delete target[k];
        continue;
      }
      if (!hasOwn(target, k) || jsonType(target[k]) !== jsonType(patchV)) {
        if (!isDeleteList) {
          // A value the original lacks is taken whole, minus its nulls and directives.
          const kept = removeDirectives(discardNulls(patchV));
          if (kept.keep) setOwn(target, k, kept.value);
          else delete target[k];
        }
        continue;
      }
      const originalV = target[k];
      if (isObject(originalV) && isObject(patchV)) {
        const meta = this.lookup(schema, k);
        setOwn(target, k, Merger.plainStrategy(meta.strategy) === 'replace' ? patchV : this.mergeMap(originalV, patchV, meta.sub, depth + 1));
      } else if (Array.isArray(originalV) && Array.isArray(patchV)) {
        const meta = this.lookup(schema, k);
        const elem = this.elementOf(meta.sub);
        // Delete lists ($deleteFromPrimitiveList) apply whatever the field's strategy.
        const merge = Merger.plainStrategy(meta.strategy) === 'merge' || isDeleteList;
        setOwn(target, k, merge ? this.mergeSlice(originalV, patchV, elem, meta.mergeKey ?? '', isDeleteList, depth + 1) : patchV);
      } else {
        setOwn(target, k, patchV);
      }
    }
    return target;
  }

  private directiveInMap(directive: JsonValue, patch: JsonObject): JsonObject {
    if (directive === 'replace') {
      delete patch[DIRECTIVE];
      return patch;
    }
    if (directive === 'delete') return {};
    throw new PatchError(`unknown patch type: ${describe(directive)} in map: ${describe(patch)}`);
  }

  private applyRetainKeys(original: JsonObject, patch: JsonObject): void {
    if (!(RETAIN_KEYS in patch)) return;
    const retain = patch[RETAIN_KEYS];
    delete patch[RETAIN_KEYS];
    if (!Array.isArray(retain)) throw new PatchError('invalid patch: the $retainKeys directive must be a list');
    const keep = (k: string): boolean => retain.some((r) => r === k);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
      if (!keep(k)) throw new PatchError('doesn\'t match $retainKeys list: a field in the patch is missing from $retainKeys');
    }
    for (const k of Object.keys(original)) if (!keep(k)) delete original[k];
  }

  /** `$setElementOrder/<list>`: merge that list now and order it by the directive, then by the original. */
  private mergeSetElementOrder(original: JsonObject, patch: JsonObject, schema: Schema, depth: number): void {
    for (const key of Object.keys(patch)) {
      if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
      const order = patch[key];
      delete patch[key];
      if (!Array.isArray(order)) throw new PatchError(`invalid $setElementOrder list: ${describe(order)}`);
      const listKey = extractKey(key, SET_ELEMENT_ORDER);
      const inOriginal = hasOwn(original, listKey);
      const inPatch = hasOwn(patch, listKey);
      const originalList = original[listKey];
      const patchList = patch[listKey];
      if (inOriginal && !Array.isArray(originalList)) throw new PatchError(`invalid value for ${listKey}: ${describe(originalList)}`);
      if (inPatch && !Array.isArray(patchList)) throw new PatchError(`invalid value for ${listKey}: ${describe(patchList)}`);
      const meta = this.lookup(schema, listKey);
      const mergeKey = meta.mergeKey ?? '';
      let merged: JsonValue[];
      if (inOriginal && !inPatch) merged = originalList as JsonValue[];
      else if (!inOriginal && inPatch) merged = removeDirectives(patchList as JsonValue[]).value as JsonValue[];
      else if (inOriginal && inPatch) {
        merged = Merger.plainStrategy(meta.strategy) === 'merge'
          ? this.mergeSlice(originalList as JsonValue[], patchList as JsonValue[], this.elementOf(meta.sub), mergeKey, false, depth + 1)
          : (patchList as JsonValue[]);
      } else continue;
      const { inList, others } = partition(merged, order, mergeKey);
      const kindIsMap = [...((originalList as JsonValue[]) ?? []), ...((patchList as JsonValue[]) ?? [])].some(isObject);
      setOwn(original, listKey, normalizeElementOrder(inList, others, order, (originalList as JsonValue[]) ?? [], mergeKey, kindIsMap));
      delete patch[listKey];
    }
  }

  mergeSlice(original: JsonValue[], patch: JsonValue[], elem: Schema, mergeKey: string, isDeleteList: boolean, depth: number): JsonValue[] {
    if (original.length === 0 && patch.length === 0) return original;
    const kind = sliceElementType(original, patch);
    let merged: JsonValue[];
    let serverOrder = original;
    let patchOrder = patch;
    if (kind !== 'object') {
      if (isDeleteList) {
        const doomed = new Positions(patch, '');
        return original.filter((v) => doomed.of(v) < 0);
      }
      merged = [];
      const seen = new Set<string>();
      for (const v of [...original, ...patch]) {
        const id = scalarIdentity(v);
        if (id === undefined || !seen.has(id)) merged.push(v);
        if (id !== undefined) seen.add(id);
      }
    } else {
      if (mergeKey === '') throw new PatchError('cannot merge lists without merge key');
      [serverOrder, patchOrder] = this.specialElements(original, patch, mergeKey);
      merged = [...serverOrder];
      const byKey = new Map<string, number>();
      merged.forEach((m, i) => {
        const id = isObject(m) && mergeKey in m ? scalarIdentity(m[mergeKey]) : undefined;
        if (id !== undefined && !byKey.has(id)) byKey.set(id, i);
      });
      for (const v of patchOrder) {
        const item = v as JsonObject;
        if (!(mergeKey in item)) throw new PatchError(`map: ${describe(item)} does not contain declared merge key: ${mergeKey}`);
        const id = scalarIdentity(item[mergeKey]);
        const at = id === undefined ? undefined : byKey.get(id);
        if (at !== undefined) merged[at] = this.mergeMap(merged[at] as JsonObject, item, elem, depth + 1);
        else {
          if (id !== undefined) byKey.set(id, merged.length);
          merged.push(item);
        }
      }
    }
    const { inList, others } = partition(merged, patchOrder, mergeKey);
    return normalizeElementOrder(inList, others, patchOrder, serverOrder, mergeKey, kind === 'object');
  }

  /** `$patch: delete` items remove their match; `$patch: replace` makes the list the patch's items. */
  private specialElements(original: JsonValue[], patch: JsonValue[], mergeKey: string): [JsonValue[], JsonValue[]] {
    let server = original;
    const plain: JsonValue[] = [];
    let replace = false;
    for (const v of patch) {
      const item = v as JsonObject;
      if (!(DIRECTIVE in item)) {
        plain.push(item);
        continue;
      }
      const directive = item[DIRECTIVE];
      if (directive === 'delete') {
        if (!(mergeKey in item)) throw new PatchError(`map: ${describe(item)} does not contain declared merge key: ${mergeKey}`);
        server = server.filter((s) => !(isObject(s) && mergeKey in s && sameScalar(s[mergeKey], item[mergeKey])));
      } else if (directive === 'replace') {
        replace = true;
      } else if (directive === 'merge') {
        throw new PatchError('merging lists cannot yet be specified in the patch');
      } else {
        throw new PatchError(`unknown patch type: ${describe(directive)} in map: ${describe(item)}`);
      }
    }
    return replace ? [plain, []] : [server, plain];
  }
}

function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) throw new PatchError(`invalid ${prefix} directive: ${key}`);
  return key.slice(slash + 1);
}

/** removeDirectives: `$patch` maps vanish from a value taken whole (and the value itself if it is one). */
function removeDirectives(v: JsonValue): { value: JsonValue; keep: boolean } {
  if (Array.isArray(v)) {
    const out: JsonValue[] = [];
    for (const x of v) {
      const r = removeDirectives(x);
      if (r.keep) out.push(r.value);
    }
    return { value: out, keep: true };
  }
  if (isObject(v)) {
    if (hasOwn(v, DIRECTIVE)) return { value: null, keep: false };
    for (const [k, x] of Object.entries(v)) {
      const r = removeDirectives(x);
      if (r.keep) setOwn(v, k, r.value);
      else delete v[k];
    }
  }
  return { value: v, keep: true };
}

/** discardNullValuesFromPatch: nulls in a value taken whole are dropped. */
function discardNulls(v: JsonValue): JsonValue {
  if (Array.isArray(v)) {
    for (const x of v) discardNulls(x);
  } else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (x === null) delete v[k];
      else discardNulls(x);
    }
  }
  return v;
}

function sliceElementType(...lists: JsonValue[][]): string {
  let type: string | undefined;
  for (const list of lists) {
    for (const v of list) {
      const t = jsonType(v);
      if (type === undefined) {
        if (t === 'array') throw new PatchError('lists of lists are not supported');
        type = t;
      } else if (t !== type) {
        throw new PatchError(`list element types are not identical: ${describe(lists)}`);
      }
    }
  }
  if (type === undefined) throw new PatchError('no elements in any of the given slices');
  return type;
}

function keyOf(v: JsonValue, mergeKey: string): JsonValue | undefined {
  if (mergeKey === '') return v;
  return isObject(v) ? v[mergeKey] : undefined;
}

/** A hashable identity for scalars under Go's `==` (1 and 1n are equal); undefined for maps and lists. */
function scalarIdentity(v: JsonValue | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (v === null) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return `n:${Number(v)}`;
  if (typeof v === 'string') return `s:${v}`;
  if (typeof v === 'boolean') return `b:${v}`;
  return undefined;
}

/** The first position of each merge-key value (or scalar) in a list, for O(1) lookups. */
class Positions {
  private readonly at = new Map<string, number>();

  constructor(list: JsonValue[], private readonly mergeKey: string) {
    list.forEach((x, i) => {
      const id = scalarIdentity(keyOf(x, mergeKey));
      if (id !== undefined && !this.at.has(id)) this.at.set(id, i);
    });
  }

  of(v: JsonValue): number {
    const id = scalarIdentity(keyOf(v, this.mergeKey));
    return id === undefined ? -1 : (this.at.get(id) ?? -1);
  }
}

/** Splits merged items into those the list (patch or $setElementOrder) names and the rest. */
function partition(merged: JsonValue[], list: JsonValue[], mergeKey: string): { inList: JsonValue[]; others: JsonValue[] } {
  const inList: JsonValue[] = [];
  const others: JsonValue[] = [];
  const positions = new Positions(list, mergeKey);
  for (const v of merged) {
    if (mergeKey !== '' && !(isObject(v) && mergeKey in v)) throw new PatchError(`map: ${describe(v)} does not contain declared merge key: ${mergeKey}`);
    (positions.of(v) >= 0 ? inList : others).push(v);
  }
  return { inList, others };
}

function sortByOrder(items: JsonValue[], order: JsonValue[], mergeKey: string, isMap: boolean): JsonValue[] {
  if (isMap) {
    for (const v of [...items, ...order]) {
      if (!(isObject(v) && mergeKey in v)) throw new PatchError(`map: ${describe(v)} does not contain declared merge key: ${mergeKey}`);
    }
  }
  const positions = new Positions(order, mergeKey);
  const ranked = items.map((v, i) => ({ v, i, at: positions.of(v) }));
  ranked.sort((a, b) => (a.at >= 0 && b.at >= 0 && a.at !== b.at ? a.at - b.at : a.i - b.i));
  return ranked.map((r) => r.v);
}

/** Patch items in patch order, server-only items in server order, interleaved by server position. */
function normalizeElementOrder(patchItems: JsonValue[], serverOnly: JsonValue[], patchOrder: JsonValue[], serverOrder: JsonValue[], mergeKey: string, isMap: boolean): JsonValue[] {
  const right = sortByOrder(patchItems, patchOrder, mergeKey, isMap);
  const left = sortByOrder(serverOnly, serverOrder, mergeKey, isMap);
  const server = new Positions(serverOrder, mergeKey);
  const out: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = server.of(left[i]);
      const ri = server.of(right[j]);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

export interface StrategicMergeResult {
  /** The merged object; absent when the patch could not be applied. */
  value?: JsonObject;
  /** apimachinery's complaint, when the patch is invalid for the schema. */
  error?: string;
}

/**
 * StrategicMergePatch(original, patch, <typeName>{}) — by default with the patch metadata of
 * corev1.Pod. Inputs are not modified. Never throws.
 */
export function strategicMerge(original: JsonValue, patch: JsonValue, typeName = 'Pod', table: StructTable = KUBE_TYPES): StrategicMergeResult {
  if (!table[typeName]) return { error: `unknown Kubernetes type ${typeName}` };
  const o = original === null ? {} : original;
  const p = patch === null ? {} : patch;
  if (!isObject(o) || !isObject(p)) return { error: 'invalid JSON document' };
  try {
    return { value: new Merger(table).mergeMap(clone(o), clone(p), { type: typeName }, 0) };
  } catch (err) {
    if (err instanceof PatchError) return { error: err.message };
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
