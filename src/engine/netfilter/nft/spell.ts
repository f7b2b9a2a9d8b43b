/**
 * A typed rule in nft's syntax: as a script line's words (each condition's `text` when it has one,
 * else the canonical spelling), and as `nft list ruleset` prints the rule the kernel holds (v1.0.6):
 * dependencies it added or found redundant dropped (`meta l4proto tcp` before `tcp dport`, `meta
 * nfproto ipv4` before `ip saddr`), interface names quoted, host prefixes without their length,
 * marks in hex, `meta skuid`, conntrack states in the kernel's bit order, set elements sorted.
 */
import { formatAddr, maskPrefix, type IpPrefix } from '../../go/index.ts';
import type { AddressFamily, CtState, Match, Range, Rule, Statement, Written } from '../model.ts';
import { formatInetNtop, formatRange, hex8, protocolName } from '../values.ts';

const FULL = 0xffffffff;
type Mode = 'script' | 'list';

/** The words of a rule after `add rule inet TABLE CHAIN`. */
export function scriptWords(rule: Rule): string {
  return [...rule.matches.map((m) => m.text ?? matchText(m, 'script')), ...rule.statements.map((s) => s.text ?? statementText(s, 'script'))].join(' ');
}

/** The rule as `nft list ruleset` prints it (counters as `counter packets P bytes B`). */
export function listText(rule: Rule, counters: { packets: number; bytes: number } = { packets: 0, bytes: 0 }): string {
  const matches = withoutDependencies(rule.matches);
  const parts = matches.map((m) => matchText(m, 'list'));
  for (const s of rule.statements) {
    if (s.kind === 'counter') parts.push(`counter packets ${counters.packets} bytes ${counters.bytes}`);
    else parts.push(statementText(s, 'list'));
  }
  return parts.filter((p) => p !== '').join(' ');
}

/**
 * nft adds `meta l4proto tcp` before `tcp dport` and `meta nfproto ipv4` before `ip saddr` itself,
 * and on listing drops such a dependency — the one it added, or one written right where it would
 * have added it. A written one is dropped when the next condition of its layer needs it.
 */
function withoutDependencies(matches: readonly Match[]): Match[] {
  const out: Match[] = [];
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i];
    if (m.kind === 'l4proto' && !m.negate && (m.proto.value === 6 || m.proto.value === 17)) {
      const name: 'tcp' | 'udp' = m.proto.value === 6 ? 'tcp' : 'udp';
      const later = matches.slice(i + 1).find((x) => x.kind === 'l4proto' || (x.kind === 'port' && x.proto !== undefined) || x.kind === 'tcpFlags');
      if (later && ((later.kind === 'port' && (later.proto === name || later.proto === 'th')) || (later.kind === 'tcpFlags' && name === 'tcp'))) {
        // `meta l4proto udp th dport 53` lists as `udp dport 53`.
        if (later.kind === 'port' && later.proto === 'th') matches = [...matches.slice(0, i + 1), ...matches.slice(i + 1).map((x): Match => (x === later ? { ...later, proto: name } : x))];
        continue;
      }
    }
    if (m.kind === 'nfproto' && !m.negate) {
      const later = matches.slice(i + 1).find((x) => x.kind === 'addr' || x.kind === 'set' || x.kind === 'nfproto');
      if (later && (later.kind === 'addr' || later.kind === 'set') && later.family === m.family) continue;
    }
    out.push(m);
  }
  return out;
}

const op = (negate: boolean) => (negate ? '!= ' : '');
const ipKey = (family: AddressFamily | undefined) => (family === 'ipv6' ? 'ip6' : 'ip');

function prefixText(p: Written<IpPrefix>, mode: Mode): string {
  if (mode === 'script' || !p.value) return p.text;
  const m = maskPrefix(p.value);
  const max = m.addr.family === 4 ? 32 : 128;
  return m.bits === max ? formatInetNtop(m.addr) : `${formatInetNtop(m.addr)}/${m.bits}`;
}

