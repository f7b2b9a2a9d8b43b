import { isCollection, isMap, isNode, isPair, isScalar, isSeq, type Document } from 'yaml';

/*
 * A copy of a parsed document that an edit at `path` (setIn, deleteIn) may change without touching
 * the original: the document, and every collection, pair and scalar on the path, are copied; the
 * rest is shared with the original, which nothing then changes (printing only reads it). It is the
 * document's own clone() made lazy: a suggestion sets one label of a Deployment, and copying the
 * whole document to do so cost more than printing it.
 *
 * What the yaml library's edits change, and so what is copied: a collection's `items` (a key added,
 * removed or moved), a pair's `value`, and a scalar's `value` (a scalar set to a scalar is changed
 * in place). The pairs a key finds are found as the library's own lookup finds them (findPair).
 */

type Parsed = Document.Parsed;
type Key = string | number;

/** A shallow copy with the same prototype and own properties (the yaml library's Node.clone without the walk). */
function shallow<T extends object>(v: T): T {
  return Object.create(Object.getPrototypeOf(v), Object.getOwnPropertyDescriptors(v)) as T;
}

/** The document copied along `path`; with `into`, a copy made by an earlier edit is copied further. */
export function copyAlongPath(original: Parsed, path: readonly Key[], into?: Parsed): Parsed {
  let doc = into;
  if (!doc) {
    // As Document.clone does, without cloning the contents.
    doc = shallow(original);
    doc.errors = original.errors.slice();
    doc.warnings = original.warnings.slice();
    doc.options = Object.assign({}, original.options);
    if (original.directives) doc.directives = original.directives.clone();
    doc.schema = original.schema.clone();
    if (original.range) doc.range = original.range.slice() as typeof original.range;
  }
  if (isNode(doc.contents)) doc.contents = copyNode(doc.contents, path, 0, doc.schema) as Parsed['contents'];
  return doc;
}

function copyNode(node: unknown, path: readonly Key[], depth: number, schema: Parsed['schema']): unknown {
  if (isScalar(node)) return shallow(node);
  if (!isCollection(node)) return node; // an alias: the edit fails on it as on the original
  const copy = shallow(node);
  copy.schema = schema;
  copy.items = node.items.slice();
  if (depth >= path.length) return copy;
  const key = path[depth];
  if (isMap(copy)) {
    for (let i = 0; i < copy.items.length; i++) {
      const pair = copy.items[i];
      if (!isPair(pair) || !(pair.key === key || (isScalar(pair.key) && pair.key.value === key))) continue;
      const p = shallow(pair);
      p.value = copyNode(pair.value, path, depth + 1, schema) as typeof p.value;
      copy.items[i] = p;
    }
  } else if (isSeq(copy)) {
    // The index as the library's asItemIndex reads it.
    const index = typeof key === 'string' && key ? Number(key) : key;
    if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < copy.items.length) copy.items[index] = copyNode(copy.items[index], path, depth + 1, schema) as (typeof copy.items)[number];
  }
  return copy;
}
