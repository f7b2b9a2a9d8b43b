import { describe, expect, it } from 'vitest';
import { hasNestedRepetition } from './regex.ts';

describe('nested repetition guard', () => {
  it.each([
    ['(a+)+$', true],
    ['(\\w*\\s?)*', true],
    ['((ab)*c)+', true],
    ['(a{2,})*', true],
    ['(foo|bar)*', false],
    ['(a+)?', false],
    ['(a+){1}', false],
    ['[(a+)]+', false],
    ['\\(a+\\)+', false],
    ['a+b*c?', false],
    ['(?P<x>\\d+)-(\\d+)', false],
  ])('%s → %s', (expr, nested) => {
    expect(hasNestedRepetition(expr)).toBe(nested);
  });
});
