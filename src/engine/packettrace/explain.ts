/** One plain-English sentence that tells a reader what happened to the packet and why. */
import type { TracePacket, TraceResult } from './types.ts';
import { formatEndpoint } from './addresses.ts';

/** Istio's well-known ports, to name who receives a redirected packet. */
const KNOWN_PORTS: Record<number, string> = {
  15001: "Envoy's outbound listener",
  15006: "Envoy's inbound listener",
  15053: "the istio-agent DNS proxy",
  15008: 'the HBONE tunnel port',
  15020: "the istio-agent's merged status port",
  15021: 'the health-check port',
  15090: "Envoy's Prometheus stats port",
};

export function explain(packet: TracePacket, r: TraceResult, decidedBy: string | undefined, listenerNames: Record<number, string> = {}): string {
  const proto = packet.proto.toUpperCase();
  const sender = packet.direction === 'outbound'
    ? `A ${proto} packet sent from inside the pod (uid ${packet.uid ?? 0}, gid ${packet.gid ?? 0}) from ${formatEndpoint(packet.src.addr, packet.src.port)} to ${formatEndpoint(packet.dst.addr, packet.dst.port)}`
    : `A ${proto} packet arriving on ${packet.iface ?? 'eth0'} from ${formatEndpoint(packet.src.addr, packet.src.port)} to ${formatEndpoint(packet.dst.addr, packet.dst.port)}`;
  const who = packet.state === 'established' && packet.probe === 'server'
    ? `The server's answer on the established ${proto} connection from ${formatEndpoint(packet.src.addr, packet.src.port)} to ${formatEndpoint(packet.dst.addr, packet.dst.port)}`
    : sender;
  const by = decidedBy ? ` by ${decidedBy}` : '';
  const where = describeDelivery(r);
  const m = /^(REDIRECT|TPROXY) to (\d+)$/.exec(r.final);
  if (m) {
    const port = Number(m[2]);
    const known = listenerNames[port] ?? KNOWN_PORTS[port];
    const name = known ? `${known} on port ${port}` : `local port ${port}`;
    const how = m[1] === 'REDIRECT'
      ? 'its destination is rewritten (the original stays readable through SO_ORIGINAL_DST)'
      : 'its destination is left unchanged and the packet is handed to the transparent socket';
    return `${who} is captured${by} and sent to ${name}: ${how}; ${where}.`;
  }
  if (r.final.startsWith('conntrack NAT to ')) {
    return `${who} belongs to a connection whose first packet was redirected, so conntrack rewrites its address to ${r.final.slice(17)} without consulting the nat rules; ${where}.`;
  }
  if (r.final === 'DROP') return `${who} is dropped${by}.`;
  if (r.final === 'ACCEPT') return `${who} is accepted${by} and goes no further through that table; ${where}.`;
  if (r.final.startsWith('DNAT to ')) return `${who} is rewritten${by} to ${r.final.slice(8)}; ${where}.`;
  const passed = r.hits.length ? `passes the rules it meets (${r.hits.length} matched) without being captured` : 'matches no capture rule';
  return `${who} ${passed} and keeps its original destination; ${where}.`;
}

function describeDelivery(r: TraceResult): string {
  const d = r.delivery;
  if (d.where === 'local') return `it is delivered to a socket in the pod at ${d.dst} (through ${d.iface})`;
  if (d.where === 'sent') return `it leaves the pod through ${d.iface} towards ${d.dst}`;
  return 'the kernel drops it';
}