function braces(items: string[]): string {
  return items.length === 1 ? items[0] : `{ ${items.join(', ')} }`;
}

function sortedPrefixes(list: Written<IpPrefix>[]): Written<IpPrefix>[] {
  const key = (p: Written<IpPrefix>) => (p.value ? maskPrefix(p.value).addr.bytes : []);
  return [...list].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < Math.max(ka.length, kb.length); i++) if ((ka[i] ?? 0) !== (kb[i] ?? 0)) return (ka[i] ?? 0) - (kb[i] ?? 0);
    return 0;
  });
}

function rangeText(r: Written<Range>, mode: Mode): string {
  return mode === 'list' && r.value ? formatRange(r.value, '-') : r.text;
}

function markValue(v: number, mode: Mode): string {
  return mode === 'list' ? hex8(v) : String(v);
}

const CT_BITS: CtState[] = ['invalid', 'established', 'related', 'new', 'untracked'];

export function matchText(m: Match, mode: Mode): string {
  switch (m.kind) {
    case 'l4proto':
      return `meta l4proto ${op(m.negate)}${m.proto.value !== undefined ? protocolName(m.proto.value) : m.proto.text}`;
    case 'nfproto':
      return `meta nfproto ${op(m.negate)}${m.family}`;
    case 'addr': {
      const list = mode === 'list' ? sortedPrefixes(m.prefixes) : m.prefixes;
      return `${ipKey(m.family)} ${m.dir === 'src' ? 'saddr' : 'daddr'} ${op(m.negate)}${braces(list.map((p) => prefixText(p, mode)))}`;
    }
    case 'set':
      return `${ipKey(m.family)} ${m.dirs[0] === 'src' ? 'saddr' : 'daddr'} ${op(m.negate)}@${m.name}`;
    case 'iface': {
      const name = mode === 'list' ? JSON.stringify(m.name.endsWith('+') ? m.name.slice(0, -1) + '*' : m.name) : m.name;
      return `${m.dir === 'in' ? 'iifname' : 'oifname'} ${op(m.negate)}${name}`;
    }
    case 'port': {
      const list = mode === 'list' ? [...m.ports].sort((a, b) => (a.value?.[0] ?? 0) - (b.value?.[0] ?? 0)) : m.ports;
      const key = m.dir === 'src' ? 'sport' : 'dport';
      return `${m.proto} ${key} ${op(m.negate)}${braces(list.map((p) => rangeText(p, mode)))}`;
    }
    case 'tcpFlags': {
      const f = (l: string[]) => l.map((x) => x.toLowerCase()).join('|');
      return `tcp flags & (${f(m.mask)}) ${m.negate ? '!=' : '=='} ${m.set.length ? f(m.set) : '0x0'}`;
    }
    case 'owner': {
      const v = mode === 'list' && m.id.value ? formatRange(m.id.value, '-') : m.id.text;
      return `meta sk${m.which} ${op(m.negate)}${v}`;
    }
    case 'socketExists':
      return `meta skuid ${m.negate ? '!=' : '>='} 0`;
    case 'mark': {
      const key = m.of === 'packet' ? 'meta mark' : 'ct mark';
      const v = m.mark.value;
      if (!v) return `${key} ${op(m.negate)}${m.mark.text}`;
      if (v.mask === FULL) return `${key} ${op(m.negate)}${markValue(v.value, mode)}`;
      return `${key} & ${markValue(v.mask, mode)} ${m.negate ? '!=' : '=='} ${markValue(v.value, mode)}`;
    }
    case 'ctstate': {
      const states = m.states.value ?? [];
      const ordered = mode === 'list' ? CT_BITS.filter((s) => states.includes(s)) : states;
      return `ct state ${op(m.negate)}${ordered.length ? ordered.join(',') : m.states.text}`;
    }
    case 'socket':
      return m.transparent ? 'socket transparent 1' : 'socket transparent 0';
    case 'addrtype':
      return `fib ${m.dir === 'src' ? 'saddr' : 'daddr'} type ${op(m.negate)}${m.types.map((t) => t.toLowerCase()).join(',')}`;
    case 'comment':
      return `comment ${JSON.stringify(m.comment)}`;
    case 'ext':
      return '';
  }
}

