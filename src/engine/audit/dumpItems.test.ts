import { describe, expect, it } from 'vitest';
import { splitListItems } from './dumpItems.ts';

const kubectl = `apiVersion: v1
items:
- apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
- kind: "Pod"
  metadata:
    name: p
  spec:
    containers:
    - name: app
# a comment between items
- apiVersion: v1
  data:
    config: |
      - not an item
  kind: ConfigMap
kind: List
metadata:
  resourceVersion: ""
`;

describe('splitListItems', () => {
  it('finds each item of a kubectl List, its first line and its kind', () => {
    const split = splitListItems(kubectl)!;
    expect(split.items.map((i) => [i.line, i.kind])).toEqual([
      [3, 'Namespace'],
      [7, 'Pod'],
      [14, 'ConfigMap'],
    ]);
    expect(kubectl.slice(split.items[1].start, split.items[1].end)).toBe('- kind: "Pod"\n  metadata:\n    name: p\n  spec:\n    containers:\n    - name: app\n# a comment between items\n');
    expect(kubectl.slice(split.items[2].start, split.items[2].end)).toMatch(/kind: ConfigMap\n$/);
  });

  it('reads items indented under items:', () => {
    const split = splitListItems('kind: List\nitems:\n  - kind: Pod\n    metadata: {name: a}\n  - kind: Pod\n    metadata: {name: b}\n')!;
    expect(split.items.map((i) => i.kind)).toEqual(['Pod', 'Pod']);
  });

  it.each([
    ['JSON', '{"kind": "List", "items": []}'],
    ['a flow sequence', 'kind: List\nitems: [{kind: Pod}]\n'],
    ['several documents', 'kind: List\nitems:\n- kind: Pod\n---\nkind: Pod\n'],
    ['no items at all', 'kind: Pod\nmetadata: {name: p}\n'],
  ])('declines %s, which the caller parses whole', (_, text) => {
    expect(splitListItems(text)).toBeUndefined();
  });
});
