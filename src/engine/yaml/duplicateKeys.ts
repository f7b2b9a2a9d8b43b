import { isScalar, visit, type Document, type Node } from 'yaml';

/**
 * Keys written twice in one mapping, in the order they appear (the second and later writes), as
 * the yaml library's `uniqueKeys: true` finds them: scalar keys equal by value. The library checks
 * each key against all earlier ones, which takes minutes on a mapping of 100k keys that a hostile
 * paste can hold; one Set per mapping keeps this linear.
 */
export function duplicateKeys(doc: Document.Parsed): Node[] {
  const found: Node[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue; // a collection key equals only itself, as in the library
        const value = pair.key.value;
        if (Number.isNaN(value)) continue; // NaN !== NaN: the library never calls two .nan keys equal
        if (seen.has(value)) found.push(pair.key);
        else seen.add(value);
      }
    },
  });
  return found.sort((a, b) => a.range![0] - b.range![0]);
}
