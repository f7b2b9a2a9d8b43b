import { describe, expect, it } from 'vitest';
import { parseMark, parsePortRange } from '../netfilter/index.ts';
import { canonicalCidr, formatEndpoint, inCidr } from './addresses.ts';

describe('addresses and values', () => {
  it.each([
    ['127.0.0.1/8', 'ipv4', '127.0.0.0/8'],
    ['192.0.2.7', 'ipv4', '192.0.2.7/32'],
    ['192.0.2.7/255.255.255.0', 'ipv4', '192.0.2.0/24'],
    ['2001:DB8::1/32', 'ipv6', '2001:db8::/32'],
    ['2001:db8::1', 'ipv4', undefined],
    ['192.0.2.7/33', 'ipv4', undefined],
    ['bad', 'ipv4', undefined],
  ] as const)('canonicalCidr(%s, %s) = %s', (text, family, expected) => {
    expect(canonicalCidr(text, family)).toBe(expected);
  });

  it('matches addresses of the right family only', () => {
    expect(inCidr('192.0.2.7', '192.0.2.0/24')).toBe(true);
    expect(inCidr('2001:db8::1', '192.0.2.0/24')).toBe(false);
  });

  it.each([
    ['80', [80, 80]], ['1:1023', [1, 1023]], [':100', [0, 100]], ['15000:', [15000, 65535]], ['9:1', undefined], ['70000', undefined],
  ] as const)('parsePortRange(%s)', (text, expected) => {
    expect(parsePortRange(text)).toEqual(expected);
  });

  it('reads marks and prints endpoints', () => {
    expect(parseMark('0x539/0xffff')).toEqual({ value: 1337, mask: 0xffff });
    expect(parseMark('1337')).toEqual({ value: 1337, mask: 0xffffffff });
    expect(parseMark('x')).toBeUndefined();
    expect(formatEndpoint('::1', 15001)).toBe('[::1]:15001');
  });
});
