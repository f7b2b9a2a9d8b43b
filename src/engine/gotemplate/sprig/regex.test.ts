import { describe, expect, it } from 'vitest';
import { execute, parseTemplates, sprigFunctions } from '../index.ts';

function render(text: string): string {
  const p = parseTemplates([['t', text]], sprigFunctions());
  if (!p.ok) return `PARSE: ${p.error.message}`;
  const r = execute(p.set, 't', null);
  return r.ok ? r.output : `ERR: ${r.error.message}`;
}

describe("sprig's regex functions run Go's RE2", () => {
  it('patterns a backtracking engine takes minutes on run in linear time', () => {
    const long = 'a'.repeat(30_000);
    expect(render(`{{ regexMatch "^(a|a)*$" "${long}b" }}`)).toBe('false');
    expect(render(`{{ regexFind "a*a*a*a*a*a*a*b" "${long}" | len }}`)).toBe('0');
    expect(render(`{{ mustRegexMatch "(a+)+$" "${long}" }}`)).toBe('true');
  });

  it('refuses what Go refuses, in Go words: MustCompile panics, Compile errors, regexMatch says false', () => {
    expect(render('{{ regexFind "(a)\\\\1" "aa" }}')).toBe(
      'ERR: template: t:1:3: executing "t" at <regexFind "(a)\\\\1" "aa">: error calling regexFind: regexp: Compile(`(a)\\1`): error parsing regexp: invalid escape sequence: `\\1`',
    );
    expect(render('{{ mustRegexFind "(?=a)" "aa" }}')).toBe(
      'ERR: template: t:1:3: executing "t" at <mustRegexFind "(?=a)" "aa">: error calling mustRegexFind: error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
    );
    expect(render('{{ regexMatch "(" "(" }}')).toBe('false');
    expect(render('{{ mustRegexMatch "\\\\" "x" }}')).toContain('error calling mustRegexMatch: error parsing regexp: trailing backslash at end of expression: ``');
    expect(render('{{ regexSplit "(`" "x" -1 }}')).toContain('regexp: Compile("(`"): error parsing regexp: missing closing ): `(``');
  });

  it("keeps Go's rules for empty matches, Split and Expand", () => {
    expect(render('{{ regexFindAll "a|" "baaab" -1 | toJson }}')).toBe('["","a","a","a",""]');
    expect(render('{{ regexSplit "a*" "baaab" -1 | toJson }}')).toBe('["b","b"]');
    expect(render('{{ regexReplaceAll "(?P<x>a)(b)?" "ab a" "[$x|$2|${1}z|$1z|$$]" }}')).toBe('[a|b|az||$] [a||az||$]');
    expect(render('{{ regexReplaceAll "a*" "baaac" "-" }}')).toBe('-b-c-');
    expect(render('{{ regexReplaceAllLiteral "a" "banana" "$1" }}')).toBe('b$1n$1n$1');
    expect(render('{{ regexFind "[[:alpha:]]+\\\\pN" "--ab1" }}')).toBe('ab1');
    expect(render('{{ regexMatch "^a$" "a\\n" }}')).toBe('false');
  });

  it('a big pattern run over a big text in a loop meets the step budget', () => {
    const loop = (pattern: string) => {
      const p = parseTemplates([['t', `{{ $s := repeat 10000 "ab" }}{{ range 100 }}{{ regexMatch "${pattern}" $s }}{{ end }}`]], sprigFunctions());
      if (!p.ok) throw new Error(p.error.message);
      const r = execute(p.set, 't', null);
      return r.ok ? 'ok' : r.error.message;
    };
    expect(loop('x')).toBe('ok');
    expect(loop(`${'[a-z]{100}'.repeat(10)}x`)).toContain('step budget');
  });
});
