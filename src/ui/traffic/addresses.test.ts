import { describe, expect, it } from 'vitest';
import { addressProblem, portProblem } from './addresses.ts';

describe('the packet form checks', () => {
  it('takes the addresses the tracer takes, of the traced family', () => {
    expect(addressProblem('10.0.0.1', 'ipv4')).toBeUndefined();
    expect(addressProblem(' 10.0.0.1 ', 'ipv4')).toBeUndefined();
    expect(addressProblem('2001:db8::1', 'ipv6')).toBeUndefined();
    expect(addressProblem('::ffff:10.0.0.1', 'ipv6')).toBeUndefined();
  });
  it('says what is wrong', () => {
    expect(addressProblem('', 'ipv4')).toBe('Enter an address.');
    expect(addressProblem('10.0.0.256', 'ipv4')).toMatch(/not an IP address/);
    expect(addressProblem('010.0.0.1', 'ipv4')).toMatch(/not an IP address/);
    expect(addressProblem('reviews', 'ipv4')).toMatch(/not an IP address/);
    expect(addressProblem('2001:db8::1', 'ipv4')).toMatch(/This trace is IPv4/);
    expect(addressProblem('10.0.0.1', 'ipv6')).toMatch(/This trace is IPv6/);
    expect(addressProblem('fe80::1%eth0', 'ipv6')).toMatch(/not an IP address/);
    expect(addressProblem('1:2:3:4:5:6:7:8:9', 'ipv6')).toMatch(/not an IP address/);
    expect(portProblem('8080')).toBeUndefined();
    expect(portProblem('65536')).toMatch(/0 to 65535/);
    expect(portProblem('http')).toMatch(/0 to 65535/);
  });
});
