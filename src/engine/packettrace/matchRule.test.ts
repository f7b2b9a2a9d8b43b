import { describe, expect, it } from 'vitest';
import { ifaceMatches, ruleMatches } from './matchRule.ts';
import { parseHostOrNetwork, parseMark, parsePortRange, type Match } from '../netfilter/index.ts';
import type { PacketState } from './packetState.ts';

const base: PacketState = {
  family: 'ipv4', proto: 'tcp', src: '192.0.2.10', sport: 40000, dst: '198.51.100.1', dport: 8080, oif: 'eth0', mark: 0x539,
  owner: { uid: 1000, gid: 1337 }, tcpFlags: ['SYN'], ctstate: 'new', ctmark: 0, ctNat: { dnat: false, snat: false },
  localCidrs: ['127.0.0.0/8', '192.0.2.10/32'],
};
const v6: PacketState = { ...base, family: 'ipv6', src: '::1', dst: '::1', localCidrs: ['::1/128'] };

describe('ruleMatches', () => {
  const n = false;
  const port = (t: string) => ({ text: t, value: parsePortRange(t)! });
  const mark = (t: string) => ({ text: t, value: parseMark(t)! });
  const pre = (t: string) => ({ text: t, value: parseHostOrNetwork(t, t.includes(':') ? 'ipv6' : 'ipv4')! });
  const id = (lo: number) => ({ text: String(lo), value: [lo, lo] as const });
  const cases: Array<[string, Match, Partial<PacketState> | PacketState, boolean]> = [
    ['-p tcp', { kind: 'l4proto', negate: n, proto: { text: 'tcp', value: 6 } }, {}, true],
    ['! -p tcp', { kind: 'l4proto', negate: true, proto: { text: 'tcp', value: 6 } }, {}, false],
    ['-p all', { kind: 'l4proto', negate: n, proto: { text: 'all', value: 0 } }, { proto: 'udp' }, true],
    ['-d in the network', { kind: 'addr', dir: 'dst', negate: n, prefixes: [pre('198.51.100.0/24')] }, {}, true],
    ['! -s of the source', { kind: 'addr', dir: 'src', negate: true, prefixes: [pre('192.0.2.10/32')] }, {}, false],
    ['nft ip6 daddr never holds for IPv4, negated or not', { kind: 'addr', dir: 'dst', family: 'ipv6', negate: true, prefixes: [pre('::1/128')] }, {}, false],
    ['-o eth+ on eth0', { kind: 'iface', dir: 'out', negate: n, name: 'eth+' }, {}, true],
    ['-i lo with no input interface', { kind: 'iface', dir: 'in', negate: n, name: 'lo' }, {}, false],
    ['! -i lo with no input interface', { kind: 'iface', dir: 'in', negate: true, name: 'lo' }, {}, true],
    ['--dport range', { kind: 'port', dir: 'dst', proto: 'tcp', negate: n, ports: [port('8000:8999')] }, {}, true],
    ['udp dport on a TCP packet', { kind: 'port', dir: 'dst', proto: 'udp', negate: true, ports: [port('53')] }, {}, false],
    ['! --dport on another protocol', { kind: 'port', dir: 'dst', proto: 'th', negate: true, ports: [port('53')] }, { proto: 'icmp' }, false],
    ['multiport --ports sees either port', { kind: 'port', dir: 'any', proto: 'tcp', negate: n, multiport: true, ports: [port('40000')] }, {}, true],
    ['--uid-owner', { kind: 'owner', which: 'uid', negate: n, id: id(1000) }, {}, true],
    ['--gid-owner', { kind: 'owner', which: 'gid', negate: n, id: id(1000) }, {}, false],
    ['--uid-owner without a socket', { kind: 'owner', which: 'uid', negate: n, id: id(0) }, { owner: undefined }, false],
    ['! --uid-owner without a socket', { kind: 'owner', which: 'uid', negate: true, id: id(0) }, { owner: undefined }, true],
    ['--mark 1337', { kind: 'mark', of: 'packet', negate: n, mark: mark('1337') }, {}, true],
    ['--mark 0x1/0x1', { kind: 'mark', of: 'packet', negate: n, mark: mark('0x1/0x1') }, {}, true],
    ['--mark 0x1539/0xfff never holds (the value has bits outside the mask)', { kind: 'mark', of: 'packet', negate: n, mark: mark('0x1539/0xfff') }, {}, false],
    ['! --mark 1338', { kind: 'mark', of: 'packet', negate: true, mark: mark('1338') }, {}, true],
    ['connmark 1337 on a fresh flow', { kind: 'mark', of: 'conn', negate: n, mark: mark('1337') }, {}, false],
    ['--ctstate RELATED,ESTABLISHED on NEW', { kind: 'ctstate', negate: n, states: { text: 'RELATED,ESTABLISHED', value: ['related', 'established'] } }, {}, false],
    ['--ctstate DNAT', { kind: 'ctstate', negate: n, states: { text: 'DNAT', value: ['dnat'] } }, { ctNat: { dnat: true, snat: false } }, true],
    ['-m socket without one', { kind: 'socket', negate: n, transparent: false, nowildcard: false, restoreSkmark: false }, {}, false],
    ['-m socket --transparent on a plain socket', { kind: 'socket', negate: n, transparent: true, nowildcard: false, restoreSkmark: false }, { socket: { transparent: false } }, false],
    ['v4 --dst-type LOCAL for 127.0.0.53', { kind: 'addrtype', dir: 'dst', negate: n, types: ['LOCAL'], limitIn: false, limitOut: false }, { dst: '127.0.0.53' }, true],
    ['v4 --dst-type UNICAST for a local address', { kind: 'addrtype', dir: 'dst', negate: n, types: ['UNICAST'], limitIn: false, limitOut: false }, { dst: '192.0.2.10' }, false],
    ['v6 --dst-type UNICAST for ::1 (also LOCAL)', { kind: 'addrtype', dir: 'dst', negate: n, types: ['UNICAST'], limitIn: false, limitOut: false }, v6, true],
    ['v6 --dst-type LOCAL for ::1', { kind: 'addrtype', dir: 'dst', negate: n, types: ['LOCAL'], limitIn: false, limitOut: false }, v6, true],
    ['--tcp-flags SYN,ACK SYN', { kind: 'tcpFlags', negate: n, mask: ['SYN', 'ACK'], set: ['SYN'] }, {}, true],
    ['-m set --match-set probes dst', { kind: 'set', negate: n, name: 'probes', dirs: ['dst'] }, { sets: { probes: [{ family: 4, bytes: [198, 51, 100, 1] }] } }, true],
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
