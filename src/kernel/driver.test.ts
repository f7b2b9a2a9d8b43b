/**
 * The kernel driver's own honesty, on the real kernel. A starved machine (the driver held still
 * after each send, as a load of 10 on two cores does to it) lets TCP retransmit the traced segment
 * while the counters wait to be read: the driver must count its one copy and say the rest were
 * retransmitted, not report a disagreement. And a comparison must still fail when the engine and
 * the kernel really disagree: a rule planted wrong in the kernel's copy is found, with or without
 * the stall. Needs root, iptables, nft, ip and python3; skips loudly without them, and fails
 * instead when CI is set.
 */
import { expect, it } from 'vitest';
import type { Backend } from '../engine/netfilter/index.ts';
import type { Family, TracePacket } from '../engine/packettrace/index.ts';
import { kernelUnavailable } from './namespace.ts';
import { ADDRESSING } from './randomRules.ts';
import { describeKernel, istioPodConfig, KernelComparison } from './suiteDriver.ts';

/** Rules that count every TCP packet (not only a connection's first, as nat does) in mangle's output and prerouting. */
function everyTcpPacket(backend: Backend, outputProto = 'tcp', outputPort?: number): string {
  const port = (p?: number) => (p === undefined ? '' : backend === 'nftables' ? ` tcp dport ${p}` : ` -m tcp --dport ${p}`);
  if (backend === 'iptables') {
    return ['*mangle', ':PREROUTING ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]',
      `-A OUTPUT -p ${outputProto}${port(outputPort)} -j ACCEPT`, '-A PREROUTING -p tcp -j ACCEPT', 'COMMIT', ''].join('\n');
  }
  return ['add table inet meshsim-counting',
    'add chain inet meshsim-counting output { type filter hook output priority -150 ; }',
    'add chain inet meshsim-counting prerouting { type filter hook prerouting priority -150 ; }',
    `add rule inet meshsim-counting output meta l4proto ${outputProto}${port(outputPort)} counter`,
    'add rule inet meshsim-counting prerouting meta l4proto tcp counter', ''].join('\n');
}

const family: Family = 'ipv4';
const a = ADDRESSING[family];
let nextPort = 44000;
const ep = (addr: string, port: number) => ({ addr, port });
/** A later segment of a connection inside the pod (client and server both in it, over lo), seen from one end. */
const loopbackSegment = (probe: 'client' | 'server'): TracePacket => ({
  family, iface: 'eth0', direction: 'outbound', proto: 'tcp', src: ep(a.pod, nextPort++), dst: ep(a.pod, 8080),
  uid: 1000, gid: 1000, state: 'established', probe, listeners: [8080],
});
/** A later segment of a connection from the peer into the pod, seen from one end. */
const inboundSegment = (probe: 'client' | 'server'): TracePacket => ({
  family, iface: 'eth0', direction: 'inbound', proto: 'tcp', src: ep(a.peer, nextPort++), dst: ep(a.pod, 8080),
  state: 'established', probe, listeners: [8080],
});
const newConnection = (dport: number): TracePacket => ({
  family, iface: 'eth0', direction: 'outbound', proto: 'tcp', src: ep(a.pod, nextPort++), dst: ep(a.remotes[1], dport), uid: 1000, gid: 1000, state: 'new',
});

/** The kernel loads `kernelText`, the engine reads `engineText`: the same rules unless a test planted a difference. */
function run(books: KernelComparison, what: string, backend: Backend, engineText: string, kernelText: string, packets: TracePacket[], stallSeconds: number): void {
  const config = istioPodConfig(what, family, backend, engineText, packets);
  expect(config.readErrors).toEqual([]);
  books.run({ ...config, text: kernelText, stallSeconds });
}

const STALL = 0.5;
const BACKENDS: Backend[] = ['iptables', 'nftables'];

describeKernel("the kernel driver's counting", 'kernel driver test', 'root, iptables, nft, ip and python3', kernelUnavailable(), () => {
  it.each(BACKENDS)('%s: counts a segment the kernel retransmits while the driver is starved once, and says it was retransmitted', (backend) => {
    const books = new KernelComparison(`[kernel driver ${backend}]`, 'the listing');
    const rules = everyTcpPacket(backend);
    const packets = [loopbackSegment('client'), loopbackSegment('server'), inboundSegment('client'), inboundSegment('server')];
    run(books, `every TCP packet counted, stalled ${STALL} s`, backend, rules, rules, packets, STALL);
    books.report('retransmissions', packets.length);
    // TCP sends its tail loss probe ~200 ms after the segment (the peer's ACK never comes: the
    // driver's filter drops it), then retransmits on its timer: in a half-second stall every traced
    // segment was sent again, and none was counted twice.
    expect(books.retransmitted.length).toBe(packets.length);
  }, 60_000);

  it.each(BACKENDS)('%s: a rule planted wrong in the kernel is still a disagreement', (backend) => {
    const books = new KernelComparison(`[kernel driver ${backend}]`, 'the listing');
    const packet = newConnection(8080);
    run(books, 'kernel rule on port 8081', backend, everyTcpPacket(backend, 'tcp', 8080), everyTcpPacket(backend, 'tcp', 8081), [packet], 0);
    expect(books.disagreements.map((d) => [d.kernel, d.tracer])).toEqual([[{}, { [`${backend === 'iptables' ? 'mangle/OUTPUT' : 'meshsim-counting/output'}#1`]: 1 }]]);
  }, 60_000);

  it.each(BACKENDS)('%s: a rule planted wrong is still a disagreement on a segment the starved kernel retransmitted', (backend) => {
    const books = new KernelComparison(`[kernel driver ${backend}]`, 'the listing');
    const packet = loopbackSegment('client');
    run(books, `kernel output rule for udp, stalled ${STALL} s`, backend, everyTcpPacket(backend), everyTcpPacket(backend, 'udp'), [packet], STALL);
    const [output, prerouting] = backend === 'iptables' ? ['mangle/OUTPUT#1', 'mangle/PREROUTING#1'] : ['meshsim-counting/output#1', 'meshsim-counting/prerouting#1'];
    expect(books.disagreements.map((d) => [d.kernel, d.tracer])).toEqual([[{ [prerouting]: 1 }, { [output]: 1, [prerouting]: 1 }]]);
    expect(books.retransmitted.length).toBe(1);
  }, 60_000);
});
