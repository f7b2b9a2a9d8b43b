/** fast-check generators of templates and data, shared by the property and differential tests. */
import fc from 'fast-check';
import type { GoValue } from '../values.ts';

export const defaultFuncNames = ['and', 'or', 'not', 'len', 'index', 'slice', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'print', 'printf',
  'println', 'html', 'js', 'urlquery', 'call', 'default', 'quote', 'list', 'dict', 'toJson', 'indent', 'nindent', 'trim', 'upper',
  'add', 'sub', 'div', 'mod', 'until', 'seq', 'repeat', 'join', 'split', 'keys', 'merge', 'fromJson', 'b64dec', 'regexFind',
  'semverCompare', 'int', 'float64', 'toString', 'first', 'rest', 'append', 'hasKey', 'pluck', 'empty', 'coalesce', 'ternary', 'fail'];

const literal = fc.oneof(
  fc.integer({ min: -5, max: 1_000_000_000 }).map(String),
  fc.constantFrom('1.5', '1e9', '0x1F', "'a'", '"s"', '`r`', 'true', 'false', 'nil', '"%d %s %v"', '"%5.1f|%x|%q"', '"a,b"',
    '"{\\"a\\":1}"', '"1.2.3"', '0.000001', '-2.5', '1e21', '"<&>"'),
);
const operand = fc.oneof(literal, fc.constantFrom('.', '.a', '.a.b', '.l', '.m.x', '.m', '.f', '.s', '$', '$x', '$.a'));

export function templateArbitrary(funcNames: readonly string[] = defaultFuncNames): fc.Arbitrary<string> {
  const command = fc.oneof(
    operand,
    fc.tuple(fc.constantFrom(...funcNames), fc.array(operand, { maxLength: 3 })).map(([f, args]) => [f, ...args].join(' ')),
    fc.tuple(fc.constantFrom(...funcNames), fc.array(operand, { maxLength: 2 }), fc.constantFrom(...funcNames))
      .map(([f, args, g]) => `${f} ${args.join(' ')} (${g} .l)`),
  );
  const pipeline = fc.array(command, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(' | '));
  return fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('text ', '\n', '{{-', '-}}', '{{', '}}', '(', ')', '{{/* c */}}', '{{break}}', '{{end}}', '{{else}}'),
      pipeline.map((p) => `{{${p}}}`),
      pipeline.map((p) => `{{$x := ${p}}}`),
      fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{if ${p}}}${l}{{else}}E{{end}}`),
      fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{with ${p}}}${l}{{end}}`),
      fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{range $i, $e := ${p}}}${l}{{end}}`),
      fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{range ${p}}}${l}{{else}}none{{end}}`),
      fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{define "d"}}${l}{{end}}{{template "d" ${p}}}`),
    ),
    list: fc.array(tie('node'), { maxLength: 4 }).map((ns) => (ns as string[]).join('')),
  })).list as fc.Arbitrary<string>;
}

const scalar: fc.Arbitrary<GoValue> = fc.oneof(
  fc.bigInt({ min: -1000n, max: 1000n }),
  fc.constantFrom(0, 1.5, -2.25, 1e6, 1e-5, 123456.0),
  fc.constantFrom('', 'x', 'a,b', '<b>', 'héllo', '1.2.3'),
  fc.boolean(),
  fc.constant(null),
);

/** Data shaped like the corpus' YAML data, with the fields the generated templates read. */
export const dataArbitrary: fc.Arbitrary<GoValue> = fc.record({
  a: fc.oneof(scalar, fc.record({ b: scalar })),
  l: fc.array(scalar, { maxLength: 4 }),
  m: fc.dictionary(fc.constantFrom('x', 'y', 'B', 'é'), scalar, { maxKeys: 3 }),
  f: scalar,
  s: fc.constantFrom('', 'abc', 'a b'),
}) as fc.Arbitrary<GoValue>;
