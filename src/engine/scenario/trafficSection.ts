import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { captureRulesForPod, type CaptureResult } from '../iptables/index.ts';
import { parseRestorePayload, traceRuleSet, type Family, type RuleSet, type TracePacket, type TraceResult } from '../packettrace/index.ts';
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
  /** The payload of the chosen family as the kernel would hold it, for the chain diagram. */
  ruleset: RuleSet;
  presets: TrafficPreset[];
  /** The traced packet and its path; absent when there are no rules to trace through. */
  trace?: TraceResult & { packet: TracePacket; preset?: string };
  diagnostics: Diagnostic[];
}

/** The rules istio-iptables would install for `pod` and, optionally, one packet traced through them. */
export function analyzeTraffic(pod: Record<string, any>, options: TrafficOptions = {}): TrafficResult {
  const diagnostics: Diagnostic[] = [];
  const wantV6 = options.family === 'ipv6';
  const capture = captureRulesForPod(pod, {
    context: { podIPs: wantV6 ? [POD_ADDRESS.ipv6, POD_ADDRESS.ipv4] : [POD_ADDRESS.ipv4] },
    clusterDns: [CLUSTER_DNS.ipv4, CLUSTER_DNS.ipv6],
  });
  diagnostics.push(...capture.diagnostics);
  const family: Family = wantV6 && capture.ipv6 ? 'ipv6' : 'ipv4';
  if (wantV6 && !capture.ipv6) diagnostics.push(diagnostic('traffic', 'info', 'This configuration produces no IPv6 rules; showing IPv4.'));
  const payload = family === 'ipv6' ? capture.payload.v6 : capture.payload.v4;
  const parsed = parseRestorePayload(payload, { family, input: 'payload' });
  diagnostics.push(...parsed.diagnostics);
  const appPort = firstContainerPort(pod) ?? 8080;
  const presets = trafficPresets(family, capture.config, appPort);
  let trace: TrafficResult['trace'];
  if (payload) {
    const preset = presets.find((p) => p.id === (options.preset ?? 'app-calls-service'));
    const packet = options.packet ?? preset?.packet ?? presets[0].packet;
    try {
      const result = traceRuleSet(parsed.ruleset, { ...packet, family }, {
        network: {
          iface: 'eth0',
          addresses: [family === 'ipv6' ? `${POD_ADDRESS.ipv6}/64` : `${POD_ADDRESS.ipv4}/24`],
          tproxyFwmark: capture.config?.inboundInterceptionMode === 'TPROXY' ? Number(capture.config.inboundTProxyMark) : undefined,
        },
      });
      trace = { ...result, packet, preset: options.packet ? undefined : preset?.id };
      diagnostics.push(...result.diagnostics);
    } catch (err) {
      diagnostics.push(diagnostic('traffic', 'error', `the packet could not be traced: ${messageOf(err)}`));
    }
  }
  return { family, ipv6Available: capture.ipv6, capture, ruleset: parsed.ruleset, presets, trace, diagnostics };
}

function firstContainerPort(pod: Record<string, any>): number | undefined {
  // The pod is user text: containers and ports may be any YAML value, not only lists.
  const containers: unknown = pod?.spec?.containers;
  for (const c of Array.isArray(containers) ? containers : []) {
    if (c?.name === 'istio-proxy') continue;
    for (const p of Array.isArray(c?.ports) ? c.ports : []) if (Number.isInteger(p?.containerPort)) return p.containerPort;
  }
  return undefined;
}
