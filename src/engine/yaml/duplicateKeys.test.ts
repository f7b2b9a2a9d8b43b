import { describe, expect, it } from 'vitest';
import { parseAllDocuments, type Document } from 'yaml';
import { duplicateKeys } from './duplicateKeys.ts';

/** What the yaml library's own (quadratic) check reports: the key offsets of its DUPLICATE_KEY errors. */
function libraryOffsets(text: string): number[] {
  return parseAllDocuments(text, { uniqueKeys: true }).flatMap((d) => (d as Document.Parsed).errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => e.pos[0]));
}

function ourOffsets(text: string): number[] {
  return parseAllDocuments(text, { uniqueKeys: false }).flatMap((d) => duplicateKeys(d as Document.Parsed).map((k) => k.key.range![0]));
}

describe('duplicateKeys finds what uniqueKeys: true finds', () => {
  it.each([
    ['a: 1\nb: 2\n'],
    ['a: 1\na: 2\n'],
    ['a: 1\nb: {x: 1, x: 2}\na: 3\na: 4\n'],
    ['1: a\n"1": b\n'],
    ['true: a\nTrue: b\n'],
    ['.nan: a\n.nan: b\n'],
    ['? [a]\n: 1\n? [a]\n: 2\n'],
    ['- {a: 1}\n- {a: 1, a: 2}\n---\nk: &x v\nk: *x\n'],
    ['x:\n  y: 1\n  y: 2\n  z:\n    y: 3\n'],
    ['"a": 1\n\'a\': 2\na: 3\n'],
  ])('%j', (text) => {
    expect(ourOffsets(text)).toEqual(libraryOffsets(text));
  });

  it('stays linear on a mapping with many keys', () => {
    const text = Array.from({ length: 50_000 }, (_, i) => `k${i % 49_999}: v`).join('\n');
    expect(ourOffsets(text)).toHaveLength(1);
  });
});
