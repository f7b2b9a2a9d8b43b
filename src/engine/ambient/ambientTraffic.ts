/**
 * The Traffic section of an ambient pod: no sidecar and no istio-iptables — the istio-cni node agent
 * installs its in-pod rules (`rules/`) in the pod's network namespace, and the packets are traced
 * through them in the namespace as the agent leaves it (`rules/podNetwork.ts`). The result has the
 * shape of the sidecar's capture, so the Traffic panel, its chain diagram and tracer, the CLI and the
 * report take either.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { CaptureResult } from '../iptables/index.ts';
import { renderIptablesSave } from '../netfilter/index.ts';
import type { Family, TracePacket } from '../packettrace/index.ts';
import { CLIENT_ADDRESS, CLUSTER_DNS, POD_ADDRESS, SERVICE_ADDRESS, type TrafficCapture, type TrafficPreset } from '../traffic/index.ts';
import type { AmbientDecision } from './decide.ts';
import { BYPASS_INBOUND_CAPTURE, DNS_CAPTURE, REROUTE_VIRTUAL_INTERFACES } from './names.ts';
import type { PodOverrides } from './overrides.ts';
import type { IstioCniSettings } from './settings.ts';
import { DNS_CAPTURE_PORT, INPOD_MARK, INPOD_RULE_PRIORITY, INPOD_TPROXY_MARK_TEXT, ROUTE_TABLE_INBOUND, ZTUNNEL_INBOUND_PLAINTEXT_PORT, ZTUNNEL_INBOUND_PORT, ZTUNNEL_OUTBOUND_PORT } from './rules/constants.ts';
import { nodeAgentRules } from './rules/nodeAgentRules.ts';
import { ambientPolicyRoutes, ztunnelListeners, ZTUNNEL_GID, ZTUNNEL_UID } from './rules/podNetwork.ts';
import { redirectsDNS, type NodeAgentRuleSettings } from './rules/settings.ts';

const APP_UID = 1000;

/** istio-cni's settings as the node agent's rule generators read them. */
export function nodeAgentSettingsOf(s: IstioCniSettings): NodeAgentRuleSettings {
  return { redirectDNS: s.dnsCapture, enableIPv6: s.ipv6, hostProbeSNATIP: s.hostProbeSNATIP, hostProbeSNATIPv6: s.hostProbeSNATIPv6 };
}

