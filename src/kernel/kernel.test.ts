/**
 * The tracer checked against the real kernel: each rule set is loaded with iptables-restore in a
 * network namespace of our own, each packet is really sent, and the rules whose netfilter counters
 * rose must be exactly the rules the tracer says the packet hits (with the same packet counts).
 * Runs the corpus' trace configurations and seeded random istio-like rule sets with random packets.
 * The harness is suiteDriver.ts; this file says how an iptables configuration is built and listed.
 * Needs root, iptables, nft, ip and python3; skips loudly without them, and fails instead when CI is set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { readTraceCase } from '../conformance/traceCase.ts';
import { normaliseSave, renderIptablesSave, type Ruleset } from '../engine/netfilter/index.ts';
import { readPayload, type Family, type TracePacket } from '../engine/packettrace/index.ts';
import { kernelUnavailable } from './namespace.ts';
import { randomPackets, randomPayload } from './randomRules.ts';
import { byFamily, corpusGroups, describeKernel, istioPodConfig, KernelComparison, listingDifference, seededRuns, type KernelConfig } from './suiteDriver.ts';

const CORPUS = join(__dirname, '../../../shared/conformance/trace');
const SEED = Number(process.env.MESHSIM_KERNEL_SEED ?? 20260601);
const RANDOM_CONFIGS = { ipv4: 18, ipv6: 8 };
const PACKETS_PER_CONFIG = 12;
const TIME_BUDGET_MS = 120_000;

/** Every rule's text as the tracer renders it must be what iptables-save prints, chain by chain, and the whole listing too. */
function ruleTextDifferences(what: string, ruleset: Ruleset, saved: string): string[] {
  const out: string[] = [];
  const kernel = new Map<string, string[]>();
  let table = '';
  for (const line of saved.split('\n')) {
    if (line.startsWith('*')) table = line.slice(1).trim();
    const m = /^-A (\S+)/.exec(line);
    if (m) kernel.set(`${table}/${m[1]}`, [...(kernel.get(`${table}/${m[1]}`) ?? []), line]);
  }
  for (const t of ruleset.tables) {
    for (const c of t.chains) {
      const theirs = kernel.get(`${t.name}/${c.name}`) ?? [];
      c.rules.forEach((r, i) => {
        if (r.kernelText !== theirs[i]) out.push(`${what}: ${t.name}/${c.name}#${i + 1}\n  kernel: ${theirs[i]}\n  tracer: ${r.kernelText}`);
      });
    }
  }
  // Tables, chains, policies and rules, as iptables-save prints them.
  out.push(...listingDifference(what, normaliseSave(saved).replace(/^\n+/, ''), normaliseSave(renderIptablesSave(ruleset))));
  return out;
}

/** An iptables-restore payload as the suite runs it, its listing held rule by rule against iptables-save. */
function iptablesConfig(what: string, family: Family, payload: string, packets: TracePacket[]): KernelConfig {
  return istioPodConfig(what, family, 'iptables', payload, packets, (saved, ruleset) => ruleTextDifferences(what, ruleset, saved));
}

const unavailable = kernelUnavailable();

describeKernel('the tracer against the real kernel', 'kernel comparison', 'root, iptables, nft, ip and python3', unavailable, () => {
  it.skipIf(!existsSync(CORPUS))('agrees on the corpus trace configurations', () => {
    const books = new KernelComparison('[kernel]', 'iptables-save');
    for (const g of corpusGroups(CORPUS, { firstPort: 40000 })) books.run(iptablesConfig(`corpus ${g.names[0]}…`, g.family, g.text, g.packets));
    books.report('corpus', 1);
  }, 120_000);

  it('agrees on seeded random istio-like rule sets and packets', () => {
    const books = new KernelComparison('[kernel]', 'iptables-save');
    for (const { entry: { family }, seed, rng } of seededRuns(SEED, TIME_BUDGET_MS, byFamily(RANDOM_CONFIGS))) {
      const { payload } = randomPayload(rng, family);
      expect(readPayload(payload, family).diagnostics, payload).toEqual([]);
      books.run(iptablesConfig(`random ${family} seed ${seed}`, family, payload, randomPackets(rng, family, PACKETS_PER_CONFIG)));
    }
    books.report(`random (seed ${SEED})`, 101);
  }, 240_000);
});

