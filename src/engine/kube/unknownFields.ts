/**
 * Fields an object carries that its Go type does not have, as the API server's strict decoding
 * finds them: it decodes a request with sigs.k8s.io/json, which matches field names exactly (not
 * ignoring case, as encoding/json does), and under field validation reports each field it would
 * drop by its path, `spec.containers[0].imagee`. The types are the struct table the typed round
 * trip uses (workloadSchema.ts: Kubernetes 1.34's Pod and workload kinds); a `Raw` leaf is not
 * looked into (the table keeps it untyped, so it cannot tell).
 */
import { findField, shapeOf, structFields, type StructTable } from './schemaTypes.ts';
import { KUBE_TYPES } from './workloadSchema.ts';
import { fieldPath } from './fieldPath.ts';

export interface UnknownField {
  /** Keys and indexes from the object's root to the field, to place it in the source. */
  path: (string | number)[];
  /** The field as the API server names it: `spec.containers[0].imagee`. */
  field: string;
  /** A field of the same struct the user probably meant (the same name in other case, or one or two letters off). */
  meant?: string;
}

/** Deeper than any real pod; a hostile input stops here rather than at the stack's end. */
const MAX_DEPTH = 64;

/** Levenshtein distance, stopping once it is past `max` (field names are short). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

function meantOf(key: string, names: readonly string[]): string | undefined {
  const folded = names.find((n) => n.toLowerCase() === key.toLowerCase());
  if (folded) return folded;
  let best: string | undefined;
  let bestDistance = key.length > 4 ? 2 : 1;
  for (const n of names) {
    const d = distance(key, n, bestDistance);
    if (d <= bestDistance && (!best || d < bestDistance)) {
      best = n;
      bestDistance = d;
    }
  }
  return best;
}


/**
 * The unknown fields of `value` read as Go type `typeName` (e.g. "Pod", "Deployment"), in document
 * order, at most `limit`. Values of the wrong JSON type are not this check's business (the typed
 * decode refuses them); they are skipped.
 */
export function unknownFields(typeName: string, value: unknown, options: { table?: StructTable; limit?: number } = {}): UnknownField[] {
  const table = options.table ?? KUBE_TYPES;
  const limit = options.limit ?? 50;
  const out: UnknownField[] = [];
  if (!table[typeName]) return out;
  const walk = (type: string, v: unknown, path: (string | number)[], depth: number): void => {
    if (out.length >= limit || depth > MAX_DEPTH || v === null || v === undefined) return;
    const shape = shapeOf(type);
    if (shape.kind === 'pointer') return walk(shape.elem, v, path, depth);
    if (shape.kind === 'slice') {
      if (Array.isArray(v)) v.forEach((item, i) => walk(shape.elem, item, [...path, i], depth + 1));
      return;
    }
    if (shape.kind === 'map') {
      if (typeof v === 'object' && !Array.isArray(v) && shapeOf(shape.elem).kind !== 'scalar') for (const [k, item] of Object.entries(v)) walk(shape.elem, item, [...path, k], depth + 1);
      return;
    }
    if (shape.kind !== 'struct' || typeof v !== 'object' || Array.isArray(v)) return;
    const list = structFields(table, shape.name);
    for (const [k, item] of Object.entries(v)) {
      const f = findField(list, k);
      if (f && f.json === k) walk(f.type, item, [...path, k], depth + 1);
      else {
        const meant = meantOf(k, list.map((x) => x.json));
        out.push({ path: [...path, k], field: fieldPath([...path, k]), ...(meant ? { meant } : {}) });
        if (out.length >= limit) return;
      }
    }
  };
  walk(typeName, value, [], 0);
  return out;
}
