/**
 * The pod's network namespace as the node agent leaves it for an enrolled pod, in the shape the
 * tracer takes: the policy route that sends packets marked 0x111 back to ztunnel
 * (`ip rule fwmark 0x111/0xfff pref 32764 lookup 100`, `local default dev lo` in table 100 —
 * AddInpodMarkIPRule, AddLoopbackRoutes) and ztunnel's in-pod sockets (transparent, uid 0 gid 1337:
 * outbound 15001, inbound plaintext 15006, HBONE 15008, DNS 15053). The Traffic panel, the CLI and
 * the kernel comparison suite all trace through this one description.
 */
import type { PolicyRoute } from '../../netfilter/index.ts';
import type { Family, PodListener, PodNetwork } from '../../packettrace/index.ts';
import { DNS_CAPTURE_PORT, INPOD_RULE_PRIORITY, INPOD_TPROXY_MARK, INPOD_TPROXY_MASK, ROUTE_TABLE_INBOUND, ZTUNNEL_INBOUND_PLAINTEXT_PORT, ZTUNNEL_INBOUND_PORT, ZTUNNEL_OUTBOUND_PORT } from './constants.ts';

/** ztunnel's listening ports inside the pod. */
export const ZTUNNEL_TCP_PORTS = [ZTUNNEL_OUTBOUND_PORT, ZTUNNEL_INBOUND_PLAINTEXT_PORT, ZTUNNEL_INBOUND_PORT, DNS_CAPTURE_PORT].map(Number);
/** ztunnel's DNS proxy also takes UDP. */
export const ZTUNNEL_UDP_PORTS = [Number(DNS_CAPTURE_PORT)];
/** ztunnel runs as root in group 1337. */
export const ZTUNNEL_UID = 0;
export const ZTUNNEL_GID = 1337;

export function ambientPolicyRoutes(family: Family): PolicyRoute[] {
  return [{ family, fwmark: INPOD_TPROXY_MARK, mask: INPOD_TPROXY_MASK, table: ROUTE_TABLE_INBOUND, priority: INPOD_RULE_PRIORITY, route: { type: 'local', dev: 'lo' } }];
}

const ZTUNNEL_NAMES: Record<number, string> = {
  [Number(ZTUNNEL_OUTBOUND_PORT)]: "ztunnel's outbound listener",
  [Number(ZTUNNEL_INBOUND_PLAINTEXT_PORT)]: "ztunnel's inbound plaintext listener",
  [Number(ZTUNNEL_INBOUND_PORT)]: "ztunnel's HBONE listener",
  [Number(DNS_CAPTURE_PORT)]: "ztunnel's DNS proxy",
};

export function ztunnelListeners(): PodListener[] {
  return ZTUNNEL_TCP_PORTS.map((port) => ({ port, uid: ZTUNNEL_UID, gid: ZTUNNEL_GID, transparent: true, name: ZTUNNEL_NAMES[port] }));
}

/** The in-pod network for the tracer: the pod's interface and addresses, plus what the node agent set up. */
export function ambientPodNetwork(family: Family, base: Pick<PodNetwork, 'iface' | 'addresses' | 'loopback'>, extraListeners: PodListener[] = []): PodNetwork {
  return { ...base, policyRoutes: ambientPolicyRoutes(family), listeners: [...ztunnelListeners(), ...extraListeners] };
}
