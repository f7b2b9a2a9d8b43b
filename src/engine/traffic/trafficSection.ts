import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import type { ReleaseBehaviour } from '../releases/index.ts';
import { captureRulesForPod, type CaptureResult } from '../iptables/index.ts';
import type { Ruleset } from '../netfilter/index.ts';
import { traceRuleset, type Family, type PodListener, type TracePacket, type TraceResult } from '../packettrace/index.ts';
import { CLUSTER_DNS, POD_ADDRESS, trafficPresets, type TrafficPreset } from './trafficPresets.ts';

export interface TrafficOptions {
  family?: Family;
  /** The packet to trace: a preset id, or a packet of the user's own. */
  preset?: string;
  packet?: TracePacket;
}

export interface TrafficResult {
  family: Family;
  /** Whether the configuration produces IPv6 rules at all. */
  ipv6Available: boolean;
  capture: CaptureResult;
  /** The rules of the chosen family as the kernel would hold them (the netfilter model), for the chain diagram. */
  ruleset: Ruleset;
  presets: TrafficPreset[];
  /** The traced packet and its path; absent when there are no rules to trace through. */
  trace?: TraceResult & { packet: TracePacket; preset?: string };
  diagnostics: Diagnostic[];
  /** The pod's listening sockets when they are not Envoy's (an ambient pod: ztunnel's), named. */
  listeners?: PodListener[];
}

/** The capture rules of one address family, before any packet is traced through them. */
export interface TrafficCapture {
  family: Family;
  ipv6Available: boolean;
  capture: CaptureResult;
  ruleset: Ruleset;
  presets: TrafficPreset[];
  /** The payload of `family` (empty when there are no rules). */
  payload: string;
  diagnostics: Diagnostic[];
  /** The pod's listening sockets when they are not Envoy's 15001/15006 (an ambient pod: ztunnel's). */
  listeners?: PodListener[];
}

/** The rules istio-iptables would install for `pod`, in the family asked for (IPv4 when there are no IPv6 rules). */
export function captureTraffic(pod: Record<string, any>, wantFamily: Family | undefined, release?: ReleaseBehaviour): TrafficCapture {
  const diagnostics: Diagnostic[] = [];
  const wantV6 = wantFamily === 'ipv6';
  const capture = captureRulesForPod(pod, {
    // The release's istio-iptables (or istio-cni) writes the rules (src/engine/releases).
    context: { podIPs: wantV6 ? [POD_ADDRESS.ipv6, POD_ADDRESS.ipv4] : [POD_ADDRESS.ipv4], release },
    clusterDns: [CLUSTER_DNS.ipv4, CLUSTER_DNS.ipv6],
  });
  diagnostics.push(...capture.diagnostics);
  const family: Family = wantV6 && capture.ipv6 ? 'ipv6' : 'ipv4';
  if (wantV6 && !capture.ipv6) diagnostics.push(diagnostic('traffic', 'info', 'This configuration produces no IPv6 rules; showing IPv4.'));
  const nft = capture.backend === 'nftables';
  const payload = nft ? capture.payload.nft : family === 'ipv6' ? capture.payload.v6 : capture.payload.v4;
  const ruleset: Ruleset = (nft ? capture.rulesets.nft : family === 'ipv6' ? capture.rulesets.v6 : capture.rulesets.v4) ?? { backend: capture.backend, family, tables: [] };
  const appPort = firstContainerPort(pod) ?? 8080;
  const presets = trafficPresets(family, capture.config, appPort);
  return { family, ipv6Available: capture.ipv6, capture, ruleset, presets, payload, diagnostics };
}

/** One packet (a preset, or the user's own) traced through captured rules; undefined when there are no rules. */
export function traceTraffic(c: TrafficCapture, options: Pick<TrafficOptions, 'preset' | 'packet'> = {}): { trace?: TrafficResult['trace']; diagnostics: Diagnostic[] } {
  if (!c.payload) return { diagnostics: [] };
  const preset = c.presets.find((p) => p.id === (options.preset ?? 'app-calls-service'));
  const packet = options.packet ?? preset?.packet ?? c.presets[0].packet;
  try {
    const result = traceRuleset(c.ruleset, { ...packet, family: c.family }, {
      network: {
        iface: 'eth0',
        addresses: [c.family === 'ipv6' ? `${POD_ADDRESS.ipv6}/64` : `${POD_ADDRESS.ipv4}/24`],
        policyRoutes: c.capture.policyRoutes,
        ...(c.listeners ? { listeners: c.listeners } : {}),
      },
    });
    return { trace: { ...result, packet, preset: options.packet ? undefined : preset?.id }, diagnostics: result.diagnostics };
  } catch (err) {
    return { diagnostics: [diagnostic('traffic', 'error', `the packet could not be traced: ${messageOf(err)}`)] };
  }
}

/** The rules istio-iptables would install for `pod` and, optionally, one packet traced through them. */
export function analyzeTraffic(pod: Record<string, any>, options: TrafficOptions = {}): TrafficResult {
  const captured = captureTraffic(pod, options.family);
  return trafficResult(captured, traceTraffic(captured, options));
}

/** The Traffic section: the capture and the traced packet together. */
export function trafficResult(c: TrafficCapture, t: { trace?: TrafficResult['trace']; diagnostics: Diagnostic[] }): TrafficResult {
  return { family: c.family, ipv6Available: c.ipv6Available, capture: c.capture, ruleset: c.ruleset, presets: c.presets, trace: t.trace, diagnostics: [...c.diagnostics, ...t.diagnostics], ...(c.listeners ? { listeners: c.listeners } : {}) };
}

export function firstContainerPort(pod: Record<string, any>): number | undefined {
  // The pod is user text: containers and ports may be any YAML value, not only lists.
  const containers: unknown = pod?.spec?.containers;
  for (const c of Array.isArray(containers) ? containers : []) {
    if (c?.name === 'istio-proxy') continue;
    for (const p of Array.isArray(c?.ports) ? c.ports : []) if (Number.isInteger(p?.containerPort)) return p.containerPort;
  }
  return undefined;
}
