/** Whether one rule's matches all hold for a packet, with the kernel's meaning of each match. */
import type { PacketState } from './packetState.ts';
import type { Match } from './types.ts';
import { inCidr } from './values.ts';

export function ruleMatches(matches: Match[], p: PacketState): boolean {
  for (const m of matches) if (!matchOne(m, p)) return false;
  return true;
}

/** iptables interface names: a trailing `+` matches every name with that prefix. */
export function ifaceMatches(pattern: string, name: string | undefined): boolean {
  const actual = name ?? '';
  if (pattern.endsWith('+')) return actual.startsWith(pattern.slice(0, -1));
  return actual === pattern;
}

function matchOne(m: Match, p: PacketState): boolean {
  switch (m.kind) {
    case 'proto':
      return (m.proto === 'all' || m.proto === p.proto) !== m.invert;
    case 'src':
      return m.cidrs.some((c) => inCidr(p.src, c)) !== m.invert;
    case 'dst':
      return m.cidrs.some((c) => inCidr(p.dst, c)) !== m.invert;
    case 'inIface':
      return ifaceMatches(m.name, p.iif) !== m.invert;
    case 'outIface':
      return ifaceMatches(m.name, p.oif) !== m.invert;
    case 'port': {
      // A port match on a packet of another protocol never holds, negated or not.
      if (p.proto !== 'tcp' && p.proto !== 'udp') return false;
      const inRanges = (port: number) => m.ranges.some(([lo, hi]) => port >= lo && port <= hi);
      const hit = m.which === 'sport' ? inRanges(p.sport) : m.which === 'dport' ? inRanges(p.dport) : inRanges(p.sport) || inRanges(p.dport);
      return hit !== m.invert;
    }
    case 'tcpFlags': {
      if (p.proto !== 'tcp') return false;
      const hit = m.mask.every((f) => p.tcpFlags.includes(f) === m.set.includes(f));
      return hit !== m.invert;
    }
    case 'owner': {
      // Without a sending socket the owner match holds only when negated (the kernel's rule).
      if (!p.owner) return m.invert;
      const id = m.which === 'uid' ? p.owner.uid : p.owner.gid;
      return (id >= m.low && id <= m.high) !== m.invert;
    }
    case 'ownerSocket':
      return !!p.owner !== m.invert;
    case 'mark':
      return ((p.mark & m.mask) >>> 0 === m.value >>> 0) !== m.invert;
    case 'connmark':
      return ((p.ctmark & m.mask) >>> 0 === m.value >>> 0) !== m.invert;
    case 'ctstate': {
      const states: string[] = [p.ctstate];
      if (p.ctNat.dnat) states.push('DNAT');
      if (p.ctNat.snat) states.push('SNAT');
      return m.states.some((s) => states.includes(s)) !== m.invert;
    }
    case 'socket':
      return !!p.socket && (!m.transparent || p.socket.transparent);
    case 'addrtype': {
      const addr = m.which === 'src' ? p.src : p.dst;
      return m.types.includes(addressType(addr, p)) !== m.invert;
    }
    case 'ignored':
      return true;
  }
}

function addressType(addr: string, p: PacketState): string {
  if (p.localCidrs.some((c) => inCidr(addr, c))) return 'LOCAL';
  if (p.family === 'ipv4') {
    if (inCidr(addr, '224.0.0.0/4')) return 'MULTICAST';
    if (addr === '255.255.255.255') return 'BROADCAST';
    if (addr === '0.0.0.0') return 'BROADCAST';
  } else if (inCidr(addr, 'ff00::/8')) return 'MULTICAST';
  return 'UNICAST';
}
