import fc from 'fast-check';

/*
 * Go templates from a grammar: every action kind (if/range/with/define/template/block/break,
 * variables, pipelines of Go builtins and sprig functions), nested, sometimes recursive, sometimes
 * syntactically broken. `loopSize` bounds the literal loop counts so that a run's cost stays with
 * the evaluator's own budgets rather than with the fuzzer.
 */

const names = ['a', 'b', 'r'];
const field = fc.constantFrom('.', '.Values', '.Values.global', '.Values.global.proxy.image', '.ObjectMeta.Annotations', '.Spec.Containers', '.x.y.z', '$', '$.Values', '.Missing.Deeper');
const stringLit = fc.oneof(fc.constantFrom('"x"', '"%v"', '"%d %s"', '`raw`', '""', '"a,b,c"', '"\\u00e9"', '"{{"', '"1.2.3"', '">=1.0"', '"^(a+)+$"', "'c'"), fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)));

function pipeline(loopSize: number): fc.Arbitrary<string> {
  const num = fc.oneof(fc.integer({ min: -3, max: loopSize }).map(String), fc.constantFrom('0', '1.5', '-0', '0x10', '1e3', '9223372036854775807', '9223372036854775808', 'nil', 'true'));
  const arg = fc.oneof(field, stringLit, num, fc.constantFrom('$x', '$i', '$v', '$undefined'));
  const call = fc.oneof(
    fc.tuple(fc.constantFrom('len', 'print', 'println', 'html', 'js', 'urlquery', 'not', 'quote', 'upper', 'toYaml', 'toJson', 'toString', 'b64enc', 'b64dec', 'sha256sum', 'trim', 'lower', 'keys', 'first', 'last', 'fromJson', 'fromYaml', 'kindOf', 'typeOf', 'empty', 'int', 'float64'), arg).map(([f, a]) => `${f} ${a}`),
    fc.tuple(fc.constantFrom('index', 'eq', 'ne', 'lt', 'gt', 'and', 'or', 'printf', 'default', 'add', 'sub', 'mul', 'div', 'mod', 'split', 'join', 'hasPrefix', 'contains', 'list', 'dict', 'append', 'slice', 'trunc', 'repeat', 'regexMatch', 'regexReplaceAll', 'semverCompare', 'until', 'untilStep', 'pluck', 'hasKey', 'set', 'omit', 'ternary', 'coalesce', 'mustRegexMatch', 'call'), fc.array(arg, { minLength: 0, maxLength: 3 })).map(([f, a]) => `${f} ${a.join(' ')}`),
    fc.tuple(fc.constantFrom('repeat', 'until'), fc.integer({ min: 0, max: loopSize })).map(([f, n]) => (f === 'until' ? `until ${n}` : `repeat ${n} "ab"`)),
    arg,
  );
  return fc.tuple(call, fc.array(fc.constantFrom('quote', 'upper', 'len', 'toJson', 'toYaml', 'nindent 2', 'indent 4', 'default "d"', 'print', 'b64enc', 'trim'), { maxLength: 2 })).map(([c, tail]) => [c, ...tail].join(' | '));
}

export function templateText(loopSize = 50): fc.Arbitrary<string> {
  const pipe = pipeline(loopSize);
  const { body } = fc.letrec<{ body: string; node: string }>((tie) => ({
    body: fc.array(tie('node'), { maxLength: 4 }).map((ns) => ns.join('')),
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('text ', '\n', '  - name: x\n', '{{/* c */}}', '{{- " " -}}', '{{ . }}', '{{ break }}', '{{ continue }}', '{{ end }}', '{{', '}}', '{{ else }}', '{{ $x = 1 }}'),
      pipe.map((p) => `{{ ${p} }}`),
      fc.tuple(pipe, tie('body')).map(([p, b]) => `{{ $x := ${p} }}${b}`),
      fc.tuple(pipe, tie('body'), tie('body')).map(([p, a, b]) => `{{ if ${p} }}${a}{{ else }}${b}{{ end }}`),
      fc.tuple(pipe, tie('body')).map(([p, b]) => `{{ range $i, $v := ${p} }}${b}{{ end }}`),
      fc.tuple(fc.integer({ min: 0, max: loopSize }), tie('body')).map(([n, b]) => `{{ range $i := until ${n} }}${b}{{ end }}`),
      fc.tuple(pipe, tie('body')).map(([p, b]) => `{{ with ${p} }}${b}{{ end }}`),
      fc.tuple(fc.constantFrom(...names), tie('body')).map(([n, b]) => `{{ define "${n}" }}${b}{{ end }}`),
      fc.tuple(fc.constantFrom(...names), fc.constantFrom('.', '$', '.Values', 'dict "k" .')).map(([n, d]) => `{{ template "${n}" ${d} }}`),
      fc.tuple(fc.constantFrom(...names), tie('body')).map(([n, b]) => `{{ block "${n}" . }}${b}{{ end }}`),
      fc.tuple(fc.constantFrom(...names), fc.constantFrom('.', '$')).map(([n, d]) => `{{ include "${n}" ${d} }}`),
    ),
  }));
  return fc.oneof(
    { weight: 6, arbitrary: body },
    // Recursion with no base case: only the depth budget (or the JS stack) stops it.
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names), body).map(([n, b]) => `{{ define "${n}" }}${b}{{ template "${n}" . }}{{ end }}{{ template "${n}" . }}`) },
    // Deeply nested actions: a parser that recurses per level meets its stack here.
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => '{{ if 1 }}'.repeat(n) + 'x' + '{{ end }}'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => `{{ ${'('.repeat(n)}1${')'.repeat(n)} }}`) },
    { weight: 1, arbitrary: fc.tuple(body, fc.nat(), fc.string({ maxLength: 5 })).map(([b, at, junk]) => b.slice(0, at % (b.length + 1)) + junk + b.slice(at % (b.length + 1))) },
  );
}

/** Template data as `YAML.parse(text, { intAsBigInt: true })` gives it. */
export const templateData: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 8 }),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('Values', 'global', 'proxy', 'image', 'x', 'y', 'z', 'Spec', 'Containers', 'ObjectMeta', 'Annotations'), tie('v'), { maxKeys: 4 }),
  ),
})).v;
