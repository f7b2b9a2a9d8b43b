import { describe, expect, it } from 'vitest';
import { goBoolError, goQuote, parseGoBool, parseGoUint, parseGoUintBase0 } from './strconv.ts';

describe('parseGoBool', () => {
  it.each([['1', true], ['t', true], ['TRUE', true], ['True', true], ['0', false], ['F', false], ['False', false], ['yes', undefined], ['tRUE', undefined], ['', undefined]])(
    '%j → %j',
    (s, v) => expect(parseGoBool(s)).toBe(v),
  );
  it('words the error as strconv does', () => expect(goBoolError('yes')).toBe('strconv.ParseBool: parsing "yes": invalid syntax'));
});

describe('parseGoUint', () => {
  it('parses base 10 within the bit size', () => {
    expect(parseGoUint('65535', 16)).toEqual({ value: 65535 });
    expect(parseGoUint('65536', 16).error).toBe('strconv.ParseUint: parsing "65536": value out of range');
    expect(parseGoUint('0x10', 16).error).toBe('strconv.ParseUint: parsing "0x10": invalid syntax');
  });
  it('base 0 reads prefixes and underscores as Go does', () => {
    expect([parseGoUintBase0('0x1_0'), parseGoUintBase0('017'), parseGoUintBase0('0b11'), parseGoUintBase0('1_0'), parseGoUintBase0('08')]).toEqual([16, 15, 3, undefined, undefined]);
  });
});

describe('goQuote', () => {
  it.each([['plain', '"plain"'], ['tab\there', '"tab\\there"'], ['\u0001', '"\\x01"'], ['é', '"é"'], ['\u200b', '"\\u200b"'], ['"\\', '"\\"\\\\"']])('%j', (s, q) => expect(goQuote(s)).toBe(q));
});
