/**
 * What the node agent's rule generators read: its own settings (AmbientConfig: AMBIENT_DNS_CAPTURE,
 * AMBIENT_IPV6, the probe SNAT addresses) and the pod's overrides (its annotations), each with the
 * origin the rules' provenance names.
 */
import type { SettingOrigin } from '../../netfilter/index.ts';
import { BYPASS_INBOUND_CAPTURE, DNS_CAPTURE, REROUTE_VIRTUAL_INTERFACES } from '../names.ts';
import type { PodOverrides } from '../overrides.ts';

export interface NodeAgentRuleSettings {
  /** AMBIENT_DNS_CAPTURE (values ambient.dnsCapture): RedirectDNS. */
  redirectDNS: boolean;
  /** AMBIENT_IPV6 (values ambient.ipv6): EnableIPv6. */
  enableIPv6: boolean;
  /** HOST_PROBE_SNAT_IP. */
  hostProbeSNATIP: string;
  /** HOST_PROBE_SNAT_IPV6. */
  hostProbeSNATIPv6: string;
  /** nftables host rules: the UID the node agent finds the kubelet running as (read from /proc on the node). */
  kubeletUID?: string;
}

/** The default node agent settings (istio-cni's defaults; Istio's ambient profile turns DNS capture and IPv6 on). */
export const DEFAULT_RULE_SETTINGS: NodeAgentRuleSettings = {
  redirectDNS: true,
  enableIPv6: true,
  hostProbeSNATIP: '169.254.7.127',
  hostProbeSNATIPv6: 'fd16:9254:7127:1337:ffff:ffff:ffff:ffff',
  kubeletUID: '0',
};

/** Whether DNS goes to ztunnel for this pod: its ambient.istio.io/dns-capture, else the node agent's setting. */
export function redirectsDNS(overrides: PodOverrides, settings: NodeAgentRuleSettings): boolean {
  return overrides.dnsProxy === 'unset' ? settings.redirectDNS : overrides.dnsProxy === 'enabled';
}

export const ORIGIN = {
  dns: (o: PodOverrides): SettingOrigin[] =>
    o.dnsProxy === 'unset' ? [{ kind: 'setting', name: 'AMBIENT_DNS_CAPTURE', note: 'the node agent captures DNS for every ambient pod' }] : [{ kind: 'annotation', name: DNS_CAPTURE, note: `DNS capture ${o.dnsProxy} for this pod` }],
  ingress: (o: PodOverrides): SettingOrigin[] => [{ kind: o.ingressMode ? 'annotation' : 'default', name: BYPASS_INBOUND_CAPTURE, note: o.ingressMode ? 'ingress mode: inbound is not captured' : 'inbound is captured (no ingress mode)' }],
  virtual: (iface: string): SettingOrigin[] => [{ kind: 'annotation', name: REROUTE_VIRTUAL_INTERFACES, note: `TCP arriving on ${iface} goes to ztunnel's outbound port` }],
  probe: (v6: boolean): SettingOrigin[] => [{ kind: 'setting', name: v6 ? 'HOST_PROBE_SNAT_IPV6' : 'HOST_PROBE_SNAT_IP', note: 'the node SNATs kubelet probes to this address' }],
  ipv6: (): SettingOrigin[] => [{ kind: 'setting', name: 'AMBIENT_IPV6' }],
  ztunnel: (what: string): SettingOrigin[] => [{ kind: 'constant', name: what }],
  kubelet: (): SettingOrigin[] => [{ kind: 'context', name: 'kubelet UID', note: 'the node agent finds the kubelet process and its UID' }],
};
