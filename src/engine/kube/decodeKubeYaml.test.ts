import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { decodeKubeNode, decodeKubeYaml } from './decodeKubeYaml.ts';

// Each row: YAML text and the JSON value sigs.k8s.io/yaml turns it into.
const CASES: [string, string, unknown][] = [
  ['YAML 1.1 booleans', 'a: yes\nb: off\nc: Y\nd: "yes"', { a: true, b: false, c: true, d: 'yes' }],
  ['nulls', 'a: ~\nb:\nc: null\nd: ""', { a: null, b: null, c: null, d: '' }],
  ['octal, hex, underscores', 'a: 0644\nb: 0x1F\nc: 1_000\nd: 0o17\ne: 08', { a: 420, b: 31, c: 1000, d: 15, e: 8 }],
  ['floats', 'a: 1.5\nb: .5\nc: 1e3\nd: 2.', { a: 1.5, b: 0.5, c: 1000, d: 2 }],
  ['timestamps and base 60 stay strings', 'a: 2024-01-02\nb: 1:20', { a: '2024-01-02', b: '1:20' }],
  ['quoted and block scalars are strings', "a: '1'\nb: |\n  x\nc: !!str 2", { a: '1', b: 'x\n', c: '2' }],
  ['non-string keys become their text', '1: a\ntrue: b\n1.5: c', { '1': 'a', true: 'b', '1.5': 'c' }],
  ['later duplicate wins', 'a: 1\na: 2', { a: 2 }],
  ['aliases and merge keys', 'x: &x {p: 1, q: 2}\nz:\n  <<: *x\n  q: 3', { x: { p: 1, q: 2 }, z: { p: 1, q: 3 } }],
  ['the key y is the boolean true', 'y: 1', { true: 1 }],
  ['merge keys overwrite earlier keys, the first of several sources wins', 'a: &a {p: 1, q: 1}\nb: &b {q: 2, r: 2}\nz:\n  p: 0\n  <<: [*a, *b]\n  r: 3', { a: { p: 1, q: 1 }, b: { q: 2, r: 2 }, z: { p: 1, q: 1, r: 3 } }],
  ['integers beyond 2^53 become the nearest double', 'a: 12345678901234567890', { a: 12345678901234567890 }],
  ['a __proto__ key is an ordinary key', '__proto__: {a: 1}', JSON.parse('{"__proto__": {"a": 1}}')],
];

describe('decodeKubeYaml', () => {
  it.each(CASES)('%s', (_name, text, expected) => {
    const r = decodeKubeYaml(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.documents[0].value).toEqual(expected);
  });

  it.each(CASES)('%s: the same from a document the app already parsed with the core schema', (_name, text, expected) => {
    // The scenario parses each text once (core schema, positions) and reads it again with Go's rules.
    const [doc] = parseAllDocuments(text, { uniqueKeys: false });
    expect(decodeKubeNode(doc)).toEqual({ value: expected });
  });

  it('reads one item of a List in place', () => {
    const [doc] = parseAllDocuments('kind: List\nitems:\n- {kind: Pod, metadata: {labels: {on: yes}}}\n');
    expect(decodeKubeNode(doc, ['items', 0])).toEqual({ value: { kind: 'Pod', metadata: { labels: { true: true } } } });
  });

  it('splits a stream and records where documents start', () => {
    const r = decodeKubeYaml('a: 1\n---\nb: 2\n');
    expect(r.documents.map((d) => [d.value, d.startLine])).toEqual([[{ a: 1 }, 1], [{ b: 2 }, 3]]);
  });

  it('reports syntax errors at line:column', () => {
    const r = decodeKubeYaml('a: 1\nb: [1, 2\n', 'in');
    expect(r.documents).toEqual([]);
    expect(r.diagnostics[0]).toMatchObject({ severity: 'error', source: { input: 'in' } });
    expect(r.diagnostics[0].source!.line).toBeGreaterThanOrEqual(2);
  });

  it('stops an alias bomb', () => {
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 9; i++) text += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]\n`;
    const r = decodeKubeYaml(text);
    expect(r.documents).toEqual([]);
    expect(r.diagnostics[0].message).toMatch(/more than/);
  });

  it('refuses infinities, which JSON cannot carry', () => {
    expect(decodeKubeYaml('a: .inf').diagnostics[0]).toMatchObject({ severity: 'error', source: { line: 1, column: 4 } });
  });
});
