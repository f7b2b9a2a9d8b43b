/**
 * The one netfilter rule model, shared by the iptables and the nftables backends.
 *
 * Two layers:
 * - a `Program` is what a tool hands the kernel in one go — an `iptables-restore` payload or an
 *   `nft -f` script — as an ordered list of operations (declare a table or chain, append a rule,
 *   insert one at a position). Generators build programs directly; the parsers read pasted text
 *   into the same shape. The payload/script renderers print a program back, byte for byte.
 * - a `Ruleset` is what the kernel holds after loading a program: tables, chains (base chains
 *   carry their hook, type, priority and policy) and rules in the kernel's order, values
 *   resolved. The kernel views (`iptables-save`, `nft list ruleset`) print it; the packet tracer
 *   walks it.
 *
 * A rule is typed: matches (conditions on the packet, its socket and its connection) and
 * statements (what happens when they all hold — a counter, a mark, a NAT, a verdict). Values keep
 * the text they were written with next to what they mean, so a renderer can print the user's (or
 * Istio's) spelling while the kernel views print the kernel's. Every rule may say where it came
 * from (`origin`): the flag, annotation, env var or setting that made it.
 *
 * Everything here is plain data (structured-clone friendly) so results cross the worker boundary.
 */
import type { IpAddr, IpPrefix } from '../go/index.ts';

export type Backend = 'iptables' | 'nftables';
export type AddressFamily = 'ipv4' | 'ipv6';
/** nft table families; iptables tables are `ip` (iptables) or `ip6` (ip6tables). */
export type TableFamily = 'ip' | 'ip6' | 'inet';
export type Hook = 'prerouting' | 'input' | 'forward' | 'output' | 'postrouting';
export type ChainType = 'filter' | 'nat' | 'route';
export type CtState = 'invalid' | 'new' | 'established' | 'related' | 'untracked' | 'snat' | 'dnat';

/** A value as written (decimal, hex, a name, with odd spacing...) and, when it reads, what it means. */
export interface Written<T> {
  text: string;
  value?: T;
}

/** An inclusive range; a single port or id is [n, n]. */
export type Range = readonly [number, number];

export interface MarkValue {
  value: number;
  mask: number;
}

// ---------------------------------------------------------------------------------------------
// Matches: every condition a rule can put on a packet. All of a rule's matches must hold.
// `negate` is the `!` (iptables) or `!=` (nft) in front of the condition.
// ---------------------------------------------------------------------------------------------

export interface MatchBase {
  negate: boolean;
  /**
   * The exact words of this condition in its program's language, when they are not the canonical
   * spelling (Istio's own irregular spellings, or text a user pasted). Renderers of programs print
   * it; the kernel views never do.
   */
  text?: string;
  /**
   * iptables only: the match-extension instance (`-m name`) this condition was written in. Options
   * of one `-m owner --uid-owner 1 --gid-owner 2` share an instance; absent means its own instance
   * (for --sport/--dport: the protocol module iptables loads implicitly, shared within the rule).
   */
  ext?: number;
  /**
   * iptables only: the `-m` module the condition was written with, when that is not the usual
   * spelling — `tcp`/`udp` for an explicit `-m tcp --dport 80` (usually implicit after `-p tcp`),
   * `state` for `-m state --state`. The kernel view prints every module explicitly anyway.
   */
  module?: string;
}

export type Match =
  /** `-p tcp` / `meta l4proto tcp`; value is the protocol number (0 = all). */
  | (MatchBase & { kind: 'l4proto'; proto: Written<number> })
  /** nft `meta nfproto ipv4`: the packet's address family (implied by `ip saddr` in an inet table). */
  | (MatchBase & { kind: 'nfproto'; family: AddressFamily })
  /** `-s`/`-d` (one prefix) or nft `ip saddr`/`ip6 daddr` (a prefix or an anonymous set of them). */
  | (MatchBase & { kind: 'addr'; dir: 'src' | 'dst'; family?: AddressFamily; prefixes: Written<IpPrefix>[] })
  /** An address looked up in a named set: `-m set --match-set NAME dst` / `ip daddr @NAME`. */
  | (MatchBase & { kind: 'set'; name: string; dirs: Array<'src' | 'dst'>; family?: AddressFamily })
  /** `-i`/`-o` / `iifname`/`oifname`; iptables `eth+` and nft `eth*` match every name with the prefix. */
  | (MatchBase & { kind: 'iface'; dir: 'in' | 'out'; name: string })
  /** Ports: `--dport`, `-m multiport --dports`, `tcp dport`, `udp sport { 53, 15008 }`, `th dport`. */
  | (MatchBase & { kind: 'port'; dir: 'src' | 'dst' | 'any'; proto: 'tcp' | 'udp' | 'th'; ports: Written<Range>[]; multiport?: boolean })
  | (MatchBase & { kind: 'tcpFlags'; mask: string[]; set: string[] })
  /** The sending socket's owner: `-m owner --uid-owner 1337` / `meta skuid 1337` (names resolve at load). */
  | (MatchBase & { kind: 'owner'; which: 'uid' | 'gid'; id: Written<Range> })
  /** `-m owner --socket-exists`: the packet has a local socket. */
  | (MatchBase & { kind: 'socketExists' })
  /** `-m mark --mark v/m` / `meta mark & m == v`; `of: 'conn'` is `-m connmark` / `ct mark`. */
  | (MatchBase & { kind: 'mark'; of: 'packet' | 'conn'; mark: Written<MarkValue> })
  | (MatchBase & { kind: 'ctstate'; states: Written<CtState[]> })
  /** `-m socket [--transparent] [--nowildcard]` / `socket transparent 1`: an existing local socket owns the flow. */
  | (MatchBase & { kind: 'socket'; transparent: boolean; nowildcard: boolean; restoreSkmark: boolean })
  | (MatchBase & { kind: 'addrtype'; dir: 'src' | 'dst'; types: string[]; limitIn: boolean; limitOut: boolean })
  /** `-m comment --comment "..."`: no condition, shown in listings. */
  | (MatchBase & { kind: 'comment'; comment: string })
  /** iptables: a match module loaded without options (`-p tcp -m tcp`); no further condition. */
  | (MatchBase & { kind: 'ext'; name: string });

