import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultLimits, execute, parseTemplate, newTemplateSet, sprigFunctions, type GoValue } from '../engine/gotemplate/index.ts';
import { templateData, templateText } from './arbitraries/templates.ts';
import { createProbe } from './support/probe.ts';
import { runs } from './support/defaultScenario.ts';
import { isPlainData } from './support/structured.ts';

// Go templates as a pasted injector ConfigMap would carry them: parse, then execute with tight
// budgets (and once in a while with the defaults istiod's renderer uses).
const probe = createProbe('gotemplate', 10_000);
afterAll(() => probe.write());

const funcs = sprigFunctions();
const tight = { maxSteps: 20_000, maxOutputBytes: 256 * 1024, maxTemplateDepth: 200 };

function run(text: string, data: unknown, limits?: typeof tight) {
  return probe.time({ text, data }, () => {
    const parsed = parseTemplate(newTemplateSet(funcs), 'sidecar', text);
    if (!parsed.ok) return { parsed };
    return { parsed, executed: execute(parsed.set, 'sidecar', data as GoValue, { limits }) };
  });
}

describe('gotemplate under fuzzing', () => {
  it('parses and executes any template within its budgets, failing only as a value', () => {
    fc.assert(
      fc.property(templateText(40), templateData, (text, data) => {
        const { parsed, executed } = run(text, data, tight);
        if (!parsed.ok) {
          expect(parsed.error.phase).toBe('parse');
          expect(parsed.error.message).toMatch(/^template: /);
          return;
        }
        expect(isPlainData(executed!.ok ? executed!.output : executed!.error)).toBe(true);
        if (executed!.ok) expect(executed!.output.length).toBeLessThanOrEqual(tight.maxOutputBytes);
        else expect(executed!.error.message).not.toMatch(/internal error/);
      }),
      { numRuns: runs(4000) },
    );
  });

  it('keeps the default budgets bounded on looping and recursive templates', () => {
    // n × n iterations of at least one step each must overrun the step budget, whatever n is drawn.
    const leastOverrun = Math.ceil(Math.sqrt(defaultLimits.maxSteps)) + 1;
    const looping = fc.oneof(
      fc.integer({ min: leastOverrun, max: 1_000_000 }).map((n) => `{{ range $i := until ${n} }}{{ range $j := until ${n} }}{{ $j }}{{ end }}{{ end }}`),
      fc.constantFrom('a', 'b').map((n) => `{{ define "${n}" }}{{ template "${n}" . }}{{ end }}{{ template "${n}" . }}`),
      fc.constantFrom('a', 'b').map((n) => `{{ define "${n}" }}x{{ template "${n}" (list . .) }}{{ end }}{{ template "${n}" . }}`),
      fc.integer({ min: 24, max: 60 }).map((n) => `{{ $s := "ab" }}{{ range $i := until ${n} }}{{ $s = print $s $s }}{{ end }}{{ $s }}`),
      // a value that shares its parts: a few steps to build, 2^n nodes to walk
      fc.tuple(fc.integer({ min: 24, max: 40 }), fc.constantFrom('toJson', 'toPrettyJson', 'deepCopy', 'print', 'toString'), fc.constantFrom('list $x $x', 'dict "a" $x "b" $x')).map(
        ([n, use, make]) => `{{ $x := list }}{{ range until ${n} }}{{ $x = ${make} }}{{ end }}{{ ${use} $x | len }}`,
      ),
      // a large value through a function, again and again
      fc.tuple(fc.integer({ min: 100_000, max: 1_000_000 }), fc.constantFrom('upper $s', 'swapcase $s', 'regexReplaceAll "a" $s "b"', 'b64enc $s', 'list $s | concat (list $s)')).map(
        ([n, call]) => `{{ $s := repeat ${n} "a" }}{{ range until 100000 }}{{ $y := ${call} }}{{ end }}`,
      ),
    );
    fc.assert(
      fc.property(looping, (text) => {
        const { parsed, executed } = run(text, {});
        expect(parsed.ok).toBe(true);
        expect(executed!.ok).toBe(false);
        if (!executed!.ok) expect(executed!.error.message).toMatch(/budget|too deep|nests too deeply|exceeded maximum template depth|output/i);
      }),
      { numRuns: runs(12) },
    );
  });
});