export function statementText(s: Statement, mode: Mode): string {
  switch (s.kind) {
    case 'verdict':
      return s.verdict;
    case 'jump':
      return `${s.goto ? 'goto' : 'jump'} ${s.chain}`;
    case 'counter':
      return 'counter';
    case 'redirect':
      return s.port ? `redirect to :${rangeText(s.port, mode)}` : 'redirect';
    case 'dnat': case 'snat': {
      const fam = mode === 'list' && s.addr?.value ? (s.addr.value.family === 4 ? 'ip ' : 'ip6 ') : s.family ? (s.family === 'ipv4' ? 'ip ' : 'ip6 ') : '';
      const addr = s.addr ? (mode === 'list' && s.addr.value ? formatAddr(s.addr.value) : s.addr.text) : '';
      const port = s.port ? `:${rangeText(s.port, mode)}` : '';
      const v6 = addr.includes(':') && port;
      return `${s.kind} ${fam}to ${v6 ? `[${addr}]` : addr}${port}`;
    }
    case 'masquerade':
      return 'masquerade';
    case 'tproxy': {
      const fam = s.family ? (s.family === 'ipv4' ? 'ip ' : 'ip6 ') : '';
      const addr = s.addr ? (s.addr.value ? formatAddr(s.addr.value) : s.addr.text) : '';
      const port = s.port ? `:${s.port.value ?? s.port.text}` : '';
      return `tproxy ${fam}to ${addr.includes(':') ? `[${addr}]` : addr}${port}`;
    }
    case 'mark':
      return markStatement(s, mode);
    case 'ctZone':
      return `ct zone set ${s.zone.value ?? s.zone.text}`;
    case 'notrack':
      return 'notrack';
    case 'log':
      return s.prefix !== undefined ? `log prefix ${JSON.stringify(s.prefix)}` : 'log';
    case 'test':
      return s.match.text && mode === 'script' ? s.match.text : matchText(s.match, mode);
    case 'comment':
      return `comment ${JSON.stringify(s.comment)}`;
  }
}

/** `meta mark set 0x00000539`, `ct mark set meta mark`, `ct mark set ct mark & 0xfffff111 | 0x00000111`. */
function markStatement(s: Extract<Statement, { kind: 'mark' }>, mode: Mode): string {
  const key = (t: 'packet' | 'conn') => (t === 'packet' ? 'meta mark' : 'ct mark');
  const v = (n: number) => markValue(n >>> 0, mode);
  let expr: string;
  if (s.from === undefined || s.take === 0) {
    // (target & keep) ^ xor: a constant when nothing is kept, else a bitwise expression of the target itself.
    if (s.keep === 0) expr = v(s.xor);
    else expr = bitwise(key(s.target), s.keep, s.xor, v);
  } else if (s.keep === 0) {
    expr = s.take === FULL && s.xor === 0 ? key(s.from) : bitwise(key(s.from), s.take, s.xor, v);
  } else {
    expr = `${bitwise(key(s.target), s.keep, 0, v)} | ${bitwise(key(s.from), s.take, s.xor, v)}`;
  }
  return `${key(s.target)} set ${expr}`;
}

/** The kernel's (x & mask) ^ xor as nft prints it: `x & m`, `x | v` or `x & (m|v) | v`. */
function bitwise(x: string, mask: number, xor: number, v: (n: number) => string): string {
  mask >>>= 0;
  xor >>>= 0;
  if (xor === 0) return mask === FULL ? x : `${x} & ${v(mask)}`;
  if ((mask & xor) === 0) return mask === (~xor >>> 0) ? `${x} | ${v(xor)}` : `${x} & ${v((mask | xor) >>> 0)} | ${v(xor)}`;
  return `${x} & ${v(mask)} ^ ${v(xor)}`;
}
