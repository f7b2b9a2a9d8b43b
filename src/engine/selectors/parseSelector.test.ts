import { describe, expect, it } from 'vitest';
import { parseSelector } from './parseSelector.ts';
import { selectorMatches, selectorString } from './selector.ts';

describe('parseSelector', () => {
  it.each([
    ['a=b,c!=d', 'a=b,c!=d'],
    ['z=1, a in (y, x)', 'a in (x,y),z=1'],
    ['!f , g>1', '!f,g>1'],
    ['k notin ()', 'k notin ()'],
    ['x==y', 'x==y'],
  ])('prints %j canonically as %j', (text, want) => {
    const p = parseSelector(text);
    expect(p.error).toBeUndefined();
    expect(selectorString(p.selector!)).toBe(want);
  });

  it.each([
    ['x=a||y=b', 'Invalid value: "a||y"'],
    ['x=a y', "found 'y', expected: ',' or 'end of string'"],
    ['x in (a b)', "found 'b', expected: ',' or ')'"],
    ['a,', "found '', expected: identifier after ','"],
    ['x<a', "for 'Gt', 'Lt' operators, the value must be an integer"],
    ['-bad=1', 'name part must consist of alphanumeric characters'],
  ])('rejects %j with a Kubernetes-worded error', (text, fragment) => {
    const p = parseSelector(text);
    expect(p.selector).toBeUndefined();
    expect(p.error).toContain(fragment);
  });

  it.each([
    ['env in (prod,qa)', { env: 'qa' }, true],
    ['env notin (prod)', {}, true],
    ['env', { env: '' }, true],
    ['!env', { env: '' }, false],
    ['n>5', { n: '10' }, true],
    ['n<5', { n: 'x' }, false],
  ])('%j against %j matches=%s', (text, labels, want) => {
    expect(selectorMatches(parseSelector(text).selector!, labels)).toBe(want);
  });

  it('refuses absurdly long input instead of scanning it', () => {
    expect(parseSelector('a'.repeat(200_000)).error).toMatch(/longer than/);
  });
});
