import { describe, expect, it } from 'vitest';
import { ownerGroupFilter, separateV4V6, splitList } from './lists.ts';

describe('list helpers', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    ['4000, 5000', ['4000', ' 5000']],
    ['6000,7000,', ['6000', '7000']],
    [',,a,,a', ['a', 'a']],
  ])('splitList(%j)', (input, out) => {
    expect(splitList(input)).toEqual(out);
  });

  it('separates families, keeps text canonical but unmasked, and notes loopback', () => {
    expect(separateV4V6('127.1.2.3/32,2001:DB8::/32,10.0.0.1/8,::1/128')).toEqual({
      v4: { isWildcard: false, cidrs: ['127.1.2.3/32', '10.0.0.1/8'], hasLoopback: true },
      v6: { isWildcard: false, cidrs: ['2001:db8::/32', '::1/128'], hasLoopback: true },
    });
  });

  it('"*" is a wildcard for both families; "*" among CIDRs is an error', () => {
    expect(separateV4V6('*').v4.isWildcard && separateV4V6('*').v6.isWildcard).toBe(true);
    expect(separateV4V6('10.0.0.0/8,*').error).toMatch(/ParsePrefix/);
  });

  it('a v4-mapped prefix stays IPv6', () => {
    expect(separateV4V6('::ffff:10.0.0.0/104').v6.cidrs).toEqual(['::ffff:10.0.0.0/104']);
  });

  it.each([
    ['*', '', { except: true, values: [] }],
    ['*', '888,ftp', { except: true, values: ['888', 'ftp'] }],
    ['java,202', '888', { except: false, values: ['java', '202'] }],
    ['', '888', { except: false, values: [] }],
  ])('owner groups include %j exclude %j', (inc, exc, out) => {
    expect(ownerGroupFilter(inc, exc)).toEqual(out);
  });
});
