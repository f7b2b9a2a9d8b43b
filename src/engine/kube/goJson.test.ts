import { describe, expect, it } from 'vitest';
import { goJsonMarshal, goJsonString } from './goJson.ts';
import { typedRoundTrip } from './typedRoundTrip.ts';

describe('goJsonString', () => {
  it.each([
    ['plain', '"plain"'],
    ['a && b <c>', '"a \\u0026\\u0026 b \\u003cc\\u003e"'],
    ['line\nbreak\ttab "q" \\', '"line\\nbreak\\ttab \\"q\\" \\\\"'],
    ['\u0001\u2028', '"\\u0001\\u2028"'],
    ['é😀', '"é😀"'],
  ])('%j', (input, expected) => expect(goJsonString(input)).toBe(expected));
});

describe('goJsonMarshal', () => {
  it('writes struct fields in Go order and map keys sorted', () => {
    const c = typedRoundTrip('Container', { resources: { limits: { memory: '1Gi', cpu: '1' } }, name: 'a', args: ['x && y'] }).value;
    expect(goJsonMarshal(c, 'Container')).toBe('{"name":"a","args":["x \\u0026\\u0026 y"],"resources":{"limits":{"cpu":"1","memory":"1Gi"}}}');
  });

  it('treats untyped objects as Go maps', () => {
    expect(goJsonMarshal({ b: 1, a: [1.5, 1e21, null, true] })).toBe('{"a":[1.5,1e+21,null,true],"b":1}');
  });
});
