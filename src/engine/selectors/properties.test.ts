import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSelector } from './parseSelector.ts';
import { selectorMatches, selectorString } from './selector.ts';

const key = fc.stringMatching(/^[a-z]([a-z0-9.-]{0,8}[a-z0-9])?$/);
const value = fc.stringMatching(/^([A-Za-z0-9]([A-Za-z0-9_.-]{0,6}[A-Za-z0-9])?)?$/);
const requirement = fc.oneof(
  fc.tuple(key, fc.constantFrom('=', '==', '!='), value).map(([k, op, v]) => `${k}${op}${v}`),
  fc.tuple(key, fc.constantFrom('in', 'notin'), fc.array(value, { minLength: 1, maxLength: 3 })).map(([k, op, vs]) => `${k} ${op} (${vs.join(',')})`),
  key,
  key.map((k) => `!${k}`),
  fc.tuple(key, fc.constantFrom('>', '<'), fc.integer({ min: 0, max: 999 })).map(([k, op, n]) => `${k}${op}${n}`),
);
const selectorText = fc.array(requirement, { maxLength: 5 }).map((rs) => rs.join(', '));

describe('selector properties', () => {
  it('printing a parsed selector and parsing it again changes nothing', () => {
    fc.assert(
      fc.property(selectorText, (text) => {
        const first = parseSelector(text);
        expect(first.error).toBeUndefined();
        const printed = selectorString(first.selector!);
        const again = parseSelector(printed);
        expect(again.error).toBeUndefined();
        expect(selectorString(again.selector!)).toBe(printed);
      }),
    );
  });

  it('the reparsed selector matches exactly the same labels', () => {
    fc.assert(
      fc.property(selectorText, fc.dictionary(key, value, { maxKeys: 4 }), (text, labels) => {
        const a = parseSelector(text).selector!;
        const b = parseSelector(selectorString(a)).selector!;
        expect(selectorMatches(b, labels)).toBe(selectorMatches(a, labels));
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (text) => {
      const r = parseSelector(text);
      expect(r.selector !== undefined || r.error !== undefined).toBe(true);
    }));
  });
});

describe('gt/lt bounds', () => {
  it('rejects a negative bound because it is not a valid label value, as Kubernetes does', () => {
    expect(parseSelector('a>-1').error).toContain('values[0][a]');
  });
});
