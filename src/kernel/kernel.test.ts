/**
 * The tracer checked against the real kernel: each rule set is loaded with iptables-restore in a
 * network namespace of our own, each packet is really sent, and the rules whose netfilter counters
 * rose must be exactly the rules the tracer says the packet hits (with the same packet counts).
 * Runs the corpus' trace configurations and seeded random istio-like rule sets with random packets.
 * Needs root, iptables, nft, ip and python3; skips loudly without them, and fails instead when CI is set.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { normaliseSave, renderIptablesSave } from '../engine/netfilter/index.ts';
import { readPayload, tracePacket, type Family, type TracePacket } from '../engine/packettrace/index.ts';
import { createPod, kernelUnavailable, toDriver, type Pod } from './namespace.ts';
import { seededRng } from './random.ts';
import { ADDRESSING, randomPacket, randomPayload } from './randomRules.ts';

const CORPUS = join(__dirname, '../../../shared/conformance/trace');
const SEED = Number(process.env.MESHSIM_KERNEL_SEED ?? 20260601);
const RANDOM_CONFIGS = { ipv4: 18, ipv6: 8 };
const PACKETS_PER_CONFIG = 12;
const TIME_BUDGET_MS = 120_000;

interface Disagreement {
  what: string;
  packet: TracePacket;
  kernel: Record<string, number>;
  tracer: Record<string, number>;
  payload: string;
}


function tracerHits(payload: string, p: TracePacket, family: Family, fwmark?: number): Record<string, number> {
  const a = ADDRESSING[family];
  const loopback = [family === 'ipv4' ? '127.0.0.1/8' : '::1/128', ...a.extraLoopback];
  const r = tracePacket(payload, p, { network: { iface: 'eth0', addresses: [`${a.pod}/${a.prefix}`], loopback, tproxyFwmark: fwmark } });
  return Object.fromEntries(r.hits.map((h) => [h.at, h.packets]));
}

function same(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/** Loads one payload into a fresh pod, sends the packets and records every disagreement. */
function compare(what: string, family: Family, payload: string, packets: TracePacket[], out: Disagreement[], refused: string[]): number {
  const fwmark = payload.includes('TPROXY') ? 1337 : undefined;
  const forwarding = packets.some((p) => p.forwarding);
  const skipped = { count: 0 };
  let pod: Pod | undefined;
  try {
    pod = createPod(family, fwmark, forwarding);
    const err = pod.load(payload);
    if (err) {
      refused.push(`${what}: ${err}`);
      return 0;
    }
    textDisagreements.push(...compareRuleText(what, family, payload, pod.save()));
    const kernel = pod.send(packets.map(toDriver));
    if (kernel.length !== packets.length) throw new Error(`the driver answered ${kernel.length} of ${packets.length} packets`);
    packets.forEach((p, i) => {
      const k = kernel[i];
      const t = tracerHits(payload, p, family, fwmark);
      // Random rules may leave a connection unable to complete its handshake; nothing to compare then.
      if (k.error && p.state === 'established') skipped.count++;
      else if (k.error) refused.push(`${what} packet ${i}: the kernel would not send it (${k.error})`);
      else if (!same(k.hits, t)) out.push({ what: `${what} packet ${i}`, packet: p, kernel: k.hits, tracer: t, payload });
    });
    return packets.length - skipped.count;
  } finally {
    pod?.destroy();
  }
}

/** Every rule's text as the tracer renders it must be what iptables-save prints, chain by chain. */
function compareRuleText(what: string, family: Family, payload: string, saved: string): string[] {
  const out: string[] = [];
  const { ruleset } = readPayload(payload, family);
  const kernel = new Map<string, string[]>();
  let table = '';
  for (const line of saved.split('\n')) {
    if (line.startsWith('*')) table = line.slice(1).trim();
    const m = /^-A (\S+)/.exec(line);
    if (m) kernel.set(`${table}/${m[1]}`, [...(kernel.get(`${table}/${m[1]}`) ?? []), line]);
  }
  for (const t of ruleset.tables) {
    for (const c of t.chains) {
      const mine = c.rules.map((r) => r.kernelText);
      const theirs = kernel.get(`${t.name}/${c.name}`) ?? [];
      mine.forEach((text, i) => {
        if (text !== theirs[i]) out.push(`${what}: ${t.name}/${c.name}#${i + 1}\n  kernel: ${theirs[i]}\n  tracer: ${text}`);
      });
    }
  }
  // The whole listing too: tables, chains, policies and rules, as iptables-save prints them.
  const mineAll = normaliseSave(renderIptablesSave(ruleset));
  const theirsAll = normaliseSave(saved).replace(/^\n+/, '');
  if (mineAll !== theirsAll) out.push(`${what}: the listing differs\n--- kernel\n${theirsAll}\n--- engine\n${mineAll}`);
  return out;
}

