import { describe, expect, it } from 'vitest';
import { listenerOf, networkOfCase } from './traceCase.ts';

describe('trace case network', () => {
  it.each([
    ['15001 (IP_TRANSPARENT, uid 0 gid 1337)', { port: 15001, uid: 0, gid: 1337, transparent: true }],
    ['8080 (uid 1000 gid 1000)', { port: 8080, uid: 1000, gid: 1000, transparent: false }],
    ['not a listener', undefined],
  ])('reads the listener %s', (text, expected) => {
    expect(listenerOf(text)).toEqual(expected);
  });

  it('maps the pod, its policy routing and its listeners', () => {
    const net = networkOfCase({
      network: { pod: { iface: 'eth0', addr: '192.0.2.10/24', loopback: ['127.0.0.1/8'] }, policyRouting: { fwmark: 1337 }, podListeners: ['15006 (IP_TRANSPARENT, uid 0 gid 1337)'] },
    });
    expect(net).toEqual({ iface: 'eth0', addresses: ['192.0.2.10/24'], loopback: ['127.0.0.1/8'], tproxyFwmark: 1337, listeners: [{ port: 15006, uid: 0, gid: 1337, transparent: true }] });
  });
});
