import { describe, expect, it } from 'vitest';
import { parseAllDocuments, YAMLParseError, YAMLWarning, type Document, type ErrorCode } from 'yaml';
import { parseYamlDocuments } from './parseDocuments.ts';
import { plainYamlError } from './plainErrors.ts';

/** The line:column and message of each diagnostic parseYamlDocuments gives for a text. */
function said(text: string): string[] {
  return parseYamlDocuments(text, 'w').diagnostics.map((d) => `${d.source?.line}:${d.source?.column} ${d.message}`);
}

/** Words of the yaml library that must never reach the user. */
const JARGON = /implicit|flow (map|sequence)|block-seq-ind|node end|indicator|scalar|token|compact mapping|directives-end/i;

describe('YAML errors in plain words, once, where the problem starts', () => {
  // [text, line:column where the problem starts, words the sentence says]
  it.each([
    ['an unclosed double quote, at the quote', 'a: 1\nb: x\nc: "never closed\nd: 2\n', '3:4', /never closed.*"/],
    ['an unclosed double quote deep in a list', 'spec:\n  env:\n  - name: A\n    value: "x\n  - name: B\n', '4:12', /never closed/],
    ['an unclosed single quote', "a: 1\nb: 'open\nc: 2\n", '2:4', /single-quoted.*never closed/],
    ['an unclosed [, at the [', 'a: [1, 2\nb: 3\n', '1:4', /This \[ is never closed: the \] /],
    ['an unclosed { in a map, at the {', 'x:\n  a: {k: 1\nb: 3\n', '2:6', /This \{ is never closed/],
    ['an unclosed [ at the root', '[1, 2\n', '1:1', /This \[ is never closed/],
    ['a key out of line', 'a:\n  b: 1\n c: 2\n', '3:1', /not lined up with the keys above/],
    ['a tab as indentation', 'a:\n\tb: 1\n', '2:1', /tab/],
    ['a key without a colon', 'a\nb: 1\n', '1:1', /lacks its ":"/],
    ['an escape YAML does not know', 'a: "\\q"\n', '1:5', /\\q is not an escape/],
    ['an alias without its anchor', 'a: 1\nb: *nope\n', '2:4', /\*nope .*no such anchor/],
    ['a reserved first character', 'a: @x\n', '1:4', /cannot start with @ unless it is quoted/],
    ['a block list inside brackets', 'a: [b: \n  - c]\n', '2:3', /Inside \[ \] or \{ \}/],
    ['a closing bracket with none open', 'a: 1\n]\n', '2:1', /closes nothing/],
    ['a key: value inside a value', 'a: b: c\n', '1:4', /holds a "key: value"/],
    ['two anchors on one value', 'a: &x &y 1\n', '1:7', /only one &anchor/],
    ['a list item on its key\'s line', 'a: - b\n', '1:4', /cannot start on the same line as its key/],
    ['a comment glued to a value', 'a: "x"#c\n', '1:7', /comment only after a space/],
    ['an empty item in brackets', 'a: [1,,2]\n', '1:7', /has no item before it/],
    ['a duplicate key, with the first', 'a: 1\nb: 2\na: 3\n', '3:1', /The key "a" is written twice in this map \(first at line 1\)/],
    ['text after a value', '- a\nb: 1\n', '2:1', /already ended/],
    ['a list item where a key belongs', 'a: 1\n- b\n', '2:1', /list item stands where this map expects another "key: value" line/],
  ])('%s', (_name, text, place, words) => {
    const out = said(text);
    expect(out, out.join('\n')).toHaveLength(1);
    expect(out[0].startsWith(`${place} `), out[0]).toBe(true);
    expect(out[0]).toMatch(words);
    expect(out[0]).not.toMatch(JARGON);
  });

  it('an unclosed [ is said once, not again as the key and ] it swallowed', () => {
    expect(said('a:\n  b: [\n  1\n  ]\n')).toEqual([expect.stringMatching(/^2:6 This \[ is never closed/)]);
  });

  it('warnings in plain words, kept beside an error on another line', () => {
    expect(said('a: !!foo 1\n')).toEqual(['1:4 meshsim does not know the tag !!foo; the value is read as if it had none']);
    expect(said('%FOO\n---\na: 1\n')).toEqual([expect.stringMatching(/^1:1 %FOO is not a YAML directive/)]);
  });

  it('each document of a stream says its own first error', () => {
    expect(said('a: b: c\n---\nb: [1\n')).toEqual([expect.stringMatching(/^1:4 This value holds/), expect.stringMatching(/^3:4 This \[ is never closed/)]);
  });
});

describe('every error code of the yaml library has a sentence', () => {
  const CODES: ErrorCode[] = ['ALIAS_PROPS', 'BAD_ALIAS', 'BAD_DIRECTIVE', 'BAD_DQ_ESCAPE', 'BAD_INDENT', 'BAD_PROP_ORDER', 'BAD_SCALAR_START', 'BLOCK_AS_IMPLICIT_KEY', 'BLOCK_IN_FLOW', 'DUPLICATE_KEY', 'IMPOSSIBLE', 'KEY_OVER_1024_CHARS', 'MISSING_CHAR', 'MULTILINE_IMPLICIT_KEY', 'MULTIPLE_ANCHORS', 'MULTIPLE_DOCS', 'MULTIPLE_TAGS', 'NON_STRING_KEY', 'RESOURCE_EXHAUSTION', 'TAB_AS_INDENT', 'TAG_RESOLVE_FAILED', 'UNEXPECTED_TOKEN', 'BAD_COLLECTION_TYPE'];
  it.each(CODES)('%s, with a message the table does not know', (code) => {
    const p = plainYamlError(new YAMLParseError([3, 4], code, 'some message a future yaml release may word differently'));
    expect(p.message).not.toContain('some message');
    expect(p.message.length).toBeGreaterThan(20);
    expect(p).toMatchObject({ severity: 'error', start: 3 });
  });

  it('a warning stays a warning', () => {
    expect(plainYamlError(new YAMLWarning([0, 1], 'TAG_RESOLVE_FAILED', 'Unresolved tag: tag:yaml.org,2002:x')).severity).toBe('warning');
  });

  // Texts that make the library say each of its messages (node_modules/yaml/dist/compose, parse).
  const TEXTS = [
    'a: 1\n- b\n', 'a:\n  - 1\n - 2\n', 'a: |x\n  b\n', 'a: |\n\n    x\n  y\n', 'a: >\n  x\n y\n', 'a: &\n', 'a: *\n', 'a: &x: 1\n', 'b: *x:\n',
    'a: !!str &x *y\n', 'a: !<tag:x\n', 'a: !e!x 1\n', '%YAML 1.1 1.2\n---\na: 1\n', '%TAG !\n---\na: 1\n', '%YAML 9.9\n---\na: 1\n', '{"a" "b"}\n', '["a" "b"]\n',
    '{a: 1, , b: 2}\n', '[,a]\n', '[a: 1, "b"\n: 2]\n', 'a: [\n"b\nc": 1]\n', '!t &a - b\n', '--- |\n  a\n...\n--- >2-x\n', '!!str [a]\n', '!!map\n- a\n', 'a: !!set\n  b: 1\n',
    'a: !!omap\n  b: 1\n', 'a: !!int x\n', '--- - a\n', 'a:\n- b\n  c: d\n- e\n', 'a: `x\n', 'a: |\n b\nc\n', '--- [a\n', '--- a\n  b: c\n', `${'k'.repeat(1100)}: v\n`,
    'a: "\\u12"\n', '- - ]\n', 'a: b\n\tc: d\n', '"a"b: 1\n', 'a: 1 # c\n  b: 2\n', "a: 'x'y\n", '- &a !t b\n',
  ];
  it.each(TEXTS)('%j reads in plain words', (text) => {
    const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false }) as Document.Parsed[];
    const raw = (Array.isArray(docs) ? docs : [docs]).flatMap((d) => [...d.errors, ...d.warnings]);
    expect(raw.length).toBeGreaterThan(0);
    for (const e of raw) {
      const p = plainYamlError(e);
      expect(p.message, `${e.code}: ${e.message}`).not.toMatch(JARGON);
      expect(p.message).not.toBe(e.message);
    }
    for (const d of parseYamlDocuments(text, 'w').diagnostics) expect(d.message).not.toMatch(JARGON);
  });
});
