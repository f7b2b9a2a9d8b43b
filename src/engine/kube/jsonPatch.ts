/**
 * JSON Patch (RFC 6902) between two JSON documents, built the way gomodules.xyz/jsonpatch/v2
 * `CreatePatch` builds the patch istiod returns from its webhook: objects are compared key by key
 * (added keys → add, changed → recurse or replace, missing → remove), arrays index by index (surplus
 * items removed from the end backwards, new items added at the end, then common indexes compared),
 * and a change of JSON type replaces the value.
 *
 * Go walks maps in random order, so the order of operations on sibling keys differs run to run
 * there; here keys are walked in sorted order. Applying either gives the same document.
 */
import type { JsonValue } from './sigsYamlWriter.ts';

export type JsonPatchOperation =
  | { op: 'add'; path: string; value: JsonValue }
  | { op: 'replace'; path: string; value: JsonValue }
  | { op: 'remove'; path: string };

type JsonObject = { [key: string]: JsonValue };

const MAX_DEPTH = 1_000;

function jsonType(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'bigint') return 'number';
  return typeof v;
}

/** RFC 6901 reference token. */
function pointer(base: string, key: string | number): string {
  return `${base}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

function diffValues(a: JsonValue, b: JsonValue, path: string, ops: JsonPatchOperation[], depth: number): void {
  if (depth > MAX_DEPTH) throw new Error(`documents nested deeper than ${MAX_DEPTH} levels`);
  const at = jsonType(a);
  const bt = jsonType(b);
  if (at === 'null' && bt === 'null') return;
  if (at !== bt) {
    ops.push({ op: 'replace', path, value: b });
    return;
  }
  if (at === 'object') {
    diffObjects(a as JsonObject, b as JsonObject, path, ops, depth);
  } else if (at === 'array') {
    const aa = a as JsonValue[];
    const ba = b as JsonValue[];
    const n = Math.min(aa.length, ba.length);
    for (let i = aa.length - 1; i >= n; i--) ops.push({ op: 'remove', path: pointer(path, i) });
    for (let i = n; i < ba.length; i++) ops.push({ op: 'add', path: pointer(path, i), value: ba[i] });
    for (let i = 0; i < n; i++) diffValues(aa[i], ba[i], pointer(path, i), ops, depth + 1);
  } else if (at === 'number' ? Number(a) !== Number(b) : a !== b) {
    ops.push({ op: 'replace', path, value: b });
  }
}

function diffObjects(a: JsonObject, b: JsonObject, path: string, ops: JsonPatchOperation[], depth: number): void {
  for (const key of Object.keys(b).sort()) {
    const p = pointer(path, key);
    if (!Object.hasOwn(a, key)) ops.push({ op: 'add', path: p, value: b[key] });
    else diffValues(a[key], b[key], p, ops, depth + 1);
  }
  for (const key of Object.keys(a).sort()) {
    if (!Object.hasOwn(b, key)) ops.push({ op: 'remove', path: pointer(path, key) });
  }
}

/**
 * The operations that turn `before` into `after`. Never throws: documents nested too deeply to walk
 * get one operation replacing the whole document, which is still a correct patch.
 */
export function createJsonPatch(before: JsonValue, after: JsonValue): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  try {
    diffValues(before, after, '', ops, 0);
  } catch {
    return [{ op: 'replace', path: '', value: after }];
  }
  return ops;
}

export interface AppliedJsonPatch {
  value?: JsonValue;
  error?: string;
}

function parsePointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new Error(`invalid JSON pointer ${JSON.stringify(path)}`);
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function arrayIndex(token: string, length: number, forAdd: boolean): number {
  if (forAdd && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`invalid array index ${JSON.stringify(token)}`);
  const i = Number(token);
  if (i > length || (!forAdd && i === length)) throw new Error(`array index ${i} out of range`);
  return i;
}

/** Applies one operation in place; `root` is returned because replacing "" swaps the document. */
function applyOne(root: JsonValue, op: JsonPatchOperation): JsonValue {
  const tokens = parsePointer(op.path);
  if (tokens.length === 0) {
    if (op.op === 'remove') return null;
    return structuredClone(op.value);
  }
  let parent: JsonValue = root;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(parent)) parent = parent[arrayIndex(t, parent.length, false)];
    else if (parent !== null && typeof parent === 'object' && Object.hasOwn(parent, t)) parent = (parent as JsonObject)[t];
    else throw new Error(`path ${op.path} does not exist`);
  }
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    const i = arrayIndex(last, parent.length, op.op === 'add');
    if (op.op === 'add') parent.splice(i, 0, structuredClone(op.value));
    else if (op.op === 'remove') parent.splice(i, 1);
    else parent[i] = structuredClone(op.value);
  } else if (parent !== null && typeof parent === 'object') {
    const obj = parent as JsonObject;
    if (op.op !== 'add' && !Object.hasOwn(obj, last)) throw new Error(`path ${op.path} does not exist`);
    if (op.op === 'remove') delete obj[last];
    else Object.defineProperty(obj, last, { value: structuredClone(op.value), enumerable: true, writable: true, configurable: true });
  } else {
    throw new Error(`path ${op.path} does not exist`);
  }
  return root;
}

/** Applies an RFC 6902 patch (add, remove, replace) to a copy of `document`. Never throws. */
export function applyJsonPatch(document: JsonValue, ops: readonly JsonPatchOperation[]): AppliedJsonPatch {
  try {
    let doc = structuredClone(document);
    for (const op of ops) doc = applyOne(doc, op);
    return { value: doc };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
