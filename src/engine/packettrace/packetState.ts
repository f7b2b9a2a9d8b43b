/** What the kernel knows about a packet while it walks the hooks: the fields rules can match. */
import type { Family } from './types.ts';

export type CtState = 'NEW' | 'ESTABLISHED' | 'RELATED' | 'INVALID' | 'UNTRACKED';

export interface PacketState {
  family: Family;
  proto: string;
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
  /** The connection's mark (CONNMARK). */
  ctmark: number;
  ctNat: { dnat: boolean; snat: boolean };
  /** A socket already owns this flow (an established connection), and whether it is transparent. */
  socket?: { transparent: boolean };
  /** Addresses the pod owns (routing type LOCAL), including the loopback ranges. */
  localCidrs: string[];
}
