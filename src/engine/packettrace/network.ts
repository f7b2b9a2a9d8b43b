/** The pod's addresses and the routing decision the tracer needs: is a destination local, and which interface does a packet leave by. */
import type { Family, PodNetwork, RuleSet } from './types.ts';
import { canonicalAddr, canonicalCidr, familyOf, inCidr } from './values.ts';

export interface PodRouting {
  family: Family;
  uplink: string;
  /** Host routes of the pod's own addresses plus the loopback range. */
  localCidrs: string[];
  /** The uplink's first address of the family: where an inbound REDIRECT sends the packet. */
  primary?: string;
  /** Packets with this mark are routed to `lo` (the TPROXY policy route). */
  fwmark?: number;
  /** Ports with a transparent listening socket in the pod (TPROXY drops what it cannot hand to one). */
  transparentListeners?: number[];
}

export function podRouting(family: Family, net: PodNetwork | undefined, ruleset: RuleSet, fallbackAddrs: string[]): PodRouting {
  const addrs = (net?.addresses?.length ? net.addresses : fallbackAddrs)
    .map((a) => canonicalAddr(a.split('/')[0]))
    .filter((a): a is string => !!a && familyOf(a) === family);
  const loopback = family === 'ipv4' ? '127.0.0.0/8' : '::1/128';
  const onLo = (net?.loopback ?? []).map((c) => canonicalCidr(c, family)).filter((c): c is string => !!c);
  const localCidrs = [loopback, ...onLo, ...addrs.map((a) => `${a}/${family === 'ipv4' ? 32 : 128}`)];
  return {
    family,
    uplink: net?.iface ?? 'eth0',
    localCidrs,
    primary: addrs.find((a) => !inCidr(a, loopback)),
    fwmark: net?.tproxyFwmark ?? tproxyMarkOf(ruleset),
  };
}

/** istio-iptables installs `ip rule fwmark M lookup 133` + `local default dev lo` next to its TPROXY rule. */
function tproxyMarkOf(ruleset: RuleSet): number | undefined {
  for (const table of Object.values(ruleset.tables)) {
    for (const chain of Object.values(table?.chains ?? {})) {
      for (const rule of chain.rules) if (rule.target.kind === 'TPROXY') return rule.target.mark;
    }
  }
  return undefined;
}

export function isLocal(r: PodRouting, addr: string): boolean {
  return r.localCidrs.some((c) => inCidr(addr, c));
}

/** The output interface of a locally generated packet. */
export function routeOut(r: PodRouting, dst: string, mark: number): string {
  if (r.fwmark !== undefined && mark === r.fwmark) return 'lo';
  return isLocal(r, dst) ? 'lo' : r.uplink;
}

/** Whether a packet arriving on an interface is for this pod (INPUT) rather than to be forwarded. */
export function deliveredLocally(r: PodRouting, dst: string, mark: number): boolean {
  return (r.fwmark !== undefined && mark === r.fwmark) || isLocal(r, dst);
}
