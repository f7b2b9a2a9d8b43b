import fc from 'fast-check';

/*
 * YAML texts that are broken, pathological or both: token soup, truncations and splices of valid
 * text, deep nesting in flow and block style, alias bombs, directive and tag abuse, and streams of
 * thousands of documents.
 */

const token = fc.constantFrom(
  ': ', '- ', '-', '? ', '{', '}', '[', ']', ',', '&a ', '*a', '&b ', '*b', '!!binary ', '!!int ', '!!map ', '!custom ', '!<tag:x> ', '---\n', '...\n',
  '%YAML 1.2\n', '%TAG ! tag:x,2000:\n', '|\n', '>-\n', '|+2\n', '\t', '  ', '\n', '"', "'", '#', '\\', '\u0000', '\ufeff', '\r\n', 'key', 'value',
  'apiVersion: v1\n', 'kind: Pod\n', 'kind: Namespace\n', 'metadata:\n', '  name: x\n', '  labels:\n', '    a: b\n', '<<: *a\n', '0x', '1e999', '~', 'null',
);

export const tokenSoup = fc.array(token, { maxLength: 60 }).map((ts) => ts.join(''));

/** A valid text cut short, or with junk spliced in. */
export function corrupted(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, fc.nat(), fc.oneof(fc.string({ maxLength: 4 }), token)).map(([t, at, junk]) => {
    const i = at % (t.length + 1);
    return at % 3 === 0 ? t.slice(0, i) : t.slice(0, i) + junk + t.slice(i);
  });
}

const depth = fc.integer({ min: 100, max: 3000 });
export const deepNesting = fc.oneof(
  depth.map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  depth.map((n) => `${'{a: '.repeat(n)}1${'}'.repeat(n)}`),
  depth.map((n) => '['.repeat(n)), // never closed
  fc.integer({ min: 50, max: 600 }).map((n) => Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' v'),
  fc.integer({ min: 50, max: 600 }).map((n) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- `).join('\n') + 'x'),
  fc.integer({ min: 50, max: 500 }).map((n) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: deep\n  annotations:\n    x: ${'['.repeat(n)}${']'.repeat(n)}\nspec: {containers: [{name: c, env: ${'['.repeat(n)}${']'.repeat(n)}}]}\n`),
);

/** The billion-laughs shape: each level refers to the previous one `fan` times. */
export const aliasBomb = fc.tuple(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 2, max: 10 }), fc.constantFrom('flow', 'kube')).map(([levels, fan, shape]) => {
  const lines = ['a0: &a0 [lol, lol]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: fan }, () => `*a${i - 1}`).join(', ')}]`);
  if (shape === 'flow') return lines.join('\n');
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: bomb\n  labels: {app: x}\n  annotations:\n${lines.map((l) => `    ${l.replace(/\[/, '"').replace(/\]$/, '"').replace(/^(a\d+): (&a\d+) "(.*)"$/, '$1: $2 [$3]')}`).join('\n')}\nspec:\n  containers: *a${levels}\n`;
});

/** Big inputs, kept to sizes a fuzz run can afford thousands of; giants.fuzz.test.ts goes further. */
export const hugeStream = fc.oneof(
  fc.integer({ min: 100, max: 600 }).map((n) => Array.from({ length: n }, (_, i) => `kind: Pod\nmetadata: {name: p${i}}`).join('\n---\n')),
  fc.integer({ min: 1000, max: 5000 }).map((n) => '---\n'.repeat(n)),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: big\n  labels:\n    a: "${'x'.repeat(n)}"\n`),
  fc.integer({ min: 200, max: 1000 }).map((n) => `kind: Pod\nmetadata:\n  name: wide\n  labels:\n${Array.from({ length: n }, (_, i) => `    k${i}: v${i}`).join('\n')}\n`),
);

export const hostileYaml = fc.oneof({ weight: 8, arbitrary: tokenSoup }, { weight: 1, arbitrary: deepNesting }, { weight: 2, arbitrary: aliasBomb }, { weight: 1, arbitrary: hugeStream }, { weight: 4, arbitrary: fc.string({ maxLength: 200 }) });
