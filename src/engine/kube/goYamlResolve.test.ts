import { describe, expect, it } from 'vitest';
import { isGoYamlTimestamp, parseGoInt, resolvePlainScalar, stringNeedsQuotes } from './goYamlResolve.ts';

describe('resolvePlainScalar (go-yaml v2)', () => {
  it.each([
    ['hello', 'str'], ['', 'null'], ['~', 'null'], ['NULL', 'null'], ['nULL', 'str'],
    ['yes', 'bool'], ['Off', 'bool'], ['y', 'bool'], ['oN', 'str'],
    ['0777', 'int'], ['0x1F', 'int'], ['0b101', 'int'], ['0o17', 'int'], ['-12', 'int'], ['+12', 'int'], ['1_000', 'int'],
    ['18446744073709551615', 'int'], ['18446744073709551616', 'float'],
    ['1.5', 'float'], ['.5', 'float'], ['1e3', 'float'], ['08', 'float'], ['.inf', 'float'], ['-.Inf', 'float'], ['.iNf', 'str'],
    ['2024-01-02', 'timestamp'], ['2024-1-2 3:04:05', 'timestamp'], ['2024-02-30', 'str'],
    ['1:20', 'str'], ['<<', 'str'], ['0x', 'str'], ['1.2.3', 'str'],
  ])('%j is %s', (text, tag) => {
    expect(resolvePlainScalar(text).tag).toBe(tag);
  });

  it('reads octal and hex values', () => {
    expect(resolvePlainScalar('0644')).toEqual({ tag: 'int', value: 420n });
    expect(resolvePlainScalar('0x1F')).toEqual({ tag: 'int', value: 31n });
  });
});

describe('stringNeedsQuotes', () => {
  it.each([
    ['true', true], ['15001', true], ['1:20', true], ['', true], ['text', false], ['2024-13-01', false], ['v1.2', false],
  ])('%j → %s', (text, quoted) => expect(stringNeedsQuotes(text)).toBe(quoted));
});

describe('parseGoInt', () => {
  it.each([
    ['9223372036854775807', true, 9223372036854775807n],
    ['9223372036854775808', true, undefined],
    ['9223372036854775808', false, 9223372036854775808n],
    ['-1', false, undefined],
    ['0', true, 0n],
    ['09', true, undefined],
  ])('%s (signed %s)', (text, signed, expected) => expect(parseGoInt(text, signed)).toBe(expected));
});

describe('isGoYamlTimestamp', () => {
  it.each([
    ['2024-01-02T03:04:05Z', true], ['2024-01-02t03:04:05.123+02:00', true], ['2024-01-02T24:00:00Z', false], ['024-01-02', false],
  ])('%s', (text, expected) => expect(isGoYamlTimestamp(text)).toBe(expected));
});
