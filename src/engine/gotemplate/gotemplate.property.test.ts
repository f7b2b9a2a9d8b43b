import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute, parseTemplates, sprigFunctions, type GoValue } from './index.ts';

// Random templates built from the language's pieces (and some raw punctuation) must never make the
// public API throw or run away: every outcome is output or a template error value, within the budget.

const funcs = sprigFunctions();
const funcNames = ['and', 'or', 'not', 'len', 'index', 'slice', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'print', 'printf', 'println',
  'html', 'js', 'urlquery', 'call', 'default', 'quote', 'list', 'dict', 'toJson', 'indent', 'nindent', 'trim', 'upper', 'add', 'sub',
  'div', 'mod', 'until', 'seq', 'repeat', 'join', 'split', 'keys', 'merge', 'fromJson', 'b64dec', 'regexFind', 'semverCompare',
  'int', 'float64', 'toString', 'first', 'rest', 'append', 'hasKey', 'pluck', 'empty', 'coalesce', 'ternary', 'fail'];

const literal = fc.oneof(
  fc.integer({ min: -5, max: 1_000_000_000 }).map(String),
  fc.constantFrom('1.5', '1e9', '0x1F', "'a'", '"s"', '`r`', 'true', 'false', 'nil', '"%d %s %v"', '"a,b"', '"{\\"a\\":1}"', '"1.2.3"'),
);
const operand = fc.oneof(literal, fc.constantFrom('.', '.a', '.a.b', '.l', '.m.x', '$', '$x', '$.a'));
const command = fc.oneof(
  operand,
  fc.tuple(fc.constantFrom(...funcNames), fc.array(operand, { maxLength: 3 })).map(([f, args]) => [f, ...args].join(' ')),
);
const pipeline = fc.array(command, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(' | '));

const template: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('text ', '\n', '{{-', '-}}', '{{', '}}', '(', ')', '{{/* c */}}', '{{break}}', '{{end}}', '{{else}}'),
    pipeline.map((p) => `{{${p}}}`),
    pipeline.map((p) => `{{$x := ${p}}}`),
    fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{if ${p}}}${l}{{else}}E{{end}}`),
    fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{with ${p}}}${l}{{end}}`),
    fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{range $i, $e := ${p}}}${l}{{end}}`),
    fc.tuple(pipeline, tie('list')).map(([p, l]) => `{{define "d"}}${l}{{end}}{{template "d" ${p}}}`),
  ),
  list: fc.array(tie('node'), { maxLength: 4 }).map((ns) => (ns as string[]).join('')),
})).list as fc.Arbitrary<string>;

const data: GoValue = { a: { b: 1n }, l: [1n, 'two', 3.5, null], m: { x: 'y' } };

describe('random templates', () => {
  it('never throw and stay within the step budget', () => {
    let executed = 0;
    fc.assert(
      fc.property(template, (text) => {
        const p = parseTemplates([['t', text]], funcs);
        if (!p.ok) {
          expect(p.error.message).toMatch(/^template: /);
          return;
        }
        executed++;
        const r = execute(p.set, 't', data, { limits: { maxSteps: 20_000, maxOutputBytes: 200_000 } });
        if (!r.ok) expect(r.error.message).toMatch(/^template: /);
        else expect(r.output.length).toBeLessThanOrEqual(200_000 + 1_000_000);
      }),
      { numRuns: 400 },
    );
    // The generator must reach the evaluator, not only the parser.
    expect(executed).toBeGreaterThan(40);
  });
});
