import { describe, expect, it } from 'vitest';
import { goJsonMarshal } from './goJson.ts';
import { typedRoundTrip } from './typedRoundTrip.ts';

describe('goJsonMarshal', () => {
  it('writes struct fields in Go order and map keys sorted', () => {
    const c = typedRoundTrip('Container', { resources: { limits: { memory: '1Gi', cpu: '1' } }, name: 'a', args: ['x && y'] }).value;
    expect(goJsonMarshal(c, 'Container')).toBe('{"name":"a","args":["x \\u0026\\u0026 y"],"resources":{"limits":{"cpu":"1","memory":"1Gi"}}}');
  });

  it('treats untyped objects as Go maps', () => {
    expect(goJsonMarshal({ b: 1, a: [1.5, 1e21, null, true] })).toBe('{"a":[1.5,1e+21,null,true],"b":1}');
  });
});
