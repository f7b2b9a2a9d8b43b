/**
 * Reading and printing the values rules carry — numbers, ports, marks, ids, protocols, addresses —
 * the way the netfilter tools read and print them (strtoul's bases, /etc/services names, glibc's
 * inet_ntop). Go's netip is the address library (../go/netip.ts); these are the kernel tools' ways.
 */
import { formatAddr, maskPrefix, parseAddr, parsePrefix, type IpAddr, type IpPrefix } from '../go/index.ts';
import type { AddressFamily, CtState, MarkValue, Range, Written } from './model.ts';

/**
 * The one word a tool reads where a value is written: surrounding blanks dropped (the payload's
 * words are split on blanks), undefined when blanks, quotes or control characters inside would make
 * the tool read something else than one value (the payload-corrupting values of hostile input).
 */
export function oneWord(text: string): string | undefined {
  const t = text.replace(/^[ \t]+|[ \t]+$/g, '');
  return t === '' || /[\s"'\u0000-\u001f\u007f]/.test(t) ? undefined : t;
}

/** strtoul(s, 0): decimal, 0x hex or 0-prefixed octal; undefined when it is not one or exceeds 32 bits. */
export function parseUint(text: string): number | undefined {
  let n: number;
  if (/^0[xX][0-9a-fA-F]+$/.test(text)) n = parseInt(text.slice(2), 16);
  else if (/^0[0-7]*$/.test(text)) n = parseInt(text, 8) || 0;
  else if (/^[1-9][0-9]*$/.test(text)) n = Number(text);
  else return undefined;
  return Number.isSafeInteger(n) && n <= 0xffffffff ? n : undefined;
}

/** `0x539`, as iptables-save prints marks. */
export function hex(n: number): string {
  return '0x' + (n >>> 0).toString(16);
}

/** `0x00000539`, as nft lists marks. */
export function hex8(n: number): string {
  return '0x' + (n >>> 0).toString(16).padStart(8, '0');
}

/** The /etc/services names a port may be given by (the kernel tools store the number). */
export const SERVICES: Record<string, number> = {
  ssh: 22, smtp: 25, domain: 53, http: 80, https: 443, mysql: 3306, postgresql: 5432, redis: 6379, 'http-alt': 8080,
};

/** One port: a number (any strtoul base) or a service name. */
export function parsePortNumber(text: string): number | undefined {
  const n = parseUint(text) ?? SERVICES[text];
  return n !== undefined && n <= 65535 ? n : undefined;
}

/** `80`, `1000:2000` (iptables) or `1000-2000` (nft, `sep`), either side of a range may be left out in iptables. */
export function parsePortRange(text: string, sep: ':' | '-' = ':'): Range | undefined {
  const parts = text.split(sep);
  if (parts.length > 2) return undefined;
  if (parts.length === 1) {
    const p = parsePortNumber(text);
    return p === undefined ? undefined : [p, p];
  }
  const low = parts[0] === '' && sep === ':' ? 0 : parsePortNumber(parts[0]);
  const high = parts[1] === '' && sep === ':' ? 65535 : parsePortNumber(parts[1]);
  if (low === undefined || high === undefined || low > high) return undefined;
  return [low, high];
}

export function writtenPort(text: string, sep: ':' | '-' = ':'): Written<Range> {
  const w = oneWord(text);
  const value = w === undefined ? undefined : parsePortRange(w, sep);
  return value ? { text, value } : { text };
}

export function formatRange([low, high]: Range, sep = ':'): string {
  return low === high ? String(low) : `${low}${sep}${high}`;
}

/** `value[/mask]`, the mask defaulting to all ones. */
export function parseMark(text: string): MarkValue | undefined {
  const [v, m, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const value = parseUint(v);
  const mask = m === undefined ? 0xffffffff : parseUint(m);
  if (value === undefined || mask === undefined) return undefined;
  return { value, mask };
}

export function writtenMark(text: string): Written<MarkValue> {
  const w = oneWord(text);
  const value = w === undefined ? undefined : parseMark(w);
  return value ? { text, value } : { text };
}

export function writtenNumber(text: string, max = 0xffffffff): Written<number> {
  const w = oneWord(text);
  const value = w === undefined ? undefined : parseUint(w);
  return value !== undefined && value <= max ? { text, value } : { text };
}

/** A uid/gid or `low-high` range; names stay unread until the machine's tables resolve them. */
export function parseIdRange(text: string): Range | undefined {
  const m = /^([0-9]+)(?:-([0-9]+))?$/.exec(text);
  if (!m) return undefined;
  const low = Number(m[1]);
  const high = m[2] === undefined ? low : Number(m[2]);
  if (low > 0xffffffff || high > 0xffffffff || low > high) return undefined;
  return [low, high];
}

export function writtenId(text: string): Written<Range> {
  const w = oneWord(text);
  const value = w === undefined ? undefined : parseIdRange(w);
  return value ? { text, value } : { text };
}

const PROTOCOLS: Record<string, number> = { all: 0, icmp: 1, tcp: 6, udp: 17, ipv6: 41, gre: 47, esp: 50, ah: 51, 'ipv6-icmp': 58, icmpv6: 58, sctp: 132, udplite: 136 };
const PROTOCOL_NAMES: Record<number, string> = { 0: 'all', 1: 'icmp', 6: 'tcp', 17: 'udp', 41: 'ipv6', 47: 'gre', 50: 'esp', 51: 'ah', 58: 'ipv6-icmp', 132: 'sctp', 136: 'udplite' };

export function parseProtocol(text: string): number | undefined {
  const lower = text.toLowerCase();
  if (lower in PROTOCOLS) return PROTOCOLS[lower];
  const n = /^[0-9]+$/.test(text) ? Number(text) : undefined;
  return n !== undefined && n <= 255 ? n : undefined;
}

export function protocolName(n: number): string {
  return PROTOCOL_NAMES[n] ?? String(n);
}

export function writtenProtocol(text: string): Written<number> {
  const w = oneWord(text);
  const value = w === undefined ? undefined : parseProtocol(w);
  return value === undefined ? { text } : { text, value };
}

const CT_STATES: CtState[] = ['invalid', 'new', 'established', 'related', 'untracked', 'snat', 'dnat'];

/** `RELATED,ESTABLISHED` or `related,established`; undefined when one is not a conntrack state. */
export function parseCtStates(text: string): CtState[] | undefined {
  const states = text.split(',').map((s) => s.trim().toLowerCase());
  return states.every((s): s is CtState => (CT_STATES as string[]).includes(s)) ? states : undefined;
}

export function writtenCtStates(text: string): Written<CtState[]> {
  const w = oneWord(text);
  const value = w === undefined ? undefined : parseCtStates(w);
  return value ? { text, value } : { text };
}

/**
 * An address with an optional prefix length or (IPv4) dotted netmask, as iptables reads `-s`/`-d`:
 * a bare address is a host (/32, /128).
 */
export function parseHostOrNetwork(text: string, family: AddressFamily): IpPrefix | undefined {
  const slash = text.indexOf('/');
  const addrText = slash < 0 ? text : text.slice(0, slash);
  const a = parseAddr(addrText);
  if (!a.ok || a.value.zone !== undefined) return undefined;
  const addr = a.value;
  if ((addr.family === 4) !== (family === 'ipv4')) return undefined;
  const max = addr.family === 4 ? 32 : 128;
  if (slash < 0) return { addr, bits: max };
  const bitsText = text.slice(slash + 1);
  if (/^[0-9]{1,3}$/.test(bitsText)) {
    const bits = Number(bitsText);
    return bits <= max ? { addr, bits } : undefined;
  }
  if (addr.family === 4) {
    const m = parseAddr(bitsText);
    if (m.ok && m.value.family === 4) {
      const bits = netmaskBits(m.value);
      return bits === undefined ? undefined : { addr, bits };
    }
  }
  return undefined;
}

function netmaskBits(mask: IpAddr): number | undefined {
  let bits = 0;
  let ended = false;
  for (const byte of mask.bytes) {
    for (let b = 7; b >= 0; b--) {
      const set = (byte >> b) & 1;
      if (set && ended) return undefined;
      if (set) bits++;
      else ended = true;
    }
  }
  return bits;
}

/** A prefix written the Go (istio-iptables) way: netip.ParsePrefix, or a bare address as a host. */
export function writtenPrefix(text: string, family?: AddressFamily): Written<IpPrefix> {
  const fam = family ?? (text.includes(':') ? 'ipv6' : 'ipv4');
  const w = oneWord(text);
  const value = w === undefined ? undefined : parseHostOrNetwork(w, fam);
  return value ? { text, value } : { text };
}

export function writtenAddr(text: string): Written<IpAddr> {
  const w = oneWord(text);
  const a = w === undefined ? undefined : parseAddr(w);
  return a?.ok ? { text, value: a.value } : { text };
}

/**
 * IPv6 text as glibc's inet_ntop prints it (iptables-save): like Go's, except that an
 * IPv4-compatible address (96 zero bits, then a non-zero word) prints its last 32 bits dotted.
 */
export function formatInetNtop(a: IpAddr): string {
  if (a.family === 4) return formatAddr(a);
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push((a.bytes[i] << 8) | a.bytes[i + 1]);
  const leadingZeros = words.findIndex((w) => w !== 0);
  if (leadingZeros === 6 && words[6] !== 0) return `::${a.bytes.slice(12).join('.')}`;
  if (leadingZeros === 5 && words[5] === 0xffff) return `::ffff:${a.bytes.slice(12).join('.')}`;
  return formatAddr({ family: 6, bytes: a.bytes });
}

/** The prefix with host bits cleared, as `-s`/`-d` store it: `192.0.2.0/24`. */
export function kernelPrefixText(p: IpPrefix): string {
  const m = maskPrefix(p);
  return `${formatInetNtop(m.addr)}/${m.bits}`;
}

/** Go-netip canonical text of a prefix, unmasked (istio-iptables prints CIDRs this way). */
export function goPrefixText(text: string): string | undefined {
  const p = parsePrefix(text);
  return p.ok ? `${formatAddr(p.value.addr)}/${p.value.bits}` : undefined;
}

/** `addr:port`, IPv6 in brackets. */
export function formatEndpoint(addr: string, port: number): string {
  return addr.includes(':') ? `[${addr}]:${port}` : `${addr}:${port}`;
}
