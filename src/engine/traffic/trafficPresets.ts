import type { CaptureConfig } from '../iptables/index.ts';
import type { Family, TracePacket } from '../packettrace/index.ts';

/** The pod and its peers, all on documentation addresses. */
export const POD_ADDRESS = { ipv4: '192.0.2.10', ipv6: '2001:db8::10' } as const;
export const SERVICE_ADDRESS = { ipv4: '203.0.113.5', ipv6: '2001:db8:203::5' } as const;
export const CLIENT_ADDRESS = { ipv4: '198.51.100.20', ipv6: '2001:db8:198::20' } as const;
const SERVICE = SERVICE_ADDRESS;
const CLIENT = CLIENT_ADDRESS;
/** The pod's nameserver: a cluster's usual kube-dns Service address (simulated, never contacted). */
export const CLUSTER_DNS = { ipv4: '10.96.0.10', ipv6: '2001:db8:96::a' } as const;
const HTTPS_SITE = { ipv4: '203.0.113.80', ipv6: '2001:db8:203::80' } as const;

export interface TrafficPreset {
  id: string;
  label: string;
  /** What the preset asks, in a sentence. */
  question: string;
  packet: TracePacket;
}

const APP_UID = 1000;

/** A few packets every user asks about, shaped to the pod's capture configuration. */
export function trafficPresets(family: Family, config: CaptureConfig | undefined, appPort: number): TrafficPreset[] {
  const pod = POD_ADDRESS[family];
  const proxyUid = Number(config?.proxyUID.split(',')[0] || 1337);
  const excluded = firstExcludedAddress(family, config?.outboundIPRangesExclude ?? '');
  const out = (dst: string, port: number, proto: 'tcp' | 'udp' = 'tcp', uid = APP_UID): TracePacket => ({
    family,
    direction: 'outbound',
    proto,
    src: { addr: pod, port: 40000 },
    dst: { addr: dst, port },
    iface: 'eth0',
    state: 'new',
    uid,
    gid: uid,
  });
  const presets: TrafficPreset[] = [
    { id: 'app-calls-service', label: 'App calls a service', question: `The app (uid ${APP_UID}) opens a TCP connection to ${SERVICE[family]}:8080.`, packet: out(SERVICE[family], 8080) },
    {
      id: 'request-arrives',
      label: 'Request arrives at the app',
      question: `A client at ${CLIENT[family]} connects to the app's port ${appPort}.`,
      packet: { family, direction: 'inbound', proto: 'tcp', src: { addr: CLIENT[family], port: 40000 }, dst: { addr: pod, port: appPort }, iface: 'eth0', state: 'new' },
    },
    { id: 'app-calls-https', label: 'App calls an HTTPS site', question: `The app opens a TCP connection to ${HTTPS_SITE[family]}:443.`, packet: out(HTTPS_SITE[family], 443) },
    { id: 'dns-query', label: 'DNS query', question: `The app sends a UDP DNS query to its nameserver ${CLUSTER_DNS[family]}:53.`, packet: out(CLUSTER_DNS[family], 53, 'udp') },
    { id: 'proxy-own-traffic', label: "Proxy's own traffic", question: `Envoy (uid ${proxyUid}) connects upstream to ${SERVICE[family]}:8080.`, packet: out(SERVICE[family], 8080, 'tcp', proxyUid) },
  ];
  if (config?.redirectDNS) {
    // The answer the app gets from istio-agent's DNS proxy: conntrack undoes the redirect of its
    // query, so the app sees it come from the nameserver it asked (the case users ask about).
    const agent = family === 'ipv6' ? '::1' : '127.0.0.1';
    const proxyGid = Number(config.proxyGID.split(',')[0] || proxyUid);
    presets.push({
      id: 'dns-answer',
      label: 'DNS answer to the app',
      question: `istio-agent's DNS proxy (uid ${proxyUid}) answers the app's query to ${CLUSTER_DNS[family]}:53, which the rules redirected to it: where does the answer seem to come from?`,
      packet: {
        family, direction: 'outbound', proto: 'udp', src: { addr: agent, port: 15053 }, dst: { addr: pod, port: 40000 }, iface: 'eth0', state: 'new', uid: proxyUid, gid: proxyGid,
        prelude: { proto: 'udp', src: { addr: pod, port: 40000 }, dst: { addr: CLUSTER_DNS[family], port: 53 }, uid: APP_UID, gid: APP_UID },
      },
    });
  }
  if (excluded) {
    presets.push({ id: 'excluded-cidr', label: 'To an excluded CIDR', question: `The app connects to ${excluded}:443, inside an excluded range.`, packet: out(excluded, 443) });
  }
  return presets;
}

/** The first host address of the first excluded range of the packet's family, if any. */
function firstExcludedAddress(family: Family, ranges: string): string | undefined {
  for (const raw of ranges.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [addr] = raw.split('/');
    const isV6 = addr.includes(':');
    if ((family === 'ipv6') !== isV6) continue;
    if (isV6) return addr.endsWith('::') ? `${addr}1` : addr;
    const parts = addr.split('.').map(Number);
    if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) continue;
    if (raw.endsWith('/32')) return addr;
    parts[3] = Math.min(parts[3] + 1, 254);
    return parts.join('.');
  }
  return undefined;
}