/** Connections, replies and preludes on the corpus' reference payloads (A: REDIRECT, B: DNS capture, C: TPROXY). */
function scenarios(): Array<{ config: string; packets: TracePacket[] }> {
  let port = 41000;
  const ep = (addr: string, p: number) => ({ addr, port: p });
  const pod = '192.0.2.10';
  const peer = '192.0.2.20';
  const base = { family: 'ipv4' as const, iface: 'eth0', proto: 'tcp' as const };
  const inbound = (dport: number, extra: Partial<TracePacket> = {}): TracePacket => ({ ...base, direction: 'inbound', src: ep(peer, port++), dst: ep(pod, dport), state: 'new', ...extra });
  const outbound = (src: string, dst: string, dport: number, uid: number, gid: number, extra: Partial<TracePacket> = {}): TracePacket => ({ ...base, direction: 'outbound', src: ep(src, port++), dst: ep(dst, dport), uid, gid, state: 'new', ...extra });
  const both = (make: (probe: 'client' | 'server') => TracePacket) => [make('client'), make('server')];
  const est = { state: 'established' as const };
  const dnsReply = (): TracePacket => {
    const app = port++;
    return { ...base, proto: 'udp', direction: 'outbound', src: ep('127.0.0.1', 15053), dst: ep(pod, app), uid: 1337, gid: 1337, state: 'new', prelude: { proto: 'udp', src: ep(pod, app), dst: ep('198.51.100.53', 53), uid: 1000, gid: 1000 } };
  };
  const upstreamReply = (): TracePacket => {
    const agent = port++;
    return { ...base, proto: 'udp', direction: 'inbound', src: ep('198.51.100.53', 53), dst: ep(pod, agent), state: 'new', prelude: { proto: 'udp', src: ep(pod, agent), dst: ep('198.51.100.53', 53), uid: 1337, gid: 1337 } };
  };
  return [
    {
      config: 'a-inbound-app-port',
      packets: [
        ...both((probe) => inbound(8080, { ...est, probe })),
        ...both((probe) => inbound(15008, { ...est, probe, listeners: [15008] })),
        ...both((probe) => outbound(pod, '198.51.100.100', 80, 1000, 1000, { ...est, probe })),
        ...both((probe) => outbound(pod, pod, 8080, 1000, 1000, { ...est, probe, listeners: [8080] })),
        ...both((probe) => outbound(pod, pod, 8080, 1337, 1337, { ...est, probe })),
        outbound('127.0.0.6', pod, 8080, 1337, 1337, { ...est, listeners: [8080] }),
      ],
    },
    {
      config: 'c-inbound-new',
      packets: [
        ...both((probe) => inbound(8080, { ...est, probe })),
        ...both((probe) => inbound(15020, { ...est, probe, listeners: [15020] })),
        ...both((probe) => outbound(pod, '198.51.100.100', 80, 1000, 1000, { ...est, probe })),
        outbound(pod, pod, 8080, 0, 1337),
        ...both((probe) => outbound(pod, pod, 8080, 0, 1337, { ...est, probe })),
        outbound(peer, pod, 8080, 0, 1337, { mark: 1337, transparent: true, listeners: [8080] }),
        ...both((probe) => outbound(peer, pod, 8080, 0, 1337, { ...est, probe, mark: 1337, transparent: true, listeners: [8080] })),
      ],
    },
    { config: 'b-app-dns-udp', packets: [dnsReply(), upstreamReply(), dnsReply()] },
  ];
}

describeKernel('the tracer against the real kernel: connections, replies and preludes', 'kernel comparison of connections', 'root, iptables, nft, ip and python3', unavailable, () => {
  it.skipIf(!existsSync(CORPUS))('agrees on established flows, server replies and datagram replies', () => {
    const books = new KernelComparison('[kernel]', 'iptables-save');
    for (const { config, packets } of scenarios()) {
      const read = readTraceCase(join(CORPUS, config), parse(readFileSync(join(CORPUS, config, 'case.yaml'), 'utf8')));
      if ('error' in read) throw new Error(`${config}: ${read.error}`);
      books.run(iptablesConfig(`scenario on ${config}'s rules`, 'ipv4', read.rules.text, packets));
    }
    books.report('connections', 0);
  }, 120_000);
});
