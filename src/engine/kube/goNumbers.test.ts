import { describe, expect, it } from 'vitest';
import { formatGoFloatG, formatGoJsonFloat, formatYamlNumber } from './goNumbers.ts';

describe('formatGoFloatG', () => {
  it.each([
    [1.5, '1.5'], [100000.5, '100000.5'], [1234567.5, '1.2345675e+06'], [1e21, '1e+21'], [1e-5, '1e-05'], [0.0001, '0.0001'],
    [-2.5e-7, '-2.5e-07'], [0, '0'], [NaN, 'NaN'], [Infinity, '+Inf'],
  ])('%d → %s', (n, s) => expect(formatGoFloatG(n)).toBe(s));
});

describe('formatGoJsonFloat', () => {
  it.each([
    [1.5, '1.5'], [1e20, '100000000000000000000'], [1e21, '1e+21'], [1e-7, '1e-7'], [1.5e-10, '1.5e-10'], [0.000001, '0.000001'],
  ])('%d → %s', (n, s) => expect(formatGoJsonFloat(n)).toBe(s));
});

describe('formatYamlNumber', () => {
  it.each([
    [80, '80'], [-0, '0'], [2 ** 63, '9223372036854775808'], [2 ** 64, '1.8446744073709552e+19'], [1e21, '1e+21'], [0.5, '0.5'],
  ])('%d → %s', (n, s) => expect(formatYamlNumber(n)).toBe(s));
});
