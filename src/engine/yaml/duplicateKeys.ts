import { isMap, isPair, isScalar, isSeq, type Document, type Scalar } from 'yaml';

/** A key written again in the mapping where it was first written. */
export interface DuplicateKey {
  /** The second (or later) write. */
  key: Scalar;
  /** The first write of the same key in that mapping. */
  first: Scalar;
}

/**
 * Keys written twice in one mapping, in the order they appear (the second and later writes), as
 * the yaml library's `uniqueKeys: true` finds them: scalar keys equal by value. The library checks
 * each key against all earlier ones, which takes minutes on a mapping of 100k keys that a hostile
 * paste can hold; one Map per mapping keeps this linear.
 */
export function duplicateKeys(doc: Document.Parsed): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  // The collections are walked with a stack rather than the library's visit(), which builds a path
  // and calls back for every scalar and pair; this runs on every document of every input, and only
  // maps can hold a duplicate. Keys are walked too (a collection key is a map of its own). Aliases
  // are not followed, as visit() does not follow them.
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Map<unknown, Scalar>();
      for (const pair of node.items) {
        stack.push(pair.value, pair.key);
        if (!isScalar(pair.key)) continue; // a collection key equals only itself, as in the library
        const value = pair.key.value;
        if (Number.isNaN(value)) continue; // NaN !== NaN: the library never calls two .nan keys equal
        const first = seen.get(value);
        if (first) found.push({ key: pair.key, first });
        else seen.set(value, pair.key);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    } else if (isPair(node)) {
      stack.push(node.value, node.key);
    }
  }
  return found.sort((a, b) => a.key.range![0] - b.key.range![0]);
}