export type MatchKind = Match['kind'];

// ---------------------------------------------------------------------------------------------
// Statements: what a matching rule does, in order. An iptables rule has at most one (its target);
// an nft rule may have several (`counter meta mark set 1337 accept`).
// ---------------------------------------------------------------------------------------------

export interface StatementBase {
  /** As in MatchBase: the exact words when they are not the canonical spelling. */
  text?: string;
}

/**
 * A mark assignment in the kernel's own terms: target = (target & keep) ^ (from & take) ^ xor.
 * MARK --set-xmark v/m is keep=~m, xor=v; CONNMARK --save-mark is target conn, from packet;
 * nft `meta mark set ct mark` is keep=0, from conn, take=~0.
 */
export interface MarkAssignment {
  target: 'packet' | 'conn';
  keep: number;
  from?: 'packet' | 'conn';
  take: number;
  xor: number;
}

export type Statement =
  | (StatementBase & { kind: 'verdict'; verdict: 'accept' | 'drop' | 'return' | 'reject' | 'continue' })
  | (StatementBase & { kind: 'jump'; chain: string; goto: boolean })
  | (StatementBase & { kind: 'counter' })
  /** `-j REDIRECT --to-ports N` / `redirect to :N`; no port keeps the destination port. */
  | (StatementBase & { kind: 'redirect'; port?: Written<Range> })
  | (StatementBase & { kind: 'dnat' | 'snat'; family?: AddressFamily; addr?: Written<IpAddr>; port?: Written<Range> })
  | (StatementBase & { kind: 'masquerade' })
  /**
   * `-j TPROXY --on-port N [--on-ip A] [--tproxy-mark v/m]` (which also accepts the packet), or nft
   * `tproxy ip to A:N` (which only assigns the socket; marks and verdicts are their own statements).
   */
  | (StatementBase & { kind: 'tproxy'; family?: AddressFamily; addr?: Written<IpAddr>; port?: Written<number>; mark?: Written<MarkValue> })
  | (StatementBase & { kind: 'mark' } & MarkAssignment)
  /** `-j CT --zone N` / `ct zone set N`. */
  | (StatementBase & { kind: 'ctZone'; zone: Written<number> })
  | (StatementBase & { kind: 'notrack' })
  /** `-j LOG [--log-prefix P]`, or with `nflog` `-j NFLOG [--nflog-prefix P] [--nflog-group G] [--nflog-size S]` (packets go to userspace). */
  | (StatementBase & { kind: 'log'; prefix?: string; nflog?: { group?: number; size?: number } })
  /** nft: a condition written after a statement (`counter ip saddr 1.1.1.1 accept`); when it fails the rule stops there. */
  | (StatementBase & { kind: 'test'; match: Match })
  /** nft: `comment "..."` at the end of a rule. */
  | (StatementBase & { kind: 'comment'; comment: string });

export type StatementKind = Statement['kind'];

/** Why a rule exists: the generator step in words, and the settings whose values made it. */
export interface RuleOrigin {
  /** What the rule is for, in a phrase ("excluded outbound port"). */
  why: string;
  /** The generator's names of the settings behind it (e.g. istio-iptables config fields). */
  settings: string[];
  /** Where each of those settings got its value: the flag, env var, annotation, ... */
  from: SettingOrigin[];
}

/** Where one setting's value came from, e.g. {kind: 'annotation', name: 'traffic.sidecar.istio.io/excludeOutboundPorts'}. */
export interface SettingOrigin {
  kind: 'default' | 'flag' | 'env' | 'annotation' | 'container' | 'cni-default' | 'cluster.env' | 'context' | 'derived' | 'setting' | 'constant';
  name: string;
  /** Short human explanation, e.g. "runAsUser 0 means 1337". */
  note?: string;
}

