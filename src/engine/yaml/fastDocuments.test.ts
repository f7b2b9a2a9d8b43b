/**
 * The fast path of parseYamlDocuments (fastDocuments.ts) is held to the full one
 * (parseYamlDocumentsFully, the yaml library): on every text it reads it must give the same
 * documents — value, index, startLine, every node of `ast` (class, type, source, value, range),
 * locate / sizeOf / embedded(..).at / locateOffset on every path, and what each reader of `ast`
 * makes of it (sigs.k8s.io/yaml decoding, the API server's refusals, unknown-field warnings) — and
 * no diagnostics; on every text the full path has anything to say about, it must step aside.
 * The texts: every YAML file of src/examples and of the conformance corpora (read where they are),
 * the YAML strings inside them (the mesh and injector ConfigMaps' embedded texts), mutations of
 * all of those, and generated texts.
 */
import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMap, isPair, isScalar, isSeq, stringify, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { decodeKubeNode } from '../kube/index.ts';
import { apiServerRefusals, unknownFieldWarnings } from '../validation/index.ts';
import { fastYamlDocuments } from './fastDocuments.ts';
import { installFastYamlReader, parseYamlDocuments, parseYamlDocumentsFully, type ParsedYaml, type YamlDocument } from './parseDocuments.ts';
import { MAX_INPUT_CHARS } from './inputLimits.ts';

installFastYamlReader(fastYamlDocuments);

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = `${dir}/${name}`;
    if (statSync(p).isDirectory()) out.push(...yamlFiles(p));
    else if (/\.ya?ml$/.test(name)) out.push(p);
  }
  return out.sort();
}

const EXAMPLES = yamlFiles(here('../../examples'));
const CORPUS = [...yamlFiles(here('../../../../shared/conformance')), ...yamlFiles(here('../../../../shared/conformance-releases'))];

type Path = (string | number)[];

/** Every path into a value (the root included), at most `limit`. */
function paths(value: unknown, limit = 5000): Path[] {
  const out: Path[] = [];
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length && out.length < limit) {
    const [v, p] = stack.pop()!;
    out.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, [...p, i]]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push([x, [...p, k]]);
  }
  return out;
}

/** Deep equality that also checks key order, -0 and NaN (toEqual does not). */
function sameValue(a: unknown, b: unknown, at = '$'): string | undefined {
  if (typeof a !== typeof b) return `${at}: ${typeof a} vs ${typeof b}`;
  if (a === null || typeof a !== 'object') return Object.is(a, b) ? undefined : `${at}: ${String(a)} vs ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: different kinds`;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.join('\0') !== kb.join('\0')) return `${at}: keys ${JSON.stringify(ka)} vs ${JSON.stringify(kb)}`;
  for (const k of ka) {
    const d = sameValue((a as any)[k], (b as any)[k], `${at}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** The first difference between two node trees, in what a reader of a parsed document reads. */
function sameNodes(a: unknown, b: unknown, at = '$'): string | undefined {
  if (a === b) return undefined;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return `${at}: ${String(a)} vs ${String(b)}`;
  if (a.constructor !== b.constructor) return `${at}: ${a.constructor.name} vs ${b.constructor.name}`;
  if (isPair(a) && isPair(b)) return sameNodes(a.key, b.key, `${at}.key`) ?? sameNodes(a.value, b.value, `${at}.value`);
  const na = a as Node;
  const nb = b as Node;
  if (JSON.stringify(na.range) !== JSON.stringify(nb.range)) return `${at}: range ${JSON.stringify(na.range)} vs ${JSON.stringify(nb.range)}`;
  if (na.tag !== nb.tag) return `${at}: tag ${na.tag} vs ${nb.tag}`;
  if (isScalar(na) && isScalar(nb)) {
    if (na.type !== nb.type) return `${at}: type ${na.type} vs ${nb.type}`;
    if (na.source !== nb.source) return `${at}: source ${JSON.stringify(na.source)} vs ${JSON.stringify(nb.source)}`;
    return Object.is(na.value, nb.value) ? undefined : `${at}: value ${String(na.value)} vs ${String(nb.value)}`;
  }
  if ((isMap(na) && isMap(nb)) || (isSeq(na) && isSeq(nb))) {
    if (Boolean(na.flow) !== Boolean(nb.flow)) return `${at}: flow`;
    if (na.items.length !== nb.items.length) return `${at}: ${na.items.length} vs ${nb.items.length} items`;
    for (let i = 0; i < na.items.length; i++) {
      const d = sameNodes(na.items[i], nb.items[i], `${at}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  return `${at}: unexpected node`;
}

/** What each reader of a document gives, for comparing. */
function readings(doc: YamlDocument, text: string): unknown[] {
  const out: unknown[] = [doc.index, doc.startLine];
  const lines = text.split('\n');
  for (const p of paths(doc.value)) {
    out.push(p, doc.locate(p), doc.sizeOf?.(p));
    const e = doc.embedded?.(p);
    if (e) {
      const own = e.text.split('\n');
      out.push(e.text, e.whole);
      // Every line's first, second and last column, and one past the end of the text.
      for (let l = 0; l <= Math.min(own.length, 200) + 1; l++) for (const c of [1, 2, (own[l - 1] ?? '').length + 1]) out.push(e.at(l, c));
    }
  }
  for (let i = 0; i < text.length; i += Math.max(1, Math.floor(text.length / 50))) out.push(doc.locateOffset?.(i));
  void lines;
  if (doc.ast) out.push(decodeKubeNode(doc.ast, []));
  const v = doc.value as Record<string, any>;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    out.push(apiServerRefusals(doc, [], v), unknownFieldWarnings(doc, [], v));
    if (v.kind === 'List' && Array.isArray(v.items)) v.items.forEach((item: any, i: number) => item && typeof item === 'object' && out.push(apiServerRefusals(doc, ['items', i], item), unknownFieldWarnings(doc, ['items', i], item)));
  }
  return out;
}