/** Why the rules are what they are, in sentences (the Traffic panel's list, `meshsim ... --why`). */
function whyOf(o: PodOverrides, settings: IstioCniSettings, agent: NodeAgentRuleSettings): string[] {
  const why = [
    `ambient: no sidecar — istio-cni's node agent installs these rules in the pod's network namespace and hands the pod to ztunnel (outbound TCP → ${ZTUNNEL_OUTBOUND_PORT}, inbound TCP → ${ZTUNNEL_INBOUND_PLAINTEXT_PORT}, HBONE on ${ZTUNNEL_INBOUND_PORT} untouched)`,
    `ztunnel's own packets carry mark 0x${INPOD_MARK.toString(16)} and are never captured; its connections into the pod are conn-marked ${INPOD_TPROXY_MARK_TEXT}, and \`ip rule fwmark ${INPOD_TPROXY_MARK_TEXT} lookup ${ROUTE_TABLE_INBOUND}\` routes the app's replies back to it`,
    settings.nativeNftables ? 'nftables: NATIVE_NFTABLES (global.nativeNftables) is on, so the node agent writes nft tables inet istio-ambient-*' : 'iptables: NATIVE_NFTABLES is off, so the node agent pipes these into iptables-restore',
  ];
  const dns = redirectsDNS(o, agent);
  if (o.dnsProxy !== 'unset') why.push(`${DNS_CAPTURE}: "${o.dnsProxy === 'enabled' ? 'true' : 'false'}" — DNS capture is ${dns ? 'on' : 'off'} for this pod, whatever AMBIENT_DNS_CAPTURE says`);
  else why.push(`DNS capture is ${dns ? `on (AMBIENT_DNS_CAPTURE): DNS goes to ztunnel's proxy on ${DNS_CAPTURE_PORT}` : 'off (AMBIENT_DNS_CAPTURE is false): DNS goes where the app sends it'}`);
  if (o.ingressMode) why.push(`${BYPASS_INBOUND_CAPTURE}: "true" — ingress mode: inbound traffic is not captured`);
  if (o.virtualInterfaces.length) why.push(`${REROUTE_VIRTUAL_INTERFACES}: TCP arriving on ${o.virtualInterfaces.join(', ')} goes to ztunnel's outbound port ${ZTUNNEL_OUTBOUND_PORT}`);
  if (!settings.ipv6) why.push('AMBIENT_IPV6 is off: no IPv6 rules');
  return why;
}

/** Packets every ambient user asks about, shaped to the pod's overrides. */
export function ambientPresets(family: Family, o: PodOverrides, agent: NodeAgentRuleSettings, appPort: number): TrafficPreset[] {
  const pod = POD_ADDRESS[family];
  const probeFrom = family === 'ipv6' ? agent.hostProbeSNATIPv6 : agent.hostProbeSNATIP;
  const out = (dst: string, port: number, proto: 'tcp' | 'udp', extra: Partial<TracePacket> = {}): TracePacket => ({
    family, direction: 'outbound', proto, src: { addr: pod, port: 40000 }, dst: { addr: dst, port }, iface: 'eth0', state: 'new', uid: APP_UID, gid: APP_UID, ...extra,
  });
  const inbound = (src: string, port: number): TracePacket => ({ family, direction: 'inbound', proto: 'tcp', src: { addr: src, port: 40000 }, dst: { addr: pod, port }, iface: 'eth0', state: 'new' });
  const dns = redirectsDNS(o, agent);
  return [
    { id: 'app-calls-service', label: 'App calls a service', question: `The app (uid ${APP_UID}) opens a TCP connection to ${SERVICE_ADDRESS[family]}:8080 — ztunnel's outbound port ${ZTUNNEL_OUTBOUND_PORT} should take it.`, packet: out(SERVICE_ADDRESS[family], 8080, 'tcp') },
    { id: 'request-arrives', label: 'Plaintext request arrives', question: `A client at ${CLIENT_ADDRESS[family]} connects to the app's port ${appPort}${o.ingressMode ? ' (ingress mode: not captured)' : ` — ztunnel's inbound port ${ZTUNNEL_INBOUND_PLAINTEXT_PORT} should take it`}.`, packet: inbound(CLIENT_ADDRESS[family], appPort) },
    { id: 'hbone-arrives', label: 'HBONE arrives', question: `Another node's ztunnel opens an HBONE tunnel to ${pod}:${ZTUNNEL_INBOUND_PORT}: it goes to ztunnel untouched.`, packet: inbound(CLIENT_ADDRESS[family], Number(ZTUNNEL_INBOUND_PORT)) },
    { id: 'dns-query', label: 'DNS query', question: `The app sends a UDP DNS query to ${CLUSTER_DNS[family]}:53${dns ? ` — ztunnel's DNS proxy on ${DNS_CAPTURE_PORT} should take it` : ' (DNS capture is off for this pod)'}.`, packet: out(CLUSTER_DNS[family], 53, 'udp') },
    { id: 'proxy-own-traffic', label: "ztunnel's own traffic", question: `ztunnel (uid ${ZTUNNEL_UID}, mark 0x${INPOD_MARK.toString(16)}) connects to ${SERVICE_ADDRESS[family]}:${ZTUNNEL_INBOUND_PORT}: never captured again.`, packet: out(SERVICE_ADDRESS[family], Number(ZTUNNEL_INBOUND_PORT), 'tcp', { uid: ZTUNNEL_UID, gid: ZTUNNEL_GID, mark: INPOD_MARK }) },
    { id: 'kubelet-probe', label: 'Kubelet health probe', question: `The kubelet's probe arrives SNATed by the node to ${probeFrom}: it reaches the app's port ${appPort} without ztunnel.`, packet: inbound(probeFrom, appPort) },
    {
      id: 'app-replies-to-ztunnel',
      label: "App replies to ztunnel's connection",
      question: `ztunnel connected into the app (port ${appPort}) from the client's address ${CLIENT_ADDRESS[family]}; the app's reply must go back to ztunnel, not out of the pod.`,
      packet: { family, direction: 'outbound', proto: 'tcp', src: { addr: CLIENT_ADDRESS[family], port: 40000 }, dst: { addr: pod, port: appPort }, iface: 'eth0', state: 'established', uid: ZTUNNEL_UID, gid: ZTUNNEL_GID, mark: INPOD_MARK, transparent: true, probe: 'server', listeners: [appPort] },
    },
  ];
}

/** The in-pod rules of an enrolled pod in the family asked for (IPv4 when the agent programs no IPv6). */
export function ambientCapture(decision: AmbientDecision, settings: IstioCniSettings, wantFamily: Family | undefined, appPort: number): TrafficCapture {
  const diagnostics: Diagnostic[] = [];
  const agent = nodeAgentSettingsOf(settings);
  const o = decision.podOverrides;
  const built = nodeAgentRules({ backend: settings.nativeNftables ? 'nftables' : 'iptables', scope: 'inpod', overrides: o, settings: agent });
  diagnostics.push(...built.diagnostics);
  const family: Family = wantFamily === 'ipv6' && settings.ipv6 ? 'ipv6' : 'ipv4';
  if (wantFamily === 'ipv6' && !settings.ipv6) diagnostics.push(diagnostic('traffic', 'info', 'The node agent programs no IPv6 rules (AMBIENT_IPV6 is off); showing IPv4.'));
  const nft = built.nftables;
  const v4 = built.iptables?.v4;
  const v6 = built.iptables?.v6;
  const routes = ambientPolicyRoutes(family);
  const capture: CaptureResult = {
    entry: 'ambient',
    why: whyOf(o, settings, agent),
    origins: {},
    equivalentArgs: [],
    ipv6: settings.ipv6,
    dnsCapture: redirectsDNS(o, agent),
    backend: built.backend,
    backendWhy: settings.nativeNftables ? 'nftables: the node agent runs with NATIVE_NFTABLES' : 'iptables: NATIVE_NFTABLES is off',
    programs: nft ? { nft: nft.program } : { ...(v4 ? { v4: v4.program } : {}), ...(v6 ? { v6: v6.program } : {}) },
    payload: { v4: v4?.payload ?? '', v6: v6?.payload ?? '', nft: nft?.script ?? '' },
    rulesets: nft ? { nft: nft.ruleset } : { ...(v4 ? { v4: v4.ruleset } : {}), ...(v6 ? { v6: v6.ruleset } : {}) },
    kernelView: { v4: v4 ? renderIptablesSave(v4.ruleset) : '', v6: v6 ? renderIptablesSave(v6.ruleset) : '', nft: nft?.kernelView ?? '' },
    hostSetup: routes.map((r) => `ip${family === 'ipv6' ? ' -6' : ''} rule add fwmark ${INPOD_TPROXY_MARK_TEXT} pref ${INPOD_RULE_PRIORITY} lookup ${r.table}`).concat(`ip${family === 'ipv6' ? ' -6' : ''} route add local ${family === 'ipv6' ? '::/0' : '0.0.0.0/0'} dev lo table ${ROUTE_TABLE_INBOUND}`),
    policyRoutes: routes,
    // The node agent's values are constants and the pod's interface names; the rules are loaded into the model above,
    // whose diagnostics report what the kernel would refuse.
    corrupt: [],
    refused: [],
    diagnostics: built.diagnostics,
  };
  const ruleset = (nft ? nft.ruleset : family === 'ipv6' ? v6?.ruleset : v4?.ruleset) ?? { backend: built.backend, family, tables: [] };
  const payload = nft ? nft.script : (family === 'ipv6' ? v6?.payload : v4?.payload) ?? '';
  return { family, ipv6Available: settings.ipv6, capture, ruleset, presets: ambientPresets(family, o, agent, appPort), payload, diagnostics, listeners: ztunnelListeners() };
}
