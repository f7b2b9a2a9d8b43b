/** What the kernel knows about a packet while it walks the hooks: the fields rules can match. */
import type { IpAddr } from '../go/index.ts';
import type { CtState, Family } from './types.ts';

export type { CtState };

export interface PacketState {
  family: Family;
  proto: string;
  /** Addresses in Go's canonical text (what NAT rewrites and conntrack compares). */
  src: string;
  sport: number;
  dst: string;
  dport: number;
  /** Interface names; undefined where the hook has none (no input interface on OUTPUT). */
  iif?: string;
  oif?: string;
  mark: number;
  /** The sending socket's credentials; present only while a locally generated packet is on OUTPUT/POSTROUTING. */
  owner?: { uid: number; gid: number };
  tcpFlags: string[];
  ctstate: CtState;
  /** The connection's mark (CONNMARK / ct mark). */
  ctmark: number;
  ctNat: { dnat: boolean; snat: boolean };
  /** A socket already owns this flow (an established connection), and whether it is transparent. */
  socket?: { transparent: boolean };
  /** Addresses the pod owns (routing type LOCAL), including the loopback ranges. */
  localCidrs: string[];
  /** Members of the named sets rules may look addresses up in (ipset / nft sets), by set name. */
  sets?: Record<string, IpAddr[]>;
}
