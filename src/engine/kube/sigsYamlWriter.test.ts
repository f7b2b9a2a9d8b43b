import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeKubeYaml } from './decodeKubeYaml.ts';
import { formatYamlNumber, toSigsYaml, writeSigsYaml, type JsonValue } from './sigsYamlWriter.ts';

const WORDS = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');

// Each row: a JSON value and the exact text go-yaml v2 (through sigs.k8s.io/yaml) writes for it.
const CASES: [string, JsonValue, string][] = [
  ['empty map and list', { h: {}, i: [] }, 'h: {}\ni: []\n'],
  ['sequence under a key is not indented', { a: ['x', 'z'] }, 'a:\n- x\n- z\n'],
  ['map inside a sequence', { a: [{ b: 1, c: 2 }] }, 'a:\n- b: 1\n  c: 2\n'],
  ['sequence inside a sequence', [[1, 2], []], '- - 1\n  - 2\n- []\n'],
  ['null, booleans', { a: null, b: true, c: false }, 'a: null\nb: true\nc: false\n'],
  ['YAML 1.1 words are quoted', { a: 'yes', b: 'on', c: 'N', d: '~', e: 'Null', f: 'true' }, 'a: "yes"\nb: "on"\nc: "N"\nd: "~"\ne: "Null"\nf: "true"\n'],
  ['numbers in strings are quoted', { a: '15001', b: '1.0', c: '0x1F', d: '1e3', e: '0777', f: '08', g: '+1', h: '1_000' },
    'a: "15001"\nb: "1.0"\nc: "0x1F"\nd: "1e3"\ne: "0777"\nf: "08"\ng: "+1"\nh: "1_000"\n'],
  ['non-numbers stay plain', { a: '1.2.3', b: '0x', c: '1e', d: '-', e: '.', f: 'v1' }, "a: 1.2.3\nb: 0x\nc: 1e\nd: '-'\ne: .\nf: v1\n"],
  ['empty string', { a: '' }, 'a: ""\n'],
  ['timestamps and base 60 are quoted', { a: '2024-01-02', b: '2024-1-2T3:4:5Z', c: '1:20', d: '2024-13-01' },
    'a: "2024-01-02"\nb: "2024-1-2T3:4:5Z"\nc: "1:20"\nd: 2024-13-01\n'],
  ['indicators force single quotes', { a: '*', b: '- x', c: 'a: b', d: '#c', e: 'a #c', f: ' lead', g: 'trail ', h: '@x', i: 'a:b', j: 'a#b' },
    "a: '*'\nb: '- x'\nc: 'a: b'\nd: '#c'\ne: 'a #c'\nf: ' lead'\ng: 'trail '\nh: '@x'\ni: a:b\nj: a#b\n"],
  ["single quote inside single quotes", { a: "'x'" }, "a: '''x'''\n"],
  ['special characters force double quotes with escapes', { a: 'tab\there', b: '\u0001', c: '😀', d: 'é' },
    'a: "tab\\there"\nb: "\\x01"\nc: "\\U0001F600"\nd: é\n'],
  ['multi-line strings are literal blocks', { a: 'x\ny\n', b: 'x\ny', c: 'x\n\n', d: ' x\n' }, 'a: |\n  x\n  y\nb: |-\n  x\n  y\nc: |+\n  x\n\nd: |2\n   x\n'],
  ['a literal in a sequence', { a: ['x\n'] }, 'a:\n- |\n  x\n'],
  ['multi-line with trailing space falls back to double quotes', { a: 'x \ny' }, 'a: "x \\ny"\n'],
  ['keys in natural order', { b: 1, a10: 1, a9: 1, B: 1, '10': 1, '9': 1, '-x': 1 }, '-x: 1\n"9": 1\n"10": 1\nB: 1\na9: 1\na10: 1\nb: 1\n'],
  ['numbers as Go prints them', { a: 1.5e-7, b: 1e21, c: 1234567.5, d: 0.5, e: 100, f: -0, g: 12345678901234567890n },
    'a: 1.5e-07\nb: 1e+21\nc: 1.2345675e+06\nd: 0.5\ne: 100\nf: 0\ng: 12345678901234567890\n'],
  ['long plain strings fold past column 80', { a: WORDS },
    'a: word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12\n  word13 word14 word15 word16 word17 word18 word19 word20 word21 word22 word23 word24\n  word25 word26 word27 word28 word29\n'],
  ['long single-quoted strings fold too', { c: 'x: ' + WORDS },
    "c: 'x: word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12\n  word13 word14 word15 word16 word17 word18 word19 word20 word21 word22 word23 word24\n  word25 word26 word27 word28 word29'\n"],
  ['long strings without spaces do not fold', { a: 'x'.repeat(100) }, `a: ${'x'.repeat(100)}\n`],
  ['undefined values are absent, as in JSON', { a: undefined, b: [undefined] } as unknown as JsonValue, 'b:\n- null\n'],
  ['a key longer than 128 bytes is written as a complex key', { ['k'.repeat(129)]: 1 }, `? ${'k'.repeat(129)}\n: 1\n`],
];

describe('toSigsYaml', () => {
  it.each(CASES)('%s', (_name, value, expected) => {
    expect(toSigsYaml(value)).toBe(expected);
  });
});

describe('toSigsYaml reads back', () => {
  // Any JSON written by the writer must read back, through go-yaml's rules, as the same JSON:
  // this checks the quoting decisions against the resolver on strings no table thought of.
  const trickyString = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.constantFrom('yes', 'No', '~', '', ' ', '-', '- a', ':', 'a: b', '#', 'a #b', '0x1F', '1e3', '0777', '1:20', '2024-01-02', '.5', '.inf', "'", '"', '\t', 'a\n', '\n\n', ' a\n', 'a \nb', '\u2028', '😀'),
  );
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      trickyString,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(trickyString, tie('node'), { maxKeys: 4 }),
    ),
  })).node;

  it('for arbitrary values', () => {
    fc.assert(
      fc.property(fc.dictionary(trickyString, value, { maxKeys: 5 }), (v) => {
        const text = toSigsYaml(v as JsonValue);
        const back = decodeKubeYaml(text);
        expect(back.diagnostics).toEqual([]);
        expect(JSON.parse(JSON.stringify(back.documents[0].value))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 400 },
    );
  });
});

describe('writeSigsYaml', () => {
  it('refuses absurdly deep values instead of overflowing the stack', () => {
    let deep: JsonValue = 'x';
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    expect(writeSigsYaml(deep)).toEqual({ error: expect.stringMatching(/nested deeper/) });
    expect(writeSigsYaml({ a: 1 })).toEqual({ text: 'a: 1\n' });
  });
});

describe('formatYamlNumber', () => {
  it.each([
    [80, '80'], [-0, '0'], [2 ** 63, '9223372036854775808'], [2 ** 64, '1.8446744073709552e+19'], [1e21, '1e+21'], [0.5, '0.5'],
  ])('%d → %s', (n, s) => expect(formatYamlNumber(n)).toBe(s));
});
