import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readBlockYaml, resolvePlain } from './blockYaml.ts';

// Whatever the fast reader answers must be what the full parser answers; when it is unsure it says so.
const inSubset: [string, string][] = [
  ['nested maps and a sequence at the key’s indent', 'a:\n  b: 1\n  c:\n  - x\n  - y: 2\n    z: [ ]\nd: {}\n'],
  ['indented sequences', 'items:\n  - name: a\n    ports:\n      - 80\n      - 443\n'],
  ['quoted scalars and escapes', `a: 'it''s # not a comment'\nb: "tab\\tnew\\nline \\u00e9 \\"q\\""\nc: "" # empty\n`],
  ['core schema scalars', 'a: 1\nb: -2\nc: 0x1F\nd: 0o17\ne: 1.5e3\nf: .inf\ng: .NaN\nh: ~\ni: null\nj: True\nk: FALSE\nl: 2026-11-02T09:14:07Z\nm: 100m\nn:\no: +7\n'],
  ['literal block scalars with every chomping', 'a: |\n  line 1\n\n    indented\n  end\nb: |-\n  stripped\n\nc: |+\n  kept\n\n\nd: x\ne: |\nf: y\n'],
  ['spaces beyond the indent on a blank line of a literal', 'a: |\n  one\n     \n  two\n    \nb: |-\n  x\n   \n'],
  ['comments everywhere', '# head\na: 1 # one\n# between\nb:\n  # inside\n  - 2\n'],
  ['plain scalars that start with an indicator followed by text', 'args:\n- -p\n- "15001"\n- :x\n- ?y\nneg: -1\n'],
  ['a one-entry List item, as the dump splitter cuts it', '- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p\n'],
  ['a dash alone on its line', 'a:\n-\n  b: 1\n- \n- c\n'],
];

const outsideSubset: [string, string][] = [
  ['an anchor and alias', 'a: &x 1\nb: *x\n'],
  ['a tag', 'a: !!str 1\n'],
  ['a flow sequence with items', 'a: [1, 2]\n'],
  ['a folded scalar', 'a: >\n  folded\n  text\n'],
  ['a multi-line plain scalar', 'a: one\n  two\n'],
  ['a quoted scalar over two lines', "a: 'one\n  two'\n"],
  ['a duplicate key', 'a: 1\na: 2\n'],
  ['a quoted key', '"a": 1\n'],
  ['a document marker', '---\na: 1\n'],
  ['tabs for indentation', 'a:\n\tb: 1\n'],
  ['an indentation indicator', 'a: |2\n    x\n'],
  ['a number as key', '1: a\n'],
  ['a compact nested sequence', '- - a\n'],
  ['a prototype key', '__proto__: 1\n'],
  ['nesting deeper than any Kubernetes object', Array.from({ length: 500 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + '\n'],
];

describe('readBlockYaml', () => {
  it.each(inSubset)('reads %s as the yaml library does', (_, text) => {
    const fast = readBlockYaml(text);
    expect(fast, 'should be inside the subset').toBeDefined();
    expect(fast!.value).toEqual(parse(text));
  });

  it.each(outsideSubset)('leaves %s to the full parser', (_, text) => {
    expect(readBlockYaml(text)).toBeUndefined();
  });

  it('agrees with the yaml library on random objects printed as kubectl does', () => {
    const key = fc.stringMatching(/^[a-z][a-zA-Z0-9./_-]{0,12}$/).filter((k) => typeof resolvePlain(k) === 'string' && k !== '__proto__');
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constantFrom('true', '1.5', '~', '- x', 'a: b', '#c', ' lead', 'trail ', 'multi\nline\n', 'ends\n\n'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
    })).node;
    let inside = 0;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), fc.boolean(), (obj, indentSeq) => {
        const text = stringify(obj, { indentSeq, lineWidth: 0, aliasDuplicateObjects: false });
        const fast = readBlockYaml(text);
        if (!fast) return;
        inside++;
        expect(fast.value).toEqual(parse(text));
      }),
      { numRuns: 400 },
    );
    // Arbitrary strings are often printed quoted over several lines; still, many objects must take the fast path.
    expect(inside).toBeGreaterThan(100);
  });
});
