/**
 * Random ambient configurations for the kernel comparison suite: the node agent's settings
 * (DNS capture, IPv6, the probe SNAT addresses, the kubelet's UID), a pod's annotations (ingress
 * mode, DNS capture, virtual interfaces — valid and invalid values alike), the backend, and packets
 * from everyone who sends them in an ambient pod: the app, ztunnel (mark 0x539), a peer, the
 * kubelet's SNATed probe, ztunnel's spoofed connections into the app and the app's replies.
 * Addresses are documentation ones, plus 169.254.7.127 (only ever inside the test's namespaces).
 */
import { BYPASS_INBOUND_CAPTURE, DNS_CAPTURE, REROUTE_VIRTUAL_INTERFACES, type NodeAgentRuleSettings } from '../engine/ambient/index.ts';
import type { Family, TracePacket } from '../engine/packettrace/index.ts';
import type { Rng } from './random.ts';
import { ADDRESSING } from './randomRules.ts';

export interface AmbientKernelConfig {
  backend: 'iptables' | 'nftables';
  scope: 'inpod' | 'host';
  /** The family of the traced packets (IPv6 needs the node agent's IPv6 rules). */
  family: Family;
  settings: NodeAgentRuleSettings;
  /** The pod's annotations (in-pod rules). */
  annotations: Record<string, string>;
  /** Host rules: the probe set's members (enrolled pods' IPs). */
  probeSet: string[];
}

/** The probe SNAT addresses this suite uses: the default for IPv4, a documentation address for IPv6. */
export const PROBE_SNAT = { ipv4: '169.254.7.127', ipv6: '2001:db8:7127::1337' } as const;

const APP = 1000;

export function randomAmbientConfig(rng: Rng, family: Family, scope: 'inpod' | 'host', backend: AmbientKernelConfig['backend']): AmbientKernelConfig {
  const settings: NodeAgentRuleSettings = {
    redirectDNS: rng.chance(0.6),
    enableIPv6: family === 'ipv6' || rng.chance(0.4),
    hostProbeSNATIP: rng.chance(0.85) ? PROBE_SNAT.ipv4 : '203.0.113.127',
    hostProbeSNATIPv6: PROBE_SNAT.ipv6,
    kubeletUID: rng.pick(['0', '1000']),
  };
  const annotations: Record<string, string> = {};
  const maybe = (key: string, values: string[]) => {
    if (rng.chance(0.45)) annotations[key] = rng.pick(values);
  };
  if (scope === 'inpod') {
    maybe(BYPASS_INBOUND_CAPTURE, ['true', 'true', 'false', '1', 'yes']);
    maybe(DNS_CAPTURE, ['true', 'false', 'FALSE', 'on']);
    if (rng.chance(0.3)) annotations[REROUTE_VIRTUAL_INTERFACES] = rng.pick(['fake1s0f0', 'virt0, virt1', 'eth0']);
  }
  const a = ADDRESSING[family];
  const probeSet = scope === 'host' ? [a.peer, a.remotes[0], a.remotes[2]].filter(() => rng.chance(0.6)) : [];
  return { backend, scope, family, settings, annotations, probeSet };
}

/** One random packet an ambient pod (or, for host rules, the node) sees. */
export function randomAmbientPacket(rng: Rng, c: AmbientKernelConfig, sport: number): TracePacket {
  const { family } = c;
  const a = ADDRESSING[family];
  const snat = family === 'ipv4' ? c.settings.hostProbeSNATIP : c.settings.hostProbeSNATIPv6;
  const base = { family, iface: 'eth0' } as const;
  const out = (proto: 'tcp' | 'udp', src: string, dst: string, dport: number, uid: number, gid: number, extra: Partial<TracePacket> = {}): TracePacket => ({
    ...base, direction: 'outbound', proto, src: { addr: src, port: sport }, dst: { addr: dst, port: dport }, state: 'new', uid, gid, ...extra,
  });
  const inbound = (proto: 'tcp' | 'udp', src: string, dport: number, extra: Partial<TracePacket> = {}): TracePacket => ({
    ...base, direction: 'inbound', proto, src: { addr: src, port: sport }, dst: { addr: a.pod, port: dport }, state: 'new', ...extra,
  });
  const remote = () => rng.pick([...a.remotes, a.peer]);
  const probe = () => rng.pick(['client', 'server'] as const);

  if (c.scope === 'host') {
    // The node: a local process (the kubelet, or another) connects to a pod IP; or a packet arrives.
    if (rng.chance(0.2)) return inbound(rng.pick(['tcp', 'udp'] as const), a.peer, rng.pick([8080, 15008, 10250]));
    const uid = rng.pick([0, 1000, 888]);
    return out(rng.chance(0.8) ? 'tcp' : 'udp', a.pod, rng.pick([a.peer, ...a.remotes]), rng.pick([8080, 15021, 80]), uid, uid);
  }

  const ztunnel = { uid: 0, gid: 1337, mark: rng.pick([1337, 1337, 0x1539, 1338]) };
  switch (rng.pick(['app', 'app', 'app-dns', 'app-local', 'ztunnel', 'inbound', 'inbound', 'inbound-dns-reply', 'inbound-established', 'spoofed', 'app-established'] as const)) {
    case 'app':
      return out(rng.chance(0.75) ? 'tcp' : 'udp', a.pod, remote(), rng.pick([80, 443, 8080, 15001, 15008, 9000]), APP, APP);
    case 'app-dns':
      return out(rng.pick(['udp', 'udp', 'tcp'] as const), a.pod, rng.pick([a.remotes[0], a.remotes[1]]), 53, APP, APP);
    case 'app-local': {
      const dst = rng.pick([a.loopback, a.pod, snat]);
      const src = dst === a.loopback ? a.loopback : a.pod;
      return out(rng.chance(0.8) ? 'tcp' : 'udp', src, dst, rng.pick([8080, 15001, 15053, 53]), APP, APP);
    }
    case 'ztunnel':
      return out(rng.chance(0.7) ? 'tcp' : 'udp', a.pod, remote(), rng.pick([15008, 53, 8080]), ztunnel.uid, ztunnel.gid, { mark: ztunnel.mark });
    case 'inbound': {
      const src = rng.chance(0.3) ? snat : rng.chance(0.7) ? a.peer : a.remotes[1];
      return inbound(rng.chance(0.8) ? 'tcp' : 'udp', src, rng.pick([8080, 15008, 15006, 15001, 9000]));
    }
    case 'inbound-dns-reply':
      return { ...inbound('udp', a.remotes[0], 40000 + rng.int(0, 999)), src: { addr: a.remotes[0], port: 53 } };
    case 'inbound-established':
      return inbound('tcp', rng.chance(0.8) ? a.peer : snat, 8080, { state: 'established', probe: probe(), listeners: [8080] });
    case 'spoofed': {
      // ztunnel connects into the app from the client's address (IP_TRANSPARENT, mark 0x539);
      // a later segment is ztunnel's (client) or the app's reply (server).
      const later = rng.chance(0.7) ? { state: 'established' as const, probe: probe() } : {};
      return out('tcp', rng.pick([a.peer, a.remotes[1]]), a.pod, 8080, 0, 1337, { mark: 1337, transparent: true, listeners: [8080], ...later });
    }
    case 'app-established':
      // Captured to ztunnel's 15001, so the handshake completes inside the pod.
      return out('tcp', a.pod, remote(), rng.pick([80, 8080]), APP, APP, { state: 'established', probe: probe() });
  }
}
