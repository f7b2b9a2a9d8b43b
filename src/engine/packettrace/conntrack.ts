/**
 * A small connection-tracking table: enough of the kernel's conntrack for the tracer to know whether a
 * packet starts a connection (so the nat table is consulted) or belongs to one (so the NAT set up by
 * an earlier packet is replayed, and `--ctstate` sees ESTABLISHED).
 */
import type { Endpoint } from './types.ts';

export interface Tuple {
  proto: string;
  src: string;
  sport: number;
  dst: string;
  dport: number;
}

export interface ConnEntry {
  zone: number;
  orig: Tuple;
  /** The tuple replies carry (the original one reversed, after NAT). */
  reply: Tuple;
  mark: number;
  /** Where a REDIRECT/DNAT sent the connection's original direction. */
  dnat?: Endpoint;
  /** The source a SNAT gave the connection's original direction. */
  snat?: Endpoint;
  seenReply: boolean;
  /** The connection was handed to a transparent socket by TPROXY. */
  tproxied: boolean;
  /** The pod-side client socket (for connections the pod opened) was bound with IP_TRANSPARENT. */
  clientTransparent?: boolean;
  /** The connection was opened from inside the pod. */
  fromPod?: boolean;
}

export type Direction = 'original' | 'reply';

function sameTuple(a: Tuple, b: Tuple): boolean {
  return a.proto === b.proto && a.src === b.src && a.sport === b.sport && a.dst === b.dst && a.dport === b.dport;
}

export function lookup(table: ConnEntry[], zone: number, t: Tuple): { entry: ConnEntry; dir: Direction } | undefined {
  for (const entry of table) {
    if (entry.zone !== zone) continue;
    if (sameTuple(entry.orig, t)) return { entry, dir: 'original' };
    if (sameTuple(entry.reply, t)) return { entry, dir: 'reply' };
  }
  return undefined;
}

/**
 * Whether conntrack accepts a TCP segment with these flags at all, and whether it may start a new
 * connection (SYN, or a bare ACK picked up mid-stream as nf_conntrack_tcp_loose allows).
 */
export function tcpFlagsVerdict(flags: string[]): { valid: boolean; canStart: boolean } {
  const f = new Set(flags.filter((x) => x !== 'PSH'));
  f.delete('URG');
  const key = ['SYN', 'ACK', 'FIN', 'RST'].filter((x) => f.has(x)).join('|');
  const valid = ['SYN', 'SYN|ACK', 'RST', 'ACK|RST', 'ACK|FIN', 'ACK'].includes(key);
  return { valid, canStart: key === 'SYN' || key === 'ACK' };
}

/** `SF`-style flag letters as the corpus writes them → kernel flag names. */
export function parseFlagLetters(letters: string): string[] {
  const names: Record<string, string> = { S: 'SYN', A: 'ACK', F: 'FIN', R: 'RST', P: 'PSH', U: 'URG' };
  return [...letters.toUpperCase()].map((c) => names[c]).filter(Boolean);
}
