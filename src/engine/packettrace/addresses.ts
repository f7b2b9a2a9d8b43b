/**
 * The tracer's addresses: packets carry their addresses as Go-canonical text (what NAT rewrites and
 * conntrack compares); matching reads them through Go's netip, with a small cache.
 */
import { formatAddr, maskPrefix, parseAddr, prefixContains, type IpAddr, type IpPrefix } from '../go/index.ts';
import { parseHostOrNetwork } from '../netfilter/index.ts';
import type { Family } from './types.ts';

const cache = new Map<string, IpAddr | null>();

/** The address a packet field holds; undefined when the text is not an address. */
export function addrOf(text: string): IpAddr | undefined {
  let a = cache.get(text);
  if (a === undefined) {
    const p = parseAddr(text);
    a = p.ok && p.value.zone === undefined ? p.value : null;
    if (cache.size > 4096) cache.clear();
    cache.set(text, a);
  }
  return a ?? undefined;
}

/** Go's canonical text of an address (compressed IPv6; an IPv4-mapped IPv6 address stays IPv6). */
export function canonicalAddr(text: string): string | undefined {
  const a = addrOf(text);
  return a && formatAddr(a);
}

export function familyOf(text: string): Family | undefined {
  const a = addrOf(text);
  return a ? (a.family === 4 ? 'ipv4' : 'ipv6') : undefined;
}

/** `addr[/len]` of the family, host bits cleared: `127.0.0.1/8` → `127.0.0.0/8`. */
export function canonicalCidr(text: string, family: Family): string | undefined {
  const p = parseHostOrNetwork(text, family);
  if (!p) return undefined;
  const m = maskPrefix(p);
  return `${formatAddr(m.addr)}/${m.bits}`;
}

export function prefixOf(cidr: string): IpPrefix | undefined {
  const slash = cidr.lastIndexOf('/');
  const a = addrOf(slash < 0 ? cidr : cidr.slice(0, slash));
  if (!a) return undefined;
  return { addr: a, bits: slash < 0 ? (a.family === 4 ? 32 : 128) : Number(cidr.slice(slash + 1)) };
}

/** Whether the address lies in the prefix; false for the other family. */
export function inPrefix(addr: string, p: IpPrefix): boolean {
  const a = addrOf(addr);
  return !!a && prefixContains(p, a);
}

export function inCidr(addr: string, cidr: string): boolean {
  const p = prefixOf(cidr);
  return !!p && inPrefix(addr, p);
}

export { formatEndpoint } from '../netfilter/index.ts';
