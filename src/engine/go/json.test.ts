import { describe, expect, it } from 'vitest';
import { compareGoMapKeys, goJsonString } from './json.ts';

describe('goJsonString', () => {
  it.each([
    ['plain', '"plain"'],
    ['a && b <c>', '"a \\u0026\\u0026 b \\u003cc\\u003e"'],
    ['line\nbreak\ttab "q" \\', '"line\\nbreak\\ttab \\"q\\" \\\\"'],
    ['\u0001\u2028', '"\\u0001\\u2028"'],
    ['é😀', '"é😀"'],
  ])('%j', (input, expected) => expect(goJsonString(input)).toBe(expected));
});

describe('compareGoMapKeys', () => {
  it('orders by code point, as Go sorts map keys bytewise in UTF-8', () => {
    // UTF-16 order would put U+FF5E before U+1F600; UTF-8 bytes put it after.
    expect(['b', 'a', '\u{1F600}', '\uFF5E', 'ab'].sort(compareGoMapKeys)).toEqual(['a', 'ab', 'b', '\uFF5E', '\u{1F600}']);
  });
});
