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
      const hit = p.family === 'ipv4' ? m.types.includes(addressTypeV4(addr, p)) : addressTypesMatchV6(m.types, addr, p);
      return hit !== m.invert;
    }
    case 'ignored':
      return true;
  }
}

/** IPv4 addresses have exactly one routing type; the match holds when it is one of the listed ones. */
function addressTypeV4(addr: string, p: PacketState): string {
  if (inCidr(addr, '0.0.0.0/32') || addr === '255.255.255.255') return 'BROADCAST';
  if (p.localCidrs.some((c) => inCidr(addr, c))) return 'LOCAL';
  if (inCidr(addr, '224.0.0.0/4')) return 'MULTICAST';
  return 'UNICAST';
}

/**
 * IPv6 is different: each listed type is a condition of its own (a local address is UNICAST too),
 * and LOCAL is answered by a route lookup.
 */
function addressTypesMatchV6(types: string[], addr: string, p: PacketState): boolean {
  const multicast = inCidr(addr, 'ff00::/8');
  const unspecified = addr === '::';
  if (types.includes('MULTICAST') && !multicast) return false;
  if (types.includes('UNICAST') && (multicast || unspecified)) return false;
  if (types.includes('UNSPEC') && !unspecified) return false;
  if (types.some((t) => t === 'LOCAL' || t === 'ANYCAST' || t === 'UNREACHABLE')) {
    return types.includes('LOCAL') && p.localCidrs.some((c) => inCidr(addr, c));
  }
  return true;
}
