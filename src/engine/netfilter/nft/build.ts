/**
 * Building typed nft rules in code, word for word as the tool writes them (istio-iptables'
 * nftables backend and the istio-cni node agent join their words with single spaces: `skuid 1337`,
 * `meta skuid 3`, `tcp dport != { 53, 15008 }`). Each helper gives the typed condition or statement
 * and its exact words (`text`), which the script renderer prints and the kernel view never does.
 */
import type { AddressFamily, CtState, Match, Range, Rule, RuleOrigin, Statement, Written } from '../model.ts';
import { writtenAddr, writtenCtStates, writtenId, writtenMark, writtenNumber, writtenPort, writtenPrefix, writtenProtocol } from '../values.ts';

const FULL = 0xffffffff;
const neq = (negate: boolean) => (negate ? '!= ' : '');

/** `{ 53, 15008 }` or `53`: the values a port (or address) is compared with. */
function listValues(text: string): string[] {
  const t = text.trim();
  if (t.startsWith('{') && t.endsWith('}')) return t.slice(1, -1).split(',').map((x) => x.trim()).filter((x) => x !== '');
  return [text];
}

export const nft = {
  /** `meta l4proto tcp`. */
  l4proto: (proto: string): Match => ({ kind: 'l4proto', negate: false, proto: writtenProtocol(proto), text: `meta l4proto ${proto}` }),
  /** `iifname lo` / `oifname != lo` (names as written; the listing quotes them). */
  iifname: (name: string, negate = false): Match => ({ kind: 'iface', dir: 'in', negate, name, text: `iifname ${neq(negate)}${name}` }),
  oifname: (name: string, negate = false): Match => ({ kind: 'iface', dir: 'out', negate, name, text: `oifname ${neq(negate)}${name}` }),
  /** `ip daddr != 127.0.0.1/32`, `ip6 saddr ::6/128`. */
  addr: (family: AddressFamily, dir: 'src' | 'dst', value: string, negate = false): Match => ({
    kind: 'addr', dir, family, negate, prefixes: listValues(value).map((v) => writtenPrefix(v, family)),
    text: `${family === 'ipv4' ? 'ip' : 'ip6'} ${dir === 'src' ? 'saddr' : 'daddr'} ${neq(negate)}${value}`,
  }),
  /** `ip daddr @istio-inpod-probes-v4`. */
  addrInSet: (family: AddressFamily, dir: 'src' | 'dst', set: string, negate = false): Match => ({
    kind: 'set', family, dirs: [dir], name: set, negate, text: `${family === 'ipv4' ? 'ip' : 'ip6'} ${dir === 'src' ? 'saddr' : 'daddr'} ${neq(negate)}@${set}`,
  }),
  /** `tcp dport 15008`, `tcp dport != { 53, 15008 }`, `udp sport 53`. */
  port: (proto: 'tcp' | 'udp' | 'th', dir: 'src' | 'dst', value: string, negate = false): Match => ({
    kind: 'port', proto, dir, negate, ports: listValues(value).map((v) => writtenPort(v, '-') as Written<Range>),
    text: `${proto} ${dir === 'src' ? 'sport' : 'dport'} ${neq(negate)}${value}`,
  }),
  /** `skuid 1337`, `skgid != 1337`; `meta` writes `meta skuid 3`. */
  owner: (which: 'uid' | 'gid', value: string, negate = false, meta = false): Match => ({
    kind: 'owner', which, negate, id: writtenId(value), text: `${meta ? 'meta ' : ''}sk${which} ${neq(negate)}${value}`,
  }),
  /** `mark 1337` / `mark != 1338` (`meta` writes `meta mark ...`). */
  mark: (value: string, negate = false, meta = false): Match => ({ kind: 'mark', of: 'packet', negate, mark: writtenMark(value), text: `${meta ? 'meta ' : ''}mark ${neq(negate)}${value}` }),
  /** `ct mark 1337`. */
  ctmark: (value: string, negate = false): Match => ({ kind: 'mark', of: 'conn', negate, mark: writtenMark(value), text: `ct mark ${neq(negate)}${value}` }),
  /** A masked mark comparison as the tool writes it (`mark and 0xfff != 0x539`, `meta mark & 0xfff == 0x539`): the words, then what they mean. */
  maskedMark: (text: string, of: 'packet' | 'conn', value: number, mask: number, negate: boolean): Match => ({
    kind: 'mark', of, negate, mark: { text: `${value}/${mask}`, value: { value, mask } }, text,
  }),
  /** `ct state related,established` / `ct state invalid`. */
  ctstate: (states: string, negate = false): Match => ({ kind: 'ctstate', negate, states: writtenCtStates(states) as Written<CtState[]>, text: `ct state ${neq(negate)}${states}` }),

  counter: (): Statement => ({ kind: 'counter', text: 'counter' }),
  accept: (): Statement => ({ kind: 'verdict', verdict: 'accept', text: 'accept' }),
  drop: (): Statement => ({ kind: 'verdict', verdict: 'drop', text: 'drop' }),
  ret: (): Statement => ({ kind: 'verdict', verdict: 'return', text: 'return' }),
  jump: (chain: string): Statement => ({ kind: 'jump', chain, goto: false, text: `jump ${chain}` }),
  /** `redirect to :15001`. */
  redirect: (port: string): Statement => ({ kind: 'redirect', port: writtenPort(port.replace(/^:/, ''), '-'), text: `redirect to ${port}` }),
  /** `tproxy ip to :15006`. */
  tproxy: (family: AddressFamily, to: string): Statement => {
    const colon = to.lastIndexOf(':');
    const addr = to.slice(0, colon).replace(/^\[|\]$/g, '');
    return { kind: 'tproxy', family, ...(addr ? { addr: writtenAddr(addr) } : {}), port: writtenNumber(to.slice(colon + 1), 65535), text: `tproxy ${family === 'ipv4' ? 'ip' : 'ip6'} to ${to}` };
  },
  /** `meta mark set 1337`. */
  setMark: (value: string): Statement => {
    const v = writtenNumber(value).value ?? 0;
    return { kind: 'mark', target: 'packet', keep: 0, take: 0, xor: v, text: `meta mark set ${value}` };
  },
  /** `ct mark set mark`: the connection takes the packet's mark. */
  ctMarkFromMark: (text = 'ct mark set mark'): Statement => ({ kind: 'mark', target: 'conn', from: 'packet', keep: 0, take: FULL, xor: 0, text }),
  /** `meta mark set ct mark`: the packet takes the connection's mark. */
  markFromCtMark: (text = 'meta mark set ct mark'): Statement => ({ kind: 'mark', target: 'packet', from: 'conn', keep: 0, take: FULL, xor: 0, text }),
  /** `ct mark set ct mark & 0xfffff000 | 0x111` as written: target = (target & and & ~or) ^ or. */
  ctMarkMasked: (text: string, and: number, or: number): Statement => ({ kind: 'mark', target: 'conn', from: 'conn', keep: 0, take: (and & ~or) >>> 0, xor: or >>> 0, text }),
  /** `ct zone set 1`. */
  ctZone: (zone: string): Statement => ({ kind: 'ctZone', zone: writtenNumber(zone, 65535), text: `ct zone set ${zone}` }),
  /** `snat to 169.254.7.127` (`snat ip to ...` with a family). */
  snat: (addr: string, family?: AddressFamily): Statement => ({ kind: 'snat', ...(family ? { family } : {}), addr: writtenAddr(addr), text: `snat ${family ? (family === 'ipv4' ? 'ip ' : 'ip6 ') : ''}to ${addr}` }),
};

/** A rule from its words in order: conditions, then statements. */
export function nftRule(elements: Array<Match | Statement>, origin?: RuleOrigin): Rule {
  const matches: Match[] = [];
  const statements: Statement[] = [];
  for (const e of elements) {
    if (isStatement(e)) statements.push(e);
    // A condition after a statement runs after it (nft evaluates a rule left to right).
    else if (statements.length) statements.push({ kind: 'test', match: e, ...(e.text !== undefined ? { text: e.text } : {}) });
    else matches.push(e);
  }
  const r: Rule = { matches, statements };
  if (origin) r.origin = origin;
  return r;
}

const STATEMENT_KINDS = new Set(['verdict', 'jump', 'counter', 'redirect', 'dnat', 'snat', 'masquerade', 'tproxy', 'mark', 'ctZone', 'notrack', 'log', 'test']);
function isStatement(e: Match | Statement): e is Statement {
  // `mark` is a match kind too (with `of`); statements of kind mark carry `target`.
  return e.kind === 'mark' ? 'target' in e : STATEMENT_KINDS.has(e.kind);
}
