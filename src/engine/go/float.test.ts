import { describe, expect, it } from 'vitest';
import { formatGoFloat, formatGoJsonFloat } from './float.ts';

describe('formatGoFloat', () => {
  it.each([
    [1.5, '1.5'], [100000.5, '100000.5'], [1234567.5, '1.2345675e+06'], [1e21, '1e+21'], [1e-5, '1e-05'], [0.0001, '0.0001'],
    [-2.5e-7, '-2.5e-07'], [0, '0'], [-0, '-0'], [NaN, 'NaN'], [Infinity, '+Inf'], [-Infinity, '-Inf'],
  ])('%d → %s', (n, s) => expect(formatGoFloat(n)).toBe(s));
});

describe('formatGoJsonFloat', () => {
  it.each([
    [1.5, '1.5'], [1e20, '100000000000000000000'], [1e21, '1e+21'], [1e-7, '1e-7'], [1.5e-10, '1.5e-10'], [0.000001, '0.000001'],
  ])('%d → %s', (n, s) => expect(formatGoJsonFloat(n)).toBe(s));
});
