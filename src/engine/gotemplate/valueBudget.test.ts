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
    if (!r.ok) expect(r.error.message).toMatch(/error calling print: the result exceeds the output budget of 16777216 bytes/);
  });

  it('leaves results within the budget alone', () => {
    expect(run('{{ repeat 3 "ab" }}', 6)).toEqual({ ok: true, output: 'ababab' });
    const r = run('{{ $x := repeat 4 "ab" }}', 6);
    expect(r.ok).toBe(false);
  });
});
