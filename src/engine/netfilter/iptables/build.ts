/**
 * Building typed iptables rules in code, word for word as a tool writes them: `ipt.dport('tcp', port)`
 * is `--dport <port>` after `-p tcp`, `ipt.redirect(port, '--to-port')` keeps that spelling. Each
 * helper gives the typed condition (what the tracer and the kernel view read) and, where the
 * spelling is not the canonical one, its exact words (what the payload renderer prints).
 * Values are kept as written: an id that is a name resolves when the rules are loaded.
 */
import type { AddressFamily, Match, Rule, RuleOrigin, Statement } from '../model.ts';
import { writtenAddr, writtenCtStates, writtenId, writtenMark, writtenNumber, writtenPort, writtenPrefix, writtenProtocol } from '../values.ts';

const FULL = 0xffffffff;

export const ipt = {
  /** `-p tcp` (`! -p tcp` when negated). */
  proto: (text: string, negate = false): Match => ({ kind: 'l4proto', negate, proto: writtenProtocol(text) }),
  /** `-s 127.0.0.6/32`: one address or network of the rule set's family. */
  src: (text: string, family?: AddressFamily, negate = false): Match => ({ kind: 'addr', dir: 'src', negate, family, prefixes: [writtenPrefix(text, family)] }),
  dst: (text: string, family?: AddressFamily, negate = false): Match => ({ kind: 'addr', dir: 'dst', negate, family, prefixes: [writtenPrefix(text, family)] }),
  /** `-i eth0`; `eth+` matches every interface named eth-something. */
  inIface: (name: string, negate = false): Match => ({ kind: 'iface', dir: 'in', negate, name }),
  outIface: (name: string, negate = false): Match => ({ kind: 'iface', dir: 'out', negate, name }),
  /** `--dport 80` after `-p tcp` (the tcp module loads implicitly); `module` writes `-m udp --dport 53`. */
  dport: (proto: 'tcp' | 'udp', text: string, negate = false, module?: 'tcp' | 'udp'): Match => ({ kind: 'port', dir: 'dst', proto, negate, ports: [writtenPort(text)], ...(module ? { module } : {}) }),
  sport: (proto: 'tcp' | 'udp', text: string, negate = false, module?: 'tcp' | 'udp'): Match => ({ kind: 'port', dir: 'src', proto, negate, ports: [writtenPort(text)], ...(module ? { module } : {}) }),
  /** `-m multiport --dports 53,15008`. */
  dports: (proto: 'tcp' | 'udp', list: string, negate = false): Match => ({ kind: 'port', dir: 'dst', proto, negate, multiport: true, ports: list.split(',').map((p) => writtenPort(p)) }),
  /** A bare `-m tcp` (no condition of its own). */
  module: (name: string): Match => ({ kind: 'ext', negate: false, name }),
  /** `-m owner --uid-owner 1337` (a module instance of its own). */
  uidOwner: (text: string, negate = false): Match => ({ kind: 'owner', which: 'uid', negate, id: writtenId(text) }),
  gidOwner: (text: string, negate = false): Match => ({ kind: 'owner', which: 'gid', negate, id: writtenId(text) }),
  socketExists: (negate = false): Match => ({ kind: 'socketExists', negate }),
  /** `-m mark --mark 1337` / `-m mark --mark 0x539/0xfff`. */
  mark: (text: string, negate = false): Match => ({ kind: 'mark', of: 'packet', negate, mark: writtenMark(text) }),
  /** `-m connmark --mark 1337`. */
  connmark: (text: string, negate = false): Match => ({ kind: 'mark', of: 'conn', negate, mark: writtenMark(text) }),
  /** `-m conntrack --ctstate RELATED,ESTABLISHED`. */
  ctstate: (text: string, negate = false): Match => ({ kind: 'ctstate', negate, states: writtenCtStates(text) }),
  /** `-m set --match-set NAME dst`. */
  matchSet: (name: string, dirs: Array<'src' | 'dst'>, negate = false): Match => ({ kind: 'set', negate, name, dirs }),
  /** `-m socket [--transparent] [--nowildcard]`. */
  socket: (opts: { transparent?: boolean; nowildcard?: boolean } = {}): Match => ({ kind: 'socket', negate: false, transparent: !!opts.transparent, nowildcard: !!opts.nowildcard, restoreSkmark: false }),
  comment: (text: string): Match => ({ kind: 'comment', negate: false, comment: text }),

  accept: (): Statement => ({ kind: 'verdict', verdict: 'accept' }),
  drop: (): Statement => ({ kind: 'verdict', verdict: 'drop' }),
  ret: (): Statement => ({ kind: 'verdict', verdict: 'return' }),
  jump: (chain: string): Statement => ({ kind: 'jump', chain, goto: false }),
  /** `-j REDIRECT --to-ports 15001` (or Istio's `--to-port` spelling). */
  redirect: (port: string, option: '--to-ports' | '--to-port' = '--to-ports'): Statement => ({
    kind: 'redirect', port: writtenPort(port.replace('-', ':')), ...(option === '--to-ports' ? {} : { text: `-j REDIRECT ${option} ${port}` }),
  }),
  /** `-j TPROXY --tproxy-mark 1337/0xffffffff --on-port 15006` (istio-iptables' order). */
  tproxy: (mark: string, port: string): Statement => ({ kind: 'tproxy', mark: writtenMark(mark), port: writtenNumber(port, 65535) }),
  /** `-j MARK --set-mark 1337`: mark = (mark & ~(v|m)) ^ v. */
  setMark: (text: string): Statement => {
    const m = writtenMark(text).value;
    const mask = m ? (m.mask | m.value) >>> 0 : FULL;
    return { kind: 'mark', target: 'packet', keep: ~mask >>> 0, take: 0, xor: m?.value ?? 0, text: `-j MARK --set-mark ${text}` };
  },
  /** `-j CONNMARK --set-xmark 0x111/0xfff`. */
  connmarkSetXmark: (text: string): Statement => {
    const m = writtenMark(text).value;
    return { kind: 'mark', target: 'conn', keep: ~(m?.mask ?? FULL) >>> 0, take: 0, xor: m?.value ?? 0, text: `-j CONNMARK --set-xmark ${text}` };
  },
  /** `-j CONNMARK --save-mark`: the connection takes the packet's mark. */
  saveMark: (): Statement => ({ kind: 'mark', target: 'conn', from: 'packet', keep: 0, take: FULL, xor: 0, text: '-j CONNMARK --save-mark' }),
  /** `-j CONNMARK --restore-mark`: the packet takes the connection's mark. */
  restoreMark: (): Statement => ({ kind: 'mark', target: 'packet', from: 'conn', keep: 0, take: FULL, xor: 0, text: '-j CONNMARK --restore-mark' }),
  /** `-j CT --zone 1`. */
  ctZone: (zone: string): Statement => ({ kind: 'ctZone', zone: writtenNumber(zone, 65535) }),
  /** `-j SNAT --to-source 169.254.7.127`. */
  snat: (addr: string): Statement => ({ kind: 'snat', addr: writtenAddr(addr) }),
};

/** A rule from its conditions, then its target. */
export function rule(matches: Match[], target?: Statement, origin?: RuleOrigin): Rule {
  const r: Rule = { matches, statements: target ? [target] : [] };
  if (origin) r.origin = origin;
  return r;
}
