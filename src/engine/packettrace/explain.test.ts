import { describe, expect, it } from 'vitest';
import { explain } from './explain.ts';
import type { TracePacket, TraceResult } from './types.ts';

const packet: TracePacket = { family: 'ipv4', direction: 'outbound', proto: 'tcp', src: { addr: '192.0.2.10', port: 40000 }, dst: { addr: '198.51.100.1', port: 80 }, uid: 1000, gid: 1000 };
const result = (final: string, delivery: TraceResult['delivery']): TraceResult => ({ ok: true, hits: [], final, delivery, steps: [], explanation: '', diagnostics: [] });

describe('explain', () => {
  it.each([
    ['REDIRECT to 15001', { where: 'local', iface: 'lo', dst: '127.0.0.1:15001' }, ["Envoy's outbound listener on port 15001", 'SO_ORIGINAL_DST', 'nat/X#1', 'through lo']],
    ['TPROXY to 15006', { where: 'local', iface: 'eth0', dst: '192.0.2.10:8080' }, ["Envoy's inbound listener", 'left unchanged']],
    ['REDIRECT to 7777', { where: 'local', iface: 'lo', dst: '127.0.0.1:7777' }, ['local port 7777']],
    ['DROP', { where: 'dropped' }, ['is dropped by nat/X#1']],
    ['RETURN to the original destination', { where: 'sent', iface: 'eth0', dst: '198.51.100.1:80' }, ['matches no capture rule', 'leaves the pod through eth0']],
    ['conntrack NAT to 127.0.0.1:15001', { where: 'local', iface: 'lo', dst: '127.0.0.1:15001' }, ['rewrites its address to 127.0.0.1:15001']],
  ] as Array<[string, TraceResult['delivery'], string[]]>)('explains %s', (final, delivery, fragments) => {
    const text = explain(packet, result(final, delivery), 'nat/X#1');
    for (const f of fragments) expect(text).toContain(f);
    expect(text).toContain('uid 1000');
  });
});
