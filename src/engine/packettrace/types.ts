/** The packet tracer's data: packets, the pod's network, and trace results. Rules are the netfilter model's. */
import type { Diagnostic } from '../diagnostics.ts';
import type { AddressFamily, CtState, PolicyRoute, RuleOrigin } from '../netfilter/index.ts';

export type Family = AddressFamily;
export type { CtState };

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
  /** Who listens, for the explanation (default: Istio's well-known name of the port, e.g. Envoy's). */
  name?: string;
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
  /** Policy routes (fwmark/mask → a table with a local default route): matching packets are delivered locally. */
  policyRoutes?: PolicyRoute[];
  /** Members of the named sets the rules look addresses up in (an ipset, an nft set), by name. */
  sets?: Record<string, string[]>;
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
  table: string;
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
  /** Why the rule exists (the flag, annotation or env var that made it), when the rules were generated. */
  origin?: RuleOrigin;
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

export interface TraceConntrack {
  zone: number;
  mark: number;
  /** `src:port -> dst:port` of the original direction, and of replies. */
  original: string;
  reply: string;
}

export interface TraceResult {
  ok: boolean;
  hits: TraceHit[];
  /** "REDIRECT to N" | "TPROXY to N" | "ACCEPT" | "DROP" | "RETURN to the original destination" | "conntrack NAT to ADDR:PORT" | "DNAT to ADDR:PORT" */
  final: string;
  delivery: TraceDelivery;
  /** The connection's conntrack entry after the packet (tuples after NAT), when it has one. */
  conntrack?: TraceConntrack;
  /** The hooks traversed, in order, for a step-by-step view. */
  steps: TraceStep[];
  /** A plain-English sentence explaining the outcome. */
  explanation: string;
  diagnostics: Diagnostic[];
}
