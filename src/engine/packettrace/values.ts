/** Parsing and kernel-style printing of the values rules carry: numbers, marks, ports, addresses. */
import ipaddr from 'ipaddr.js';
import type { Family } from './types.ts';

/** Parses a decimal or 0x-hex unsigned 32-bit number; undefined when it is not one. */
export function parseUint32(text: string): number | undefined {
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 0 && n <= 0xffffffff ? n : undefined;
}

/** `value[/mask]`, the mask defaulting to all ones. */
export function parseMarkMask(text: string): { value: number; mask: number } | undefined {
  const [v, m, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const value = parseUint32(v);
  const mask = m === undefined ? 0xffffffff : parseUint32(m);
  if (value === undefined || mask === undefined) return undefined;
  return { value, mask };
}

export function hex(n: number): string {
  return '0x' + (n >>> 0).toString(16);
}

export function parsePort(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 65535 ? n : undefined;
}

/** A port or a `low:high` range (either side may be left out). */
export function parsePortRange(text: string): [number, number] | undefined {
  if (!text.includes(':')) {
    const p = parsePort(text);
    return p === undefined ? undefined : [p, p];
  }
  const [a, b] = text.split(':');
  const low = a === '' ? 0 : parsePort(a);
  const high = b === '' ? 65535 : parsePort(b);
  if (low === undefined || high === undefined || low > high) return undefined;
  return [low, high];
}

export function formatPortRange([low, high]: [number, number]): string {
  return low === high ? String(low) : `${low}:${high}`;
}

/** A comma-separated list of ports and ranges, as multiport takes it. */
export function parsePortList(text: string): Array<[number, number]> | undefined {
  const out: Array<[number, number]> = [];
  for (const part of text.split(',')) {
    const r = parsePortRange(part);
    if (!r) return undefined;
    out.push(r);
  }
  return out.length ? out : undefined;
}

/**
 * Normalises `addr[/prefix]` to the masked network the kernel holds (`127.0.0.1/8` → `127.0.0.0/8`),
 * or undefined when it is not an address of that family. A dotted netmask is accepted for IPv4.
 */
export function canonicalCidr(text: string, family: Family): string | undefined {
  const [addrText, prefixText, extra] = text.split('/');
  if (extra !== undefined || !ipaddr.isValid(addrText)) return undefined;
  const addr = ipaddr.parse(addrText);
  const want = family === 'ipv4' ? 'ipv4' : 'ipv6';
  if (addr.kind() !== want) return undefined;
  const max = want === 'ipv4' ? 32 : 128;
  let prefix = max;
  if (prefixText !== undefined) {
    if (/^\d+$/.test(prefixText)) prefix = Number(prefixText);
    else if (want === 'ipv4' && ipaddr.IPv4.isValid(prefixText)) {
      const p = ipaddr.IPv4.parse(prefixText).prefixLengthFromSubnetMask();
      if (p === null) return undefined;
      prefix = p;
    } else return undefined;
  }
  if (prefix > max) return undefined;
  const bytes = addr.toByteArray();
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, prefix - i * 8));
    bytes[i] &= (0xff << (8 - keep)) & 0xff;
  }
  const masked = ipaddr.fromByteArray(bytes);
  return `${masked.toString()}/${prefix}`;
}

/** Whether `addr` lies in the canonical `cidr`; false for addresses of the other family. */
export function inCidr(addr: string, cidr: string): boolean {
  if (!ipaddr.isValid(addr)) return false;
  const a = ipaddr.process(addr);
  const [net, prefix] = ipaddr.parseCIDR(cidr);
  if (a.kind() !== net.kind()) return false;
  return a.match(net, prefix);
}

/** The canonical text of an address (compressed IPv6, IPv4-mapped IPv6 kept as IPv6). */
export function canonicalAddr(addr: string): string | undefined {
  if (!ipaddr.isValid(addr)) return undefined;
  return ipaddr.parse(addr).toString();
}

export function familyOf(addr: string): Family | undefined {
  if (!ipaddr.isValid(addr)) return undefined;
  return ipaddr.parse(addr).kind() === 'ipv4' ? 'ipv4' : 'ipv6';
}

/** `addr:port`, with IPv6 addresses in brackets. */
export function formatEndpoint(addr: string, port: number): string {
  return addr.includes(':') ? `[${addr}]:${port}` : `${addr}:${port}`;
}