/**
 * The fast path agrees with the full one on `text`, or steps aside; returns whether it read the
 * text. `readAll` false compares values and nodes only (the readers read nothing else, and their
 * code is the same on both paths), for the many corpus texts.
 */
function agrees(text: string, what = 'text', readAll = true): boolean {
  const full = parseYamlDocumentsFully(text, 'input');
  if (!fastYamlDocuments(text)) return false;
  const fast: ParsedYaml = parseYamlDocuments(text, 'input');
  const context = `${what}: ${JSON.stringify(text.slice(0, 300))}`;
  expect(full.diagnostics, `the fast path read a text the full path has something to say about (${context})`).toEqual([]);
  expect(fast.diagnostics).toEqual([]);
  expect(fast.documents.map((d) => d.index), context).toEqual(full.documents.map((d) => d.index));
  fast.documents.forEach((d, i) => {
    const f = full.documents[i];
    expect(sameValue(d.value, f.value), context).toBeUndefined();
    expect(sameNodes(d.ast?.contents, f.ast?.contents), context).toBeUndefined();
    if (readAll) expect(readings(d, text), context).toEqual(readings(f, text));
  });
  // The library's documents, when an editor asks for them, are the full path's.
  expect(fast.stream.map((d) => d.toString()), context).toEqual(full.stream.map((d) => d.toString()));
  return true;
}

