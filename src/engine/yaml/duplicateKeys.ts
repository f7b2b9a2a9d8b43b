import { isScalar, visit, type Document, type Scalar } from 'yaml';

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
  visit(doc, {
    Map(_, map) {
      const seen = new Map<unknown, Scalar>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue; // a collection key equals only itself, as in the library
        const value = pair.key.value;
        if (Number.isNaN(value)) continue; // NaN !== NaN: the library never calls two .nan keys equal
        const first = seen.get(value);
        if (first) found.push({ key: pair.key, first });
        else seen.set(value, pair.key);
      }
    },
  });
  return found.sort((a, b) => a.key.range![0] - b.key.range![0]);
}