export interface Rule {
  matches: Match[];
  statements: Statement[];
  origin?: RuleOrigin;
}

// ---------------------------------------------------------------------------------------------
// Programs: the batch a tool loads (iptables-restore payload, nft script).
// ---------------------------------------------------------------------------------------------

export interface BaseChainSpec {
  type: ChainType;
  hook: Hook;
  priority: number;
  /** The priority as written (`dstnat`, `-100`), when it was written. */
  priorityText?: string;
  policy?: 'accept' | 'drop';
}

/** Where an operation came from in the program text (1-based line; the line's text). */
export interface OpSource {
  line: number;
  text: string;
}

export type Op = { src?: OpSource } & (
  /** iptables `*nat` / nft `add table inet T`. */
  | { op: 'table'; table: string; family: TableFamily }
  /** iptables `COMMIT`. */
  | { op: 'commit' }
  | { op: 'flushTable'; table: string; family: TableFamily }
  | { op: 'deleteTable'; table: string; family: TableFamily }
  /** iptables `-N X` or `:X - [0:0]` (`base`: `:PREROUTING ACCEPT`); nft `add chain ...`. */
  | { op: 'chain'; table: string; family: TableFamily; chain: string; base?: BaseChainSpec; policy?: 'accept' | 'drop' }
  | { op: 'policy'; table: string; family: TableFamily; chain: string; policy: 'accept' | 'drop' }
  | { op: 'flushChain'; table: string; family: TableFamily; chain?: string }
  | { op: 'deleteChain'; table: string; family: TableFamily; chain?: string }
  /**
   * Append (`at` absent) or insert a rule. `at` is in the backend's own terms: iptables `-I CHAIN N`
   * is a 1-based position (the new rule becomes number N); nft `insert ... index N` puts the rule
   * before the rule now at 0-based index N.
   */
  | { op: 'rule'; table: string; family: TableFamily; chain: string; insert: boolean; at?: number; rule: Rule }
  /** nft `add set inet T NAME { type ipv4_addr; ... }`. */
  | { op: 'set'; table: string; family: TableFamily; set: NamedSetSpec }
  | { op: 'element'; table: string; family: TableFamily; set: string; elements: string[] }
  /**
   * A line the tool cannot read (only in programs parsed from text). iptables-restore stops there:
   * the tables committed before it stay, nothing after it is applied; `nft -f` applies nothing.
   */
  | { op: 'invalid'; message: string }
);

export interface NamedSetSpec {
  name: string;
  /** nft key type (`ipv4_addr`, `ipv6_addr`, `inet_service`) or ipset type (`hash:ip`). */
  type: string;
  flags?: string[];
  comment?: string;
  elements?: string[];
}

export interface Program {
  backend: Backend;
  /** iptables: whether iptables-restore (ipv4) or ip6tables-restore (ipv6) loads it. */
  family?: AddressFamily;
  ops: Op[];
}

// ---------------------------------------------------------------------------------------------
// Rulesets: what the kernel holds after loading a program.
// ---------------------------------------------------------------------------------------------

export interface KernelRule extends Rule {
  /** Index in the program of the operation that created the rule. */
  op: number;
  /** The program line and text that created it, when known. */
  src?: OpSource;
  /** The rule as the backend's kernel view prints it (an `iptables-save` line, an `nft list` line). */
  kernelText: string;
}

export interface BaseChain {
  type: ChainType;
  hook: Hook;
  priority: number;
  /** The priority as nft names it (`dstnat`, `mangle + 5`, or the number). */
  priorityName: string;
  policy: 'accept' | 'drop';
}

export interface Chain {
  name: string;
  /** Present for built-in (iptables) and base (nft) chains: where the kernel calls the chain. */
  base?: BaseChain;
  rules: KernelRule[];
}

export interface NamedSet extends NamedSetSpec {
  elements: string[];
}

export interface Table {
  name: string;
  family: TableFamily;
  /** In the kernel view's order. */
  chains: Chain[];
  sets: NamedSet[];
}

export interface Ruleset {
  backend: Backend;
  /** iptables: the family of the whole ruleset. nft tables say their own. */
  family?: AddressFamily;
  /** In the kernel view's order. */
  tables: Table[];
}

/** What loading needs from the machine: the passwd and group tables (owner matches by name). */
export interface MachineContext {
  users?: Record<string, string | number>;
  groups?: Record<string, string | number>;
}

/**
 * Policy routing a program relies on, set up next to the rules (`ip rule add fwmark M[/mask] lookup
 * T` and, in table T, `ip route add local DEFAULT dev lo`): packets whose mark matches are delivered
 * locally (TPROXY's and ztunnel's redirections need it). The tracer routes by these.
 */
export interface PolicyRoute {
  family: AddressFamily;
  fwmark: number;
  mask: number;
  table: number;
  /** `ip rule` preference, when given. */
  priority?: number;
  /** The route table T holds: a local default route through `dev`. */
  route: { type: 'local'; dev: string };
}