const textDisagreements: string[] = [];

function report(label: string, pairs: number, disagreements: Disagreement[], refused: string[]) {
  console.log(`[kernel] ${label}: compared ${pairs} configuration x packet pairs, ${disagreements.length} disagreement(s), ${refused.length} refused`);
  for (const d of disagreements.slice(0, 5)) {
    console.log(`[kernel] DISAGREE ${d.what}\n  packet ${JSON.stringify(d.packet)}\n  kernel ${JSON.stringify(d.kernel)}\n  tracer ${JSON.stringify(d.tracer)}\n${d.payload}`);
  }
  for (const r of refused.slice(0, 5)) console.log(`[kernel] REFUSED ${r}`);
  const texts = textDisagreements.splice(0);
  console.log(`[kernel] ${label}: ${texts.length} rule text(s) differ from iptables-save`);
  for (const t of texts.slice(0, 8)) console.log(`[kernel] TEXT ${t}`);
  expect(texts).toEqual([]);
}

const unavailable = kernelUnavailable();

describe('the tracer against the real kernel', () => {
  if (unavailable) {
    if (process.env.CI) {
      it('runs the kernel comparison (required in CI)', () => {
        throw new Error(`the kernel comparison cannot run: ${unavailable}`);
      });
    } else {
      console.warn(`SKIPPING the kernel comparison suite: ${unavailable} (it needs root, iptables, nft, ip and python3)`);
      it.skip(`kernel comparison SKIPPED: ${unavailable}`, () => {});
    }
    return;
  }

  it.skipIf(!existsSync(CORPUS))('agrees on the corpus trace configurations', () => {
    const groups = new Map<string, { family: Family; packets: TracePacket[]; names: string[] }>();
    let sport = 40000;
    for (const name of readdirSync(CORPUS).sort()) {
      const file = join(CORPUS, name, 'case.yaml');
      if (!existsSync(file)) continue;
      const spec = parse(readFileSync(file, 'utf8'));
      const p = spec.packet as TracePacket;
      const payload = readFileSync(join(CORPUS, name, spec.rules.payload), 'utf8');
      const key = `${p.family}\n${payload}`;
      const g = groups.get(key) ?? { family: p.family, packets: [], names: [] };
      // A fresh source port per packet, so conntrack never mistakes one probe for another's flow.
      g.packets.push(p.prelude ? p : { ...p, src: { ...p.src, port: sport++ } });
      g.names.push(name);
      groups.set(key, g);
    }
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    for (const [key, g] of groups) pairs += compare(`corpus ${g.names[0]}…`, g.family, key.slice(key.indexOf('\n') + 1), g.packets, disagreements, refused);
    report('corpus', pairs, disagreements, refused);
    expect(pairs).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
  }, 120_000);

  it('agrees on seeded random istio-like rule sets and packets', () => {
    const started = Date.now();
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    for (const family of ['ipv4', 'ipv6'] as Family[]) {
      for (let i = 0; i < RANDOM_CONFIGS[family] && Date.now() - started < TIME_BUDGET_MS; i++) {
        const seed = SEED + i * 7919 + (family === 'ipv6' ? 1 : 0);
        const rng = seededRng(seed);
        const { payload } = randomPayload(rng, family);
        const parsed = readPayload(payload, family);
        expect(parsed.diagnostics, payload).toEqual([]);
        const forwarding = rng.chance(0.3);
        const packets = Array.from({ length: PACKETS_PER_CONFIG }, (_, k) => ({ ...randomPacket(rng, family, 40000 + k), ...(forwarding ? { forwarding } : {}) }));
        pairs += compare(`random ${family} seed ${seed}`, family, payload, packets, disagreements, refused);
      }
    }
    report(`random (seed ${SEED})`, pairs, disagreements, refused);
    expect(pairs).toBeGreaterThan(100);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
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

describe('the tracer against the real kernel: connections, replies and preludes', () => {
  it.skipIf(!!unavailable || !existsSync(CORPUS))('agrees on established flows, server replies and datagram replies', () => {
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    for (const { config, packets } of scenarios()) {
      const spec = parse(readFileSync(join(CORPUS, config, 'case.yaml'), 'utf8'));
      const payload = readFileSync(join(CORPUS, config, spec.rules.payload), 'utf8');
      pairs += compare(`scenario on ${config}'s rules`, 'ipv4', payload, packets, disagreements, refused);
    }
    report('connections', pairs, disagreements, refused);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
  }, 120_000);
});
