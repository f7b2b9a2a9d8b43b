/**
 * The fast reader is held to the full one (decodeKubeYaml): on every text it reads, it must give
 * exactly the full reader's value, and on every text the full reader refuses it must step aside.
 * The texts are the templates' outputs of every example, the corpus' YAML files, sigs.k8s.io/yaml
 * output of generated values, generated template-like texts, and edge cases written out.
 */
import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.ts';
import { createScenarioEngine } from '../scenario/index.ts';
import { readBlockYaml as readWith } from './blockYaml.ts';
import { GO_YAML_SCALARS } from './goYamlResolve.ts';
import { decodeKubeYaml } from './decodeKubeYaml.ts';
import { toSigsYaml, type JsonValue } from './sigsYamlWriter.ts';

const readBlockYaml = (text: string) => readWith(text, GO_YAML_SCALARS);

/** What the full reader makes of a text, when it reads it as one document without errors. */
function full(text: string): { value: JsonValue } | undefined {
  const d = decodeKubeYaml(text, 'test');
  if (d.diagnostics.some((x) => x.severity === 'error') || d.documents.length > 1) return undefined;
  return { value: d.documents[0]?.value ?? null };
}

/** The fast reader agrees with the full one, or steps aside; returns whether it read the text. */
function agrees(text: string): boolean {
  const fast = readBlockYaml(text);
  if (!fast) return false;
  expect(fast, text).toEqual(full(text));
  return true;
}

const CORPUS = fileURLToPath(new URL('../../../../shared/conformance', import.meta.url));

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(path).isDirectory() ? yamlFiles(path) : /\.ya?ml$/.test(name) ? [path] : [];
  });
}

describe('the fast block YAML reader', () => {
  it("reads every example's rendered templates as the full reader does, the default sidecar among them", () => {
    let read = 0;
    for (const e of examples) {
      const r = createScenarioEngine().analyze({ texts: e.texts, cluster: e.cluster });
      for (const t of r.injection?.pod?.rendered ?? []) if (agrees(t.text)) read++;
      for (const t of [r.injection?.beforeYaml, r.injection?.afterYaml]) if (t && agrees(t)) read++;
    }
    expect(read).toBeGreaterThan(examples.length);
    const sidecar = createScenarioEngine().analyze({ texts: examples[0].texts }).injection?.pod?.rendered[0]?.text ?? '';
    expect(readBlockYaml(sidecar), 'the default sidecar render takes the fast path').toBeDefined();
  });

  it.skipIf(!existsSync(CORPUS))('reads the YAML files of the corpus as the full reader does, or leaves them to it', () => {
    const files = yamlFiles(CORPUS);
    let read = 0;
    for (const f of files) if (agrees(readFileSync(f, 'utf8'))) read++;
    expect(read).toBeGreaterThan(files.length / 4);
  });

  it('reads what sigs.k8s.io/yaml writes for any value as the full reader does', () => {
    const key = fc.oneof(fc.constantFrom('name', 'a.b/c', 'on', 'yes', '1', 'null', '~', 'x y', '-x', ':a', 'a:b', '#', 'k#', '"q"', "'", '__proto__', ''), fc.string({ maxLength: 6 }));
    const scalar = fc.oneof(
      fc.constantFrom('', ' ', 'true', 'no', 'On', '0644', '0x1F', '1e3', '.inf', '-', '- x', 'a: b', 'a #b', '#a', '[x]', '{x}', '*a', '&a', '!t', '|', '>', '%', '@', '`', "it's", 'say "hi"', '\\', 'é', '2024-01-02', '12:30', 'null', '~', '=', '<<'),
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.letrec<{ v: JsonValue }>((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, scalar as fc.Arbitrary<JsonValue>, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(key, tie('v'), { maxKeys: 4 })),
    })).v;
    fc.assert(fc.property(value, (v) => void agrees(toSigsYaml(v))), { numRuns: 1500 });
  });

  it('agrees with the full reader on template-like texts, or leaves them to it', () => {
    const piece = fc.constantFrom(
      'a:', 'a: 1', 'a: "x"', "a: 'x'", 'a: x # c', 'a: x#c', '- x', '- a: 1', '-', '- - x', 'a: [x, y]', 'a: {k: v}', 'a: {k: null, j: [1]}',
      '- {name: n, emptyDir: {}}', 'a: []', 'a: {}', '# c', '', '   ', 'a: |', '  text', 'a: >-', '&a b: 1', 'a: *b', 'a: !!str 1', '? a', ': b',
      'a: "x\\ny"', 'a: "\\u0041"', 'a: "un', 'closed"', "a: 'it''s'", 'a: b: c', '"k": v', "'k': v", 'k : v', '---', '...', 'a: x,y', 'a: [x, [y]]',
      'a: {b: c: d}', 'a: [x,]', 'a: {x: 1,}', '<<: {a: 1}', 'a: yes', 'a: 0o17', 'a: .5', 'a: 1_000', '1: x', 'true: y', 'null: z', 'a:\tb', 'a: b\r',
    );
    const line = fc.tuple(fc.integer({ min: 0, max: 6 }), piece).map(([indent, p]) => ' '.repeat(indent) + p);
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => void agrees(lines.join('\n') + '\n')), { numRuns: 4000 });
  });

  it.each([
    ['a: 1\nb:\n  - x\n  - y\nc: {k: v}\n', true],
    ['spec:\n  containers:\n  - name: c\n    args:\n    - --x\n    ports:\n    - {containerPort: 80, name: http}\n  volumes: []\n', true],
    ['a: "quoted # not a comment" # a comment\n', true],
    ['a: b\n  c\n', false], // a plain scalar over two lines
    ['a: |\n  text\n', false], // a block scalar
    ['a: &x 1\nb: *x\n', false], // anchors and aliases
    ['a: 1\n---\nb: 2\n', false], // two documents
    ['a: .inf\n', false], // refused by sigs.k8s.io/yaml
    ['a: "\\u00e9"\n', false], // an escape the fast reader leaves to the full one
    ['a:\tb\n', false],
  ])('%j: read by the fast reader %s, as the full reader reads it', (text, fast) => {
    expect(agrees(text)).toBe(fast);
  });
});
