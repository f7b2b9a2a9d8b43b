/**
 * IP addresses and prefixes with the parsing rules and canonical text of Go's net/netip, because
 * istio-iptables prints every CIDR through it: the address is kept unmasked, IPv6 is lower-cased and
 * zero-compressed, and IPv4-mapped IPv6 stays IPv6 but prints in dotted form.
 */

export interface IpAddr {
  /** 4 for IPv4, 6 for IPv6 (including IPv4-mapped IPv6). */
  family: 4 | 6;
  /** 4 or 16 bytes. */
  bytes: number[];
  /** IPv6 scope zone ("eth0" in fe80::1%eth0); never part of a prefix. */
  zone?: string;
}

export interface IpPrefix {
  addr: IpAddr;
  bits: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function fail<T>(error: string): Parsed<T> {
  return { ok: false, error };
}

function parseIPv4Bytes(s: string): number[] | string {
  const parts = s.split('.');
  if (parts.length !== 4) return 'IPv4 address too short or too long';
  const out: number[] = [];
  for (const p of parts) {
    if (p === '') return 'IPv4 field must have at least one digit';
    if (!/^[0-9]+$/.test(p)) return 'unexpected character';
    if (p.length > 1 && p[0] === '0') return 'IPv4 field has octet with leading zero';
    const n = Number(p);
    if (n > 255) return 'IPv4 field has value >255';
    out.push(n);
  }
  return out;
}

function parseIPv6Bytes(s: string): number[] | string {
  // An embedded dotted IPv4 tail fills the last two groups.
  let tail: number[] = [];
  let head = s;
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4Bytes(s.slice(lastColon + 1));
    if (typeof v4 === 'string') return v4;
    tail = v4;
    head = s.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const doubleAt = head.indexOf('::');
  if (doubleAt >= 0 && head.indexOf('::', doubleAt + 1) >= 0) return 'multiple :: in address';
  const groupsOf = (part: string): number[] | string => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return g.length > 4 ? 'IPv6 field has value >=2^16' : 'unexpected character';
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const wanted = 8 - tail.length / 2;
  let groups: number[];
  if (doubleAt >= 0) {
    const left = groupsOf(head.slice(0, doubleAt));
    const right = groupsOf(head.slice(doubleAt + 2));
    if (typeof left === 'string') return left;
    if (typeof right === 'string') return right;
    const missing = wanted - left.length - right.length;
    if (missing < 1) return 'IPv6 address too long';
    groups = [...left, ...new Array(missing).fill(0), ...right];
  } else {
    const all = groupsOf(head);
    if (typeof all === 'string') return all;
    if (all.length !== wanted) return all.length < wanted ? 'IPv6 address too short' : 'IPv6 address too long';
    groups = all;
  }
  const bytes: number[] = [];
  for (const g of groups) bytes.push(g >> 8, g & 0xff);
  return [...bytes, ...tail];
}

/** Parses an address the way Go's netip.ParseAddr does, IPv6 zones included. */
export function parseAddr(s: string): Parsed<IpAddr> {
  if (s === '') return fail(`ParseAddr(""): unable to parse IP`);
  if (s.includes(':')) {
    const pct = s.indexOf('%');
    const zone = pct >= 0 ? s.slice(pct + 1) : undefined;
    if (zone === '') return fail(`ParseAddr(${JSON.stringify(s)}): zone must be a non-empty string`);
    const b = parseIPv6Bytes(pct >= 0 ? s.slice(0, pct) : s);
    if (typeof b === 'string') return fail(`ParseAddr(${JSON.stringify(s)}): ${b}`);
    return { ok: true, value: zone === undefined ? { family: 6, bytes: b } : { family: 6, bytes: b, zone } };
  }
  if (s.includes('.')) {
    const b = parseIPv4Bytes(s);
    return typeof b === 'string' ? fail(`ParseAddr(${JSON.stringify(s)}): ${b}`) : { ok: true, value: { family: 4, bytes: b } };
  }
  return fail(`ParseAddr(${JSON.stringify(s)}): unable to parse IP`);
}

/** Parses "addr/bits" the way Go's netip.ParsePrefix does; the address is not masked. */
export function parsePrefix(s: string): Parsed<IpPrefix> {
  const q = JSON.stringify(s);
  const slash = s.lastIndexOf('/');
  if (slash < 0) return fail(`netip.ParsePrefix(${q}): no '/'`);
  if (s.slice(0, slash).includes('%')) return fail(`netip.ParsePrefix(${q}): IPv6 zones cannot be present in a prefix`);
  const addr = parseAddr(s.slice(0, slash));
  if (!addr.ok) return fail(`netip.ParsePrefix(${q}): ${addr.error}`);
  const bitsText = s.slice(slash + 1);
  if (!/^[0-9]+$/.test(bitsText) || (bitsText.length > 1 && bitsText[0] === '0')) {
    return fail(`netip.ParsePrefix(${q}): bad bits after slash: ${JSON.stringify(bitsText)}`);
  }
  const bits = Number(bitsText);
  const max = addr.value.family === 4 ? 32 : 128;
  if (bits > max) return fail(`netip.ParsePrefix(${q}): prefix length out of range`);
  return { ok: true, value: { addr: addr.value, bits } };
}

export function isIPv4Mapped(a: IpAddr): boolean {
  if (a.family !== 6) return false;
  for (let i = 0; i < 10; i++) if (a.bytes[i] !== 0) return false;
  return a.bytes[10] === 0xff && a.bytes[11] === 0xff;
}

/** Go's Addr.IsLoopback: 127/8 for IPv4, exactly ::1 for IPv6 (a mapped 127.x is not loopback). */
export function isLoopback(a: IpAddr): boolean {
  if (a.family === 4) return a.bytes[0] === 127;
  return a.bytes.slice(0, 15).every((b) => b === 0) && a.bytes[15] === 1;
}

/** Go's Addr.IsLinkLocalUnicast / IsLinkLocalMulticast, after unmapping. */
export function isLinkLocal(a: IpAddr): boolean {
  if (a.family === 4) return (a.bytes[0] === 169 && a.bytes[1] === 254) || (a.bytes[0] === 224 && a.bytes[1] === 0 && a.bytes[2] === 0);
  return (a.bytes[0] === 0xfe && (a.bytes[1] & 0xc0) === 0x80) || (a.bytes[0] === 0xff && (a.bytes[1] & 0x0f) === 0x02);
}

export function unmap(a: IpAddr): IpAddr {
  return isIPv4Mapped(a) ? { family: 4, bytes: a.bytes.slice(12) } : a;
}

/** Canonical text, as Go's Addr.String prints it. */
export function formatAddr(a: IpAddr): string {
  if (a.family === 4) return a.bytes.join('.');
  const zone = a.zone ? `%${a.zone}` : '';
  if (isIPv4Mapped(a)) return `::ffff:${a.bytes.slice(12).join('.')}${zone}`;
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((a.bytes[i] << 8) | a.bytes[i + 1]);
  // Compress the longest run (two or more) of zero groups, the first one on a tie.
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (g: number) => g.toString(16);
  if (bestStart < 0) return groups.map(hex).join(':') + zone;
  const left = groups.slice(0, bestStart).map(hex).join(':');
  const right = groups.slice(bestStart + bestLen).map(hex).join(':');
  return `${left}::${right}${zone}`;
}

export function formatPrefix(p: IpPrefix): string {
  return `${formatAddr(p.addr)}/${p.bits}`;
}

/** The prefix with its host bits cleared, as the kernel stores it. */
export function maskPrefix(p: IpPrefix): IpPrefix {
  const bytes = p.addr.bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, p.bits - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  return { addr: { family: p.addr.family, bytes }, bits: p.bits };
}

/** Go's Prefix.Contains: the address lies in the prefix (same family; an IPv4-mapped address is IPv6). */
export function prefixContains(p: IpPrefix, a: IpAddr): boolean {
  if (p.addr.family !== a.family) return false;
  for (let i = 0; i < p.addr.bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, p.bits - i * 8));
    const mask = (0xff << (8 - keep)) & 0xff;
    if ((p.addr.bytes[i] & mask) !== (a.bytes[i] & mask)) return false;
  }
  return true;
}

/** Go's Addr == Addr (zones compared too). */
export function addrEqual(a: IpAddr, b: IpAddr): boolean {
  return a.family === b.family && (a.zone ?? '') === (b.zone ?? '') && a.bytes.every((x, i) => x === b.bytes[i]);
}

/** The single-address prefix of an address (/32 or /128), as Go's Addr.Prefix(BitLen()) gives it. */
export function hostPrefix(a: IpAddr): IpPrefix {
  return { addr: { family: a.family, bytes: a.bytes }, bits: a.family === 4 ? 32 : 128 };
}
