/** The data model of the packet tracer: parsed iptables-restore payloads, packets, and trace results. */
import type { Diagnostic } from '../diagnostics.ts';

export type Family = 'ipv4' | 'ipv6';
export type TableName = 'raw' | 'mangle' | 'nat' | 'filter' | 'security';

/** One condition of a rule; `invert` is the `!` in front of it. */
export type Match =
  | { kind: 'proto'; invert: boolean; proto: string }
  | { kind: 'src' | 'dst'; invert: boolean; cidrs: string[] }
  | { kind: 'inIface' | 'outIface'; invert: boolean; name: string }
  | { kind: 'port'; which: 'sport' | 'dport' | 'any'; invert: boolean; ranges: Array<[number, number]> }
  | { kind: 'tcpFlags'; invert: boolean; mask: string[]; set: string[] }
  | { kind: 'owner'; which: 'uid' | 'gid'; invert: boolean; low: number; high: number }
  | { kind: 'ownerSocket'; invert: boolean }
  | { kind: 'mark' | 'connmark'; invert: boolean; value: number; mask: number }
  | { kind: 'ctstate'; invert: boolean; states: string[] }
  | { kind: 'socket'; transparent: boolean; nowildcard: boolean }
  | { kind: 'addrtype'; which: 'src' | 'dst'; invert: boolean; types: string[]; limitIn: boolean; limitOut: boolean }
  | { kind: 'ignored'; module: string };

export type Target =
  | { kind: 'none' }
  | { kind: 'ACCEPT' | 'DROP' | 'RETURN' | 'REJECT' }
  | { kind: 'jump'; chain: string; goto: boolean }
  | { kind: 'REDIRECT'; port?: number }
  | { kind: 'TPROXY'; port: number; ip?: string; mark: number; mask: number }
  | { kind: 'DNAT'; addr?: string; port?: number }
  | { kind: 'SNAT' | 'MASQUERADE' }
  | { kind: 'MARK'; op: 'set' | 'and' | 'or' | 'xor'; value: number; mask: number }
  | { kind: 'CONNMARK'; op: 'save' | 'restore' | 'set'; value: number; mask: number; nfmask: number; ctmask: number }
  | { kind: 'CT'; zone?: number; notrack: boolean }
  | { kind: 'LOG' };

export interface Rule {
  table: TableName;
  chain: string;
  matches: Match[];
  target: Target;
  /** The payload line that created the rule (1-based) and its text. */
  payloadLine: number;
  payloadRule: string;
  /** The rule as `iptables-save` prints it back from the kernel. */
  kernelText: string;
}

export interface Chain {
  name: string;
  builtin: boolean;
  policy: 'ACCEPT' | 'DROP';
  rules: Rule[];
}

export interface Table {
  name: TableName;
  /** Chains in the order they were first seen. */
  chains: Record<string, Chain>;
}

export interface RuleSet {
  family: Family;
  tables: Partial<Record<TableName, Table>>;
}

export interface ParseResult {
  ruleset: RuleSet;
  diagnostics: Diagnostic[];
}

export interface Endpoint {
  addr: string;
  port: number;
}

export interface TracePacket {
  family: Family;
  /** inbound: arrives from the wire on `iface`; outbound: sent by a local process in the pod. */
  direction: 'inbound' | 'outbound';
  proto: 'tcp' | 'udp';
  src: Endpoint;
  dst: Endpoint;
  /** The pod's uplink interface; defaults to eth0. */
  iface?: string;
  /** new: the connection's first packet; established: a later segment of a completed connection. */
  state?: 'new' | 'established';
  uid?: number;
  gid?: number;
  /** SO_MARK of the sending socket (outbound). */
  mark?: number;
  /** The sending socket was bound with IP_TRANSPARENT (outbound). */
  transparent?: boolean;
  /** established only: which end sends the traced segment (server: the pod side answers). */
  probe?: 'client' | 'server';
  /** inbound: a hand-made TCP segment with these flags (S, A, F, R, P, U). */
  tcpFlags?: string;
  /** IP forwarding enabled in the pod. */
  forwarding?: boolean;
  /** One datagram sent (and not traced) before the traced packet, e.g. the query a traced reply answers. */
  prelude?: { proto: 'tcp' | 'udp'; src: Endpoint; dst: Endpoint; uid?: number; gid?: number };
  /** Extra TCP listeners in the pod (uid/gid 1000, as the corpus' oracle starts them). */
  listeners?: number[];
}

/** A socket listening in the pod: who owns it decides what `-m owner` sees on the packets it answers with. */
export interface PodListener {
  port: number;
  uid: number;
  gid: number;
  transparent?: boolean;
}

/** The pod's network, as the routing decision needs it. */
export interface PodNetwork {
  /** The uplink interface (default eth0). */
  iface?: string;
  /** The pod's addresses with prefix, e.g. 192.0.2.10/24, 2001:db8::10/64. */
  addresses?: string[];
  /** Addresses on `lo` with their prefix (default 127.0.0.1/8, ::1/128); the whole prefix is local. */
  loopback?: string[];
  /** Policy routing installed for TPROXY: packets with this fwmark are delivered locally. */
  tproxyFwmark?: number;
  /** Listening sockets in the pod (default: Envoy's 15001 and 15006, uid 0 gid 1337, transparent). */
  listeners?: PodListener[];
}

export interface TraceOptions {
  network?: PodNetwork;
  /** Name of the input the payload came from, for diagnostics. */
  input?: string;
  /** Maximum number of rule evaluations for the whole trace (default 100000). */
  budget?: number;
}

export interface TraceHit {
  /** table/CHAIN#n, n = 1-based position in the chain as the kernel holds it. */
  at: string;
  table: TableName;
  chain: string;
  position: number;
  /** The kernel's iptables-save text of the rule. */
  rule: string;
  payloadLine: number;
  payloadRule: string;
  /** How many times the packet's traversal matched this rule (more than 1 when it was seen twice). */
  packets: number;
  /** Which hook the rule was first matched at, e.g. "OUTPUT" or "PREROUTING (looped back via lo)". */
  hook: string;
}

export interface TraceStep {
  /** The hook and table traversed, e.g. "nat OUTPUT". */
  where: string;
  /** What happened there in words. */
  note: string;
}

export interface TraceDelivery {
  where: 'local' | 'sent' | 'dropped';
  iface?: string;
  src?: string;
  dst?: string;
}

export interface TraceResult {
  ok: boolean;
  hits: TraceHit[];
  /** "REDIRECT to N" | "TPROXY to N" | "ACCEPT" | "DROP" | "RETURN to the original destination" | "conntrack NAT to ADDR:PORT" | "DNAT to ADDR:PORT" */
  final: string;
  delivery: TraceDelivery;
  /** The hooks traversed, in order, for a step-by-step view. */
  steps: TraceStep[];
  /** A plain-English sentence explaining the outcome. */
  explanation: string;
  diagnostics: Diagnostic[];
}
