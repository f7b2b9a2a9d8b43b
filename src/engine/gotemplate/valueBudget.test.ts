import { describe, expect, it } from 'vitest';
import { execute, parseTemplate, newTemplateSet, sprigFunctions } from './index.ts';

// Found by src/fuzz: a string doubled in a variable ran the process out of heap (a fatal crash,
// not an exception) because only written output was charged to the output budget.
describe('values count against the output budget', () => {
  const run = (text: string, maxOutputBytes?: number) => {
    const parsed = parseTemplate(newTemplateSet(sprigFunctions()), 't', text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return execute(parsed.set, 't', {}, { limits: maxOutputBytes ? { maxOutputBytes } : {} });
  };

  it('stops a string doubled in a loop at the budget', () => {
    const r = run('{{ $s := "ab" }}{{ range $i := until 100 }}{{ $s = print $s $s }}{{ end }}{{ len $s }}');
    expect(r.ok).toBe(false);
    // Each doubling is charged by its size, so the step budget stops it before the output budget.
    if (!r.ok) expect(r.error.message).toMatch(/executing "t" at <\$s>: execution stopped after 5000000 steps/);
    const small = run('{{ $s := "ab" }}{{ range $i := until 100 }}{{ $s = print $s $s }}{{ end }}{{ len $s }}', 1024);
    expect(small.ok).toBe(false);
    if (!small.ok) expect(small.error.message).toMatch(/error calling print: the result exceeds the output budget of 1024 bytes/);
  });

  it('leaves results within the budget alone', () => {
    expect(run('{{ repeat 3 "ab" }}', 6)).toEqual({ ok: true, output: 'ababab' });
    const r = run('{{ $x := repeat 4 "ab" }}', 6);
    expect(r.ok).toBe(false);
  });
});

// Found by probing with shared values: `list $x $x` doubled 25 times is 25 steps to build and
// 2^25 nodes to print, encode, copy or compare; those walks ran for minutes or ran out of heap.
describe('walking a value counts against the step budget', () => {
  const run = (text: string) => {
    const parsed = parseTemplate(newTemplateSet(sprigFunctions()), 't', text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return execute(parsed.set, 't', {});
  };
  const shared = (make: string, use: string) => `{{ $x := list }}{{ range until 25 }}{{ $x = ${make} }}{{ end }}${use}`;

  it.each([
    ['print', shared('list $x $x', '{{ $x }}')],
    ['toJson', shared('list $x $x', '{{ toJson $x | len }}')],
    ['mustToPrettyJson', shared('dict "a" $x "b" $x', '{{ mustToPrettyJson $x | len }}')],
    ['deepCopy', shared('dict "a" $x "b" $x', '{{ deepCopy $x | len }}')],
    ['has', '{{ $x := list }}{{ $y := list }}{{ range until 25 }}{{ $x = list $x $x }}{{ $y = list $y $y }}{{ end }}{{ has $x (list $y) }}'],
    ['uniq', '{{ until 100000 | uniq | len }}'],
  ])('%s stops at the step budget', (_, text) => {
    const r = run(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/execution stopped after 5000000 steps/);
  });

  it('charges a function by the size of what it takes and makes', () => {
    const r = run('{{ $s := repeat 1000000 "a" }}{{ range until 1000 }}{{ $y := upper $s }}{{ end }}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/at <\$s>: execution stopped after 5000000 steps/);
    expect(run('{{ $s := repeat 1000 "a" }}{{ range until 1000 }}{{ $y := upper $s }}{{ end }}ok')).toEqual({ ok: true, output: 'ok' });
  });

  it('lets toJson swallow a json error but not a budget stop', () => {
    expect(run('{{ toJson (list (float64 "NaN")) }}|')).toEqual({ ok: true, output: '|' });
    const r = run(shared('list $x $x', '{{ toJson $x }}'));
    expect(r.ok).toBe(false);
  });
});
