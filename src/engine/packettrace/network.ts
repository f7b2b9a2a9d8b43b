/** The pod's addresses and the routing decision the tracer needs: is a destination local, and which interface does a packet leave by. */
import type { Ruleset } from '../netfilter/index.ts';
import { canonicalAddr, canonicalCidr, familyOf, inCidr } from './addresses.ts';
import type { Family, PodNetwork } from './types.ts';

export interface PodRouting {
  family: Family;
  uplink: string;
  /** Host routes of the pod's own addresses plus the loopback range. */
  localCidrs: string[];
  /** The uplink's first address of the family: where an inbound REDIRECT sends the packet. */
  primary?: string;
  /** Packets whose mark matches one of these (mark & mask == fwmark) are routed to `lo` (policy routes). */
  fwmarks: Array<{ fwmark: number; mask: number }>;
  /** Ports with a transparent listening socket in the pod (TPROXY drops what it cannot hand to one). */
  transparentListeners?: number[];
}

export function podRouting(family: Family, net: PodNetwork | undefined, ruleset: Ruleset, fallbackAddrs: string[]): PodRouting {
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
    fwmarks: fwmarksOf(family, net, ruleset),
  };
}

function fwmarksOf(family: Family, net: PodNetwork | undefined, ruleset: Ruleset): PodRouting['fwmarks'] {
  const routes = (net?.policyRoutes ?? []).filter((p) => p.family === family).map((p) => ({ fwmark: p.fwmark >>> 0, mask: p.mask >>> 0 }));
  const tproxy = net?.tproxyFwmark ?? (net?.policyRoutes ? undefined : tproxyMarkOf(ruleset));
  if (tproxy !== undefined) routes.push({ fwmark: tproxy >>> 0, mask: 0xffffffff });
  return routes;
}

/** istio-iptables installs `ip rule fwmark M lookup 133` + `local default dev lo` next to its TPROXY rule. */
function tproxyMarkOf(ruleset: Ruleset): number | undefined {
  for (const table of ruleset.tables) {
    for (const chain of table.chains) {
      for (const rule of chain.rules) {
        for (const s of rule.statements) {
          if (s.kind === 'tproxy' && s.mark?.value) return s.mark.value.value;
          if (s.kind === 'tproxy') {
            const set = rule.statements.find((x) => x.kind === 'mark' && x.target === 'packet' && x.from === undefined);
            if (set && set.kind === 'mark') return set.xor;
          }
        }
      }
    }
  }
  return undefined;
}

export function isLocal(r: PodRouting, addr: string): boolean {
  return r.localCidrs.some((c) => inCidr(addr, c));
}

/** The output interface of a locally generated packet. */
export function routeOut(r: PodRouting, dst: string, mark: number): string {
  if (markRouted(r, mark)) return 'lo';
  return isLocal(r, dst) ? 'lo' : r.uplink;
}

/** Whether a packet arriving on an interface is for this pod (INPUT) rather than to be forwarded. */
export function deliveredLocally(r: PodRouting, dst: string, mark: number): boolean {
  return markRouted(r, mark) || isLocal(r, dst);
}

function markRouted(r: PodRouting, mark: number): boolean {
  return r.fwmarks.some((f) => ((mark & f.mask) >>> 0) === ((f.fwmark & f.mask) >>> 0));
}
