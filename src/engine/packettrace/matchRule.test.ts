import { describe, expect, it } from 'vitest';
import { ifaceMatches, ruleMatches } from './matchRule.ts';
import type { PacketState } from './packetState.ts';
import type { Match } from './types.ts';

const base: PacketState = {
  family: 'ipv4', proto: 'tcp', src: '192.0.2.10', sport: 40000, dst: '198.51.100.1', dport: 8080, oif: 'eth0', mark: 0x539,
  owner: { uid: 1000, gid: 1337 }, tcpFlags: ['SYN'], ctstate: 'NEW', ctmark: 0, ctNat: { dnat: false, snat: false },
  localCidrs: ['127.0.0.0/8', '192.0.2.10/32'],
};
const v6: PacketState = { ...base, family: 'ipv6', src: '::1', dst: '::1', localCidrs: ['::1/128'] };

describe('ruleMatches', () => {
  const cases: Array<[string, Match, Partial<PacketState> | PacketState, boolean]> = [
    ['-p tcp', { kind: 'proto', invert: false, proto: 'tcp' }, {}, true],
    ['! -p tcp', { kind: 'proto', invert: true, proto: 'tcp' }, {}, false],
    ['-p all', { kind: 'proto', invert: false, proto: 'all' }, { proto: 'udp' }, true],
    ['-d in the network', { kind: 'dst', invert: false, cidrs: ['198.51.100.0/24'] }, {}, true],
    ['! -s of the source', { kind: 'src', invert: true, cidrs: ['192.0.2.10/32'] }, {}, false],
    ['-o eth+ on eth0', { kind: 'outIface', invert: false, name: 'eth+' }, {}, true],
    ['-i lo with no input interface', { kind: 'inIface', invert: false, name: 'lo' }, {}, false],
    ['! -i lo with no input interface', { kind: 'inIface', invert: true, name: 'lo' }, {}, true],
    ['--dport range', { kind: 'port', which: 'dport', invert: false, ranges: [[8000, 8999]] }, {}, true],
    ['! --dport on another protocol', { kind: 'port', which: 'dport', invert: true, ranges: [[53, 53]] }, { proto: 'icmp' }, false],
    ['multiport --ports sees either port', { kind: 'port', which: 'any', invert: false, ranges: [[40000, 40000]] }, {}, true],
    ['--uid-owner', { kind: 'owner', which: 'uid', invert: false, low: 1000, high: 1000 }, {}, true],
    ['--gid-owner', { kind: 'owner', which: 'gid', invert: false, low: 1000, high: 1000 }, {}, false],
    ['--uid-owner without a socket', { kind: 'owner', which: 'uid', invert: false, low: 0, high: 0 }, { owner: undefined }, false],
    ['! --uid-owner without a socket', { kind: 'owner', which: 'uid', invert: true, low: 0, high: 0 }, { owner: undefined }, true],
    ['--mark 1337', { kind: 'mark', invert: false, value: 1337, mask: 0xffffffff }, {}, true],
    ['--mark 0x1/0x1', { kind: 'mark', invert: false, value: 1, mask: 1 }, {}, true],
    ['! --mark 1338', { kind: 'mark', invert: true, value: 1338, mask: 0xffffffff }, {}, true],
    ['connmark 1337 on a fresh flow', { kind: 'connmark', invert: false, value: 1337, mask: 0xffffffff }, {}, false],
    ['--ctstate RELATED,ESTABLISHED on NEW', { kind: 'ctstate', invert: false, states: ['RELATED', 'ESTABLISHED'] }, {}, false],
    ['--ctstate DNAT', { kind: 'ctstate', invert: false, states: ['DNAT'] }, { ctNat: { dnat: true, snat: false } }, true],
    ['-m socket without one', { kind: 'socket', transparent: false, nowildcard: false }, {}, false],
    ['-m socket --transparent on a plain socket', { kind: 'socket', transparent: true, nowildcard: false }, { socket: { transparent: false } }, false],
    ['v4 --dst-type LOCAL for 127.0.0.53', { kind: 'addrtype', which: 'dst', invert: false, types: ['LOCAL'], limitIn: false, limitOut: false }, { dst: '127.0.0.53' }, true],
    ['v4 --dst-type UNICAST for a local address', { kind: 'addrtype', which: 'dst', invert: false, types: ['UNICAST'], limitIn: false, limitOut: false }, { dst: '192.0.2.10' }, false],
    ['v6 --dst-type UNICAST for ::1 (also LOCAL)', { kind: 'addrtype', which: 'dst', invert: false, types: ['UNICAST'], limitIn: false, limitOut: false }, v6, true],
    ['v6 --dst-type LOCAL for ::1', { kind: 'addrtype', which: 'dst', invert: false, types: ['LOCAL'], limitIn: false, limitOut: false }, v6, true],
    ['--tcp-flags SYN,ACK SYN', { kind: 'tcpFlags', invert: false, mask: ['SYN', 'ACK'], set: ['SYN'] }, {}, true],
  ];
  it.each(cases)('%s', (_name, match, packet, expected) => {
    expect(ruleMatches([match], { ...base, ...packet })).toBe(expected);
  });

  it.each([
    ['eth+', 'eth0', true], ['eth+', 'veth0', false], ['+', undefined, true], ['lo', 'lo', true], ['lo', 'lo0', false],
  ] as Array<[string, string | undefined, boolean]>)('interface %s against %s', (pattern, name, expected) => {
    expect(ifaceMatches(pattern, name)).toBe(expected);
  });
});