/** YAML strings inside a text's documents (ConfigMaps' embedded configs): texts of their own. */
function embeddedTexts(text: string): string[] {
  const out: string[] = [];
  for (const d of parseYamlDocumentsFully(text, 'input').documents) {
    const stack: unknown[] = [d.value];
    while (stack.length) {
      const v = stack.pop();
      if (typeof v === 'string' && v.includes('\n') && /^[\w"'-][^\n]*:( |$)/m.test(v)) out.push(v);
      else if (v && typeof v === 'object') stack.push(...Object.values(v));
    }
  }
  return out;
}

/** Variants of a text in the ways users change what they paste. */
function mutations(text: string): [string, string][] {
  const lines = text.split('\n');
  const at = (k: number) => Math.floor((lines.length * k) / 7);
  const insert = (i: number, line: string) => [...lines.slice(0, i), line, ...lines.slice(i)].join('\n');
  const indentOf = (i: number) => (lines[i] ?? '').match(/^ */)![0];
  return [
    ['a comment at the top', `# pasted\n${text}`],
    ['a comment line at the next line’s indentation', insert(at(3), `${indentOf(at(3))}# a note`)],
    ['a comment line indented deeper than the next line', insert(at(4), `${indentOf(at(4))}    # deeper`)],
    ['a trailing comment on a line', lines.map((l, i) => (i === at(2) && l.trim() && !l.trim().startsWith('#') && !l.endsWith('|') && !l.endsWith('|-') ? `${l} # why` : l)).join('\n')],
    ['blank lines', insert(at(5), '')],
    ['a line of spaces', insert(at(5), '   ')],
    ['trailing spaces', lines.map((l, i) => (i % 3 === 0 && l.trim() ? `${l}  ` : l)).join('\n')],
    ['CRLF line breaks', text.replace(/\n/g, '\r\n')],
    ['no newline at the end', text.replace(/\n+$/, '')],
    ['a document marker first', `---\n${text}`],
    ['an empty document after', `${text}\n---\n`],
    ['a document after', `${text}\n---\nkind: Extra\nmetadata: {name: x}\n`],
    ['a comment-only document after', `${text}\n---\n# nothing here\n`],
    ['keys that look like numbers, bools and null', `${text}\nextra:\n  1: one\n  true: yes\n  null: nothing\n  0x1F: hex\n  "2": two\n`],
    ['unicode', `${text}\nnotes:\n  greeting: héllo wörld 日本 🎉\n  "ключ": 'значение'\n`],
    ['quotes', `${text}\nquoted:\n  a: "x: y # z"\n  b: 'it''s'\n  c: "\\u00e9\\t\\"q\\""\n  d: ''\n`],
    ['a literal block with keep', `${text}\nblock: |+\n  kept\n\n`],
    ['a literal block with strip', `${text}\nblock: |-\n  stripped\n    indented\n`],
    ['a literal block with an indentation indicator', `${text}\nblock: |2\n    two\n`],
    ['a tab', text.replace(/\n(\s*)(\S)/, '\n$1\t$2')],
    ['a duplicate key', `${text}\ndup: 1\ndup: 2\n`],
  ];
}

describe('parseYamlDocuments’ fast path', () => {
  const written: [string, string, boolean][] = [
    ['nested maps and sequences', 'a:\n  b: 1\n  c:\n  - x\n  - y: 2\n    z: [ ]\nd: {}\n', true],
    ['one-line flow collections', 'k: [ a , "b" ,c ]  # x\nj: {a: [1, {b: c}], d: e}\nl:\n- [x]\n- {a: b}\n- a: {}\n', true],
    ['empty values', 'a:\nb:   # c\nc:\n  -\n  - \n  - x\nd: ""\n', true],
    ['literal blocks with every chomping', 'a: |\n  line 1\n\n    indented\n  end\nb: |-\n  stripped\n\nc: |+\n  kept\n\n\nd: x\ne: |\n  last', true],
    ['several documents', '# head\na: 1\n---\n---\n# c\nb: 2\n---\n', true],
    ['comments at the next line’s indentation', '# head\na:\n  # in\n  b: 1\n# out\nc: 2\n', true],
    ['core schema scalars', 'a: 1\nb: -2\nc: 0x1F\nd: 0o17\ne: 1.5e3\nf: .inf\ng: .NaN\nh: ~\ni: null\nj: True\nk: FALSE\nl: 2026-11-02T09:14:07Z\nm: 100m\nn:\no: +7\np: -0\n', true],
    ['an anchor', 'a: &x 1\nb: *x\n', false],
    ['a tag', 'a: !!str 1\n', false],
    ['a folded scalar', 'a: >\n  folded\n', false],
    ['a multi-line plain scalar', 'a: one\n  two\n', false],
    ['a flow collection over lines', 'a: [1,\n  2]\n', false],
    ['a directive', '%YAML 1.2\n---\na: 1\n', false],
    ['a duplicate key', 'a: 1\na: 2\n', false],
    ['a merge key', 'a: {x: 1}\nb:\n  <<: {y: 2}\n', false],
    ['an error', 'a: b: c\n', false],
    ['a comment deeper than what follows', 'a:\n  b: 1\n  # trailing\nc: 2\n', false],
    ['a document end marker', 'a: 1\n...\n', false],
    ['a key with spaces before its colon', 'a : 1\n', false],
    ['a byte order mark', '\ufeffa: 1\n', false],
  ];
  it.each(written)('%s', (what, text, inSubset) => {
    expect(agrees(text, what)).toBe(inSubset);
  });

  it('reads every example as the full path does, and most of them', () => {
    let read = 0;
    for (const file of EXAMPLES) if (agrees(readFileSync(file, 'utf8'), file)) read++;
    expect(EXAMPLES.length).toBeGreaterThan(20);
    expect(read / EXAMPLES.length).toBeGreaterThan(0.6);
  });

  it('reads the default scenario’s five texts and their embedded texts', () => {
    for (const file of yamlFiles(here('../../examples/default'))) {
      const text = readFileSync(file, 'utf8');
      if (!text.split('\n').some((l) => l.trim() && !l.trim().startsWith('#'))) continue;
      expect(agrees(text, file), file).toBe(true);
      for (const e of embeddedTexts(text)) expect(agrees(e, `${file} (embedded)`), e).toBe(true);
    }
  });

  it('reads every corpus YAML file and its embedded texts as the full path does', () => {
    let read = 0;
    let all = 0;
    CORPUS.forEach((file, i) => {
      const text = readFileSync(file, 'utf8');
      for (const t of [text, ...embeddedTexts(text)]) {
        all++;
        if (agrees(t, file, i % 10 === 0)) read++;
      }
    });
    if (CORPUS.length) expect(read / all).toBeGreaterThan(0.5);
  }, 300_000);

  it('agrees on mutations of the examples and of corpus texts', () => {
    const some = [...EXAMPLES, ...CORPUS.filter((_, i) => i % 40 === 0)];
    some.forEach((file, i) => {
      const text = readFileSync(file, 'utf8');
      for (const [what, t] of mutations(text)) agrees(t, `${file}, ${what}`, i % 4 === 0);
    });
  }, 300_000);

  it('agrees on generated objects written as the yaml library writes them', () => {
    const key = fc.oneof(fc.stringMatching(/^[a-zA-Z0-9./_ -]{1,10}$/), fc.constantFrom('1', 'true', 'null', '~', '0x1', '1.0', 'ключ', 'a b', '-a', "it's"));
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('true', '1.5', '~', '- x', 'a: b', '#c', ' lead', 'trail ', 'multi\nline\n', 'ends\n\n', 'é', '"q"'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(fc.array(fc.dictionary(key, value, { maxKeys: 6 }), { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean(), (objs, indentSeq, flow) => {
        const text = objs.map((o) => stringify(o, { indentSeq, lineWidth: 0, aliasDuplicateObjects: false, collectionStyle: flow ? 'any' : 'block', flowCollectionPadding: false })).join('---\n');
        agrees(text);
      }),
      { numRuns: 400 },
    );
  });

  it('stays linear on hostile sizes and nesting, and steps aside past its depth', () => {
    const deep = Array.from({ length: 500 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + '\n';
    expect(fastYamlDocuments(deep)).toBeUndefined();
    const deepFlow = `a: ${'['.repeat(300)}${']'.repeat(300)}\n`;
    expect(fastYamlDocuments(deepFlow)).toBeUndefined();
    const wide = Array.from({ length: 100_000 }, (_, i) => `k${i}: v`).join('\n');
    expect(fastYamlDocuments(wide)?.documents[0].value).toMatchObject({ k0: 'v', k99999: 'v' });
    const manyDocs = Array.from({ length: 20_000 }, (_, i) => `n: ${i}`).join('\n---\n');
    expect(fastYamlDocuments(manyDocs)?.documents.length).toBe(20_000);
    const longLine = `a: ${'x'.repeat(MAX_INPUT_CHARS / 4)}\n`;
    expect(fastYamlDocuments(longLine)?.documents[0].value).toEqual({ a: 'x'.repeat(MAX_INPUT_CHARS / 4) });
  });
});
