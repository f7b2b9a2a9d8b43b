import { describe, expect, it } from 'vitest';
import { compileMatchCondition, evaluateWithCost } from './index.ts';

function cost(expression: string, vars: Record<string, unknown> = {}, limit = 1_000_000) {
  const c = compileMatchCondition(expression);
  if (!c.ok) throw new Error(c.error);
  return evaluateWithCost(() => c.compiled.run({ object: null, oldObject: null, request: null, namespaceObject: null, authorizer: null, ...vars }), limit);
}

describe('compiling a matchCondition as the API server does', () => {
  it.each([
    ["object.metadata.name == 'a'", undefined],
    ['object.metadata.name', 'must evaluate to bool but got dyn'],
    ['1 +', 'compilation failed: ERROR: <input>:1:'],
    ["params.x == 'a'", "compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')"],
    ["variables.x == 'a'", "undeclared reference to 'variables'"],
    ["object.metadata.name.matches('(a)\\\\1')", 'compilation failed: ERROR: <input>:1:30: invalid matches argument'],
    ["object.metadata.name.matches('(?=a)')", 'invalid matches argument'],
    ["object.metadata.name.matches('^(a|aa)+$')", undefined],
    ["'x' + 'y'".repeat(1) + ' == \'xy\'', undefined],
    ['(a 100,001-character expression)', 'expression code point size exceeds limit: size: 100006, limit 100000'],
  ])('%s', (written, refusal) => {
    const expression = written.startsWith('(a 100,001') ? `${'a'.repeat(100_001)} == 1` : written;
    const c = compileMatchCondition(expression);
    if (refusal === undefined) expect(c.ok ? '' : c.error).toBe('');
    else expect(c.ok ? '' : c.error).toContain(refusal);
  });
});

describe("matches() is Go's RE2", () => {
  it('runs a pattern backtracking engines hang on in linear time, with Go semantics', () => {
    const name = 'a'.repeat(50_000);
    expect(cost("object.name.matches('^(a|aa)+$')", { object: { name } }).value).toBe(true);
    expect(cost("object.name.matches('^(a|aa)+$')", { object: { name: name + 'b' } }).value).toBe(false);
    expect(cost("'a\\n'.matches('^a$')").value).toBe(false);
  });
  it("a pattern that only exists at run time fails with regexp.Compile's error", () => {
    const r = cost("'x'.matches(object.p)", { object: { p: '(' } });
    expect(String((r.error as Error).message)).toContain('error parsing regexp: missing closing ): `(`');
  });
});

describe("cel-go's runtime cost", () => {
  it.each([
    ["object.a == 'b'", 3], // object 1, .a 1, == 1
    ['[1, 2, 3].all(x, x > 0)', 10 + 3 * (3 + 2) + 1], // the list, per element: bookkeeping 3 + x 1 + > 1, the result
    ['[1, 2, 3].exists(x, x == 2)', 10 + 2 * (4 + 2) + 1],
    ['[1, 2, 3].map(x, x * 2).size() == 3', 10 + 10 + 3 * (1 + 11 + 2) + 1 + 1 + 1],
    ["object.s.startsWith('a')", 2 + 100],
    ["object.s.matches('a+')", 2 + 101 * 1],
  ])('%s costs %d', (expression, expected) => {
    expect(cost(expression, { object: { a: 'b', s: 'a'.repeat(1000) } }).cost).toBe(expected);
  });

  it('stops nested comprehensions at the limit, long before they would end', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ name: `c${i}` }));
    const r = cost('object.l.all(a, object.l.all(b, object.l.all(c, object.l.all(d, a.name != d.name || true))))', { object: { l: items } });
    expect(r.exceeded).toBe(true);
    expect(String((r.error as Error).message)).toBe('operation cancelled: actual cost limit exceeded');
    expect(r.cost).toBeGreaterThan(1_000_000);
    expect(r.cost).toBeLessThan(1_000_020);
  });

  it("stops a list that grows past what memory allows (map of map of map ...), even under `||`, which swallows errors", () => {
    const ten = '[0,1,2,3,4,5,6,7,8,9]';
    const nested = `${ten}.map(a, ${ten}.map(b, ${ten}.map(c, ${ten}.map(d, ${ten}.map(e, ${ten}.map(f, ${ten}.map(g, 1)))))))`;
    const r = cost(`false || ${nested}.size() > 0`);
    expect(r.exceeded).toBe(true);
  });

  it('an unmetered run (outside evaluateWithCost) is not stopped', () => {
    const c = compileMatchCondition('[1, 2].all(x, x > 0)');
    expect(c.ok && c.compiled.run({})).toBe(true);
  });
});
