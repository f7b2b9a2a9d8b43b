import { describe, expect, it } from 'vitest';
import { formatInetNtop } from '../netfilter/values.ts';
import { formatPrefix, maskPrefix, parseAddr, parsePrefix } from './netip.ts';

describe('Go netip prefixes', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['127.0.0.1/24', '127.0.0.1/24'],
    ['2001:DB8:0::/32', '2001:db8::/32'],
    ['2001:db8:0:0:1:0:0:1/128', '2001:db8::1:0:0:1/128'],
    ['::ffff:10.0.0.1/120', '::ffff:10.0.0.1/120'],
    ['::127.0.0.53/128', '::7f00:35/128'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['fe80::1:2:3:4/64', 'fe80::1:2:3:4/64'],
    ['1:0:0:2:0:0:0:3/64', '1:0:0:2::3/64'],
  ])('%s prints as %s', (input, out) => {
    const p = parsePrefix(input);
    expect(p.ok && formatPrefix(p.value)).toBe(out);
  });

  it.each(['10.0.0.0', '10.0.0.0/33', '010.0.0.0/8', '10.0.0/8', '10.0.0.0/08', '*', '::1::2/64', 'fe80::1%eth0/64', '1.2.3.4/-1', '1.2.3.256/32', '2001:db8::/129', ''])('%j is rejected', (input) => {
    expect(parsePrefix(input).ok).toBe(false);
  });

  it('masks host bits for the kernel view', () => {
    const p = parsePrefix('127.0.0.1/8');
    expect(p.ok && formatPrefix(maskPrefix(p.value))).toBe('127.0.0.0/8');
  });

  it.each([
    ['::127.0.0.53', '::127.0.0.53'],
    ['::1', '::1'],
    ['::6', '::6'],
    ['::ffff:1.2.3.4', '::ffff:1.2.3.4'],
    ['2001:db8::10', '2001:db8::10'],
  ])('inet_ntop prints %s as %s', (input, out) => {
    const a = parseAddr(input);
    expect(a.ok && formatInetNtop(a.value)).toBe(out);
  });
});
