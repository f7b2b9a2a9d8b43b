/** fast-check generators of templates and data, shared by the property and differential tests. */
import fc from 'fast-check';
import type { GoValue } from '../values.ts';

export const defaultFuncNames = ['and', 'or', 'not', 'len', 'index', 'slice', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'print', 'printf',
  'println', 'html', 'js', 'urlquery', 'call', 'default', 'quote', 'list', 'dict', 'toJson', 'indent', 'nindent', 'trim', 'upper',
  'add', 'sub', 'div', 'mod', 'until', 'seq', 'repeat', 'join', 'split', 'keys', 'merge', 'fromJson', 'b64dec', 'regexFind',
  'semverCompare', 'int', 'float64', 'toString', 'first', 'rest', 'append', 'hasKey', 'pluck', 'empty', 'coalesce', 'ternary', 'fail'];

/** Every deterministic sprig function, for the differential test. */
export const sprigDeterministic = ['abbrev', 'abbrevboth', 'trunc', 'trim', 'upper', 'lower', 'title', 'untitle', 'substr', 'repeat',
  'trimAll', 'trimSuffix', 'trimPrefix', 'nospace', 'initials', 'swapcase', 'snakecase', 'camelcase', 'kebabcase', 'wrap', 'wrapWith',
  'contains', 'hasPrefix', 'hasSuffix', 'quote', 'squote', 'cat', 'indent', 'nindent', 'replace', 'plural', 'sha1sum', 'sha256sum',
  'adler32sum', 'toString', 'atoi', 'int64', 'int', 'float64', 'seq', 'toDecimal', 'split', 'splitList', 'splitn', 'toStrings',
  'until', 'untilStep', 'add1', 'add', 'sub', 'div', 'mod', 'mul', 'add1f', 'addf', 'subf', 'divf', 'mulf', 'biggest', 'max', 'min',
  'maxf', 'minf', 'ceil', 'floor', 'round', 'join', 'sortAlpha', 'default', 'empty', 'coalesce', 'all', 'any', 'compact', 'fromJson',
  'toJson', 'toPrettyJson', 'toRawJson', 'ternary', 'deepCopy', 'typeOf', 'typeIs', 'typeIsLike', 'kindOf', 'kindIs', 'deepEqual',
  'base', 'dir', 'clean', 'ext', 'isAbs', 'b64enc', 'b64dec', 'b32enc', 'b32dec', 'tuple', 'list', 'dict', 'get', 'set', 'unset',
  'hasKey', 'pick', 'omit', 'merge', 'mergeOverwrite', 'values', 'append', 'prepend', 'first', 'rest', 'last', 'initial', 'reverse',
  'uniq', 'without', 'has', 'slice', 'concat', 'dig', 'chunk', 'semver', 'semverCompare', 'fail', 'regexMatch', 'regexFindAll',
  'regexFind', 'regexReplaceAll', 'regexReplaceAllLiteral', 'regexSplit', 'regexQuoteMeta', 'urlParse', 'urlJoin',
  'and', 'or', 'not', 'len', 'index', 'print', 'printf', 'println', 'html', 'js', 'urlquery', 'eq', 'ne', 'lt', 'le', 'gt', 'ge'];

const literalOf = (maxInt: number) => fc.oneof(
  fc.integer({ min: -5, max: maxInt }).map(String),
  fc.constantFrom('1.5', '1e9', '0x1F', "'a'", '"s"', '`r`', 'true', 'false', 'nil', '"%d %s %v"', '"%5.1f|%x|%q"', '"a,b"',
    '"{\\"a\\":1}"', '"1.2.3"', '0.000001', '-2.5', '1e21', '"<&>"', '"%v|%+v|%#v|%T|%6.2f|%-5s|%05d|%e|%g|%c|%U"',
    '"a(x*)b"', '"-ab-axxb-"', '"$1W"', '"${1}"', '"[a-z]+"', '">=1.0"', '"/a/b.c"', '"HelloWorld_x"', '"a b\\nc d"', '3', '-1', '0',
    '"Zm9v"', '"MZXW6==="', '"  x  "', '"x,y,,z"'),
);
const operandOf = (maxInt: number) => fc.oneof(literalOf(maxInt), fc.constantFrom('.', '.a', '.a.b', '.l', '.m.x', '.m', '.f', '.s', '$', '$x', '$.a'));

/** Random templates calling `funcNames`; integer literals go up to `maxInt` (large ones exercise the budgets). */
export function templateArbitrary(funcNames: readonly string[] = defaultFuncNames, maxInt = 1_000_000_000): fc.Arbitrary<string> {
  const operand = operandOf(maxInt);
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

/** Raw token soup: random sequences of the characters and words templates are made of (lexer/parser fuzz). */
export const tokenSoupArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom('{{', '}}', '{{- ', ' -}}', '{{-', '-}}', ' ', '\n', '"', '`', "'", '(', ')', '|', '$x', '$', ':=', '=', '.', '.a',
      'a', '1', '1.5', ',', 'if ', 'end', 'range ', 'else', 'with ', 'define ', 'template ', 'block ', 'break', 'continue', '/*', '*/',
      '#', 'nil', 'true', '-', '+', 'e', 'x', '0x', '\\', '"x"', '`y`', "'z'", 'print ', 'len ', '\t', 'é', ':', '0b1', '1_0', '1i'),
    { maxLength: 14 },
  )
  .map((xs) => xs.join(''));

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
