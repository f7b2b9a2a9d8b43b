import { describe, expect, it } from 'vitest';
import { execute, parseTemplates, sprigFunctions } from './index.ts';

function render(text: string): string {
  const p = parseTemplates([['t', text]], sprigFunctions());
  if (!p.ok) return `PARSE: ${p.error.message}`;
  const r = execute(p.set, 't', null);
  return r.ok ? r.output : `ERR: ${r.error.message}`;
}

describe('huge widths, counts and lengths', () => {
  // What Go's fmt prints (checked against Go 1.19): a width past a million is not a width.
  it.each([
    ['{{ printf "%0999999999d" 5 }}', '%!(NOVERB)%!(EXTRA int=5)'],
    ['{{ printf "%*d" 99999999 5 }}', '%!(BADWIDTH)5'],
    ['{{ printf "%.99999999f" 5.0 }}', '%!(NOVERB)%!(EXTRA float64=5)'],
    ['{{ printf "%.*f" 99999999 5.0 }}', '%!(BADPREC)5.000000'],
    ['{{ printf "%01000000d" 5 | len }}', '1000000'],
  ])('%s prints %s, as Go does', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  it.each([
    ['{{ indent 1000000000 "x" }}', 'error calling indent: the result would be 1000000001 characters, more than meshsim\'s output budget of 16777216 bytes'],
    ['{{ "x" | nindent 1000000000 }}', 'error calling nindent: the result would be 1000000001 characters'],
    ['{{ repeat 1000000000 "x" }}', 'error calling repeat: the result would be 1000000000 characters'],
  ])('%s stops with the budget, in its words, at the call', (template, expected) => {
    const got = render(template);
    expect(got).toContain('template: t:1:');
    expect(got).toContain(expected);
    expect(got).not.toMatch(/Invalid string length|too many spaces|overflow/);
  });
});
