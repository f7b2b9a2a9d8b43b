import { describe, expect, it } from 'vitest';
import { goTrimSpace } from './strings.ts';

describe('goTrimSpace', () => {
  it.each([
    [' a ', 'a'],
    ['\t\n\v\f\r a', 'a'],
    ['\u0085a\u00a0', 'a'],
    ['\u3000a\u2028', 'a'],
    ['\ufeffa', '\ufeffa'],
    ['a b', 'a b'],
    ['', ''],
  ])('%j', (s, expected) => expect(goTrimSpace(s)).toBe(expected));
});
