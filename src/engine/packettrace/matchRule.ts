/** Whether one rule's matches all hold for a packet, with the kernel's meaning of each match. */
import { addrEqual } from '../go/index.ts';
import type { Match } from '../netfilter/index.ts';
import { addrOf, inCidr, inPrefix } from './addresses.ts';
import type { PacketState } from './packetState.ts';

export function ruleMatches(matches: readonly Match[], p: PacketState): boolean {
  for (const m of matches) if (!matchOne(m, p)) return false;
  return true;
}

/** Interface names: iptables' trailing `+` (nft's `*`) matches every name with that prefix. */
export function ifaceMatches(pattern: string, name: string | undefined): boolean {
  const actual = name ?? '';
  if (pattern.endsWith('+') || pattern.endsWith('*')) return actual.startsWith(pattern.slice(0, -1));
  return actual === pattern;
}

const PROTO_NUMBER: Record<string, number> = { tcp: 6, udp: 17, icmp: 1, 'ipv6-icmp': 58 };

function matchOne(m: Match, p: PacketState): boolean {
  switch (m.kind) {
    case 'l4proto': {
      const n = m.proto.value;
      return (n === 0 || n === PROTO_NUMBER[p.proto]) !== m.negate;
    }
    case 'nfproto':
      return (m.family === p.family) !== m.negate;
    case 'addr': {
      // `ip saddr` in an inet table holds only for IPv4 packets, negated or not.
      if (m.family && m.family !== p.family) return false;
      const addr = m.dir === 'src' ? p.src : p.dst;
      return m.prefixes.some((x) => !!x.value && inPrefix(addr, x.value)) !== m.negate;
    }
    case 'set': {
      if (m.family && m.family !== p.family) return false;
      const members = p.sets?.[m.name] ?? [];
      const hit = m.dirs.every((dir) => {
        const a = addrOf(dir === 'src' ? p.src : p.dst);
        return !!a && members.some((x) => addrEqual(x, a));
      });
      return hit !== m.negate;
    }
    case 'iface':
      return ifaceMatches(m.name, m.dir === 'in' ? p.iif : p.oif) !== m.negate;
    case 'port': {
      // A port match on a packet of another protocol never holds, negated or not.
      if (p.proto !== 'tcp' && p.proto !== 'udp') return false;
      if (m.proto !== 'th' && m.proto !== p.proto) return false;
      const inRanges = (port: number) => m.ports.some((x) => !!x.value && port >= x.value[0] && port <= x.value[1]);
      const hit = m.dir === 'src' ? inRanges(p.sport) : m.dir === 'dst' ? inRanges(p.dport) : inRanges(p.sport) || inRanges(p.dport);
      return hit !== m.negate;
    }
    case 'tcpFlags': {
      if (p.proto !== 'tcp') return false;
      const hit = m.mask.every((f) => p.tcpFlags.includes(f) === m.set.includes(f));
      return hit !== m.negate;
    }
    case 'owner': {
      // Without a sending socket the owner match holds only when negated (the kernel's rule).
      if (!p.owner || !m.id.value) return m.negate;
      const id = m.which === 'uid' ? p.owner.uid : p.owner.gid;
      return (id >= m.id.value[0] && id <= m.id.value[1]) !== m.negate;
    }
    case 'socketExists':
      return !!p.owner !== m.negate;
    case 'mark': {
      const v = m.mark.value;
      if (!v) return false;
      const have = m.of === 'packet' ? p.mark : p.ctmark;
      return (((have & v.mask) ^ v.value) >>> 0 === 0) !== m.negate;
    }
    case 'ctstate': {
      const states: string[] = [p.ctstate];
      if (p.ctNat.dnat) states.push('dnat');
      if (p.ctNat.snat) states.push('snat');
      return (m.states.value ?? []).some((s) => states.includes(s)) !== m.negate;
    }
    case 'socket':
      return !!p.socket && (!m.transparent || p.socket.transparent);
    case 'addrtype': {
      const addr = m.dir === 'src' ? p.src : p.dst;
      const hit = p.family === 'ipv4' ? m.types.includes(addressTypeV4(addr, p)) : addressTypesMatchV6(m.types, addr, p);
      return hit !== m.negate;
    }
    case 'comment': case 'ext':
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
