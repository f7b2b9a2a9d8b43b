/**
 * The nftables backend checked against the real kernel: random istio-iptables configurations go
 * through the engine (--native-nftables), the engine's own script is loaded with `nft -f` in a
 * network namespace of our own, the listing must be what `nft list ruleset` prints, and random
 * packets are really sent: the rules whose counters rose must be exactly the rules the tracer says
 * the packet hits, with the same counts. The corpus' nftables-trace configurations run too.
 * Needs root, nft, ip and python3; skips loudly without them, and fails instead when CI is set.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { captureRulesForArgs } from '../engine/iptables/index.ts';
import { normaliseNftList } from '../engine/netfilter/index.ts';
import { readPayload, traceRuleset, type Family, type TracePacket } from '../engine/packettrace/index.ts';
import { createPod, kernelUnavailable, toDriver, type Pod } from './namespace.ts';
import { seededRng } from './random.ts';
import { randomIstioConfig } from './randomConfigs.ts';
import { ADDRESSING, randomPacket } from './randomRules.ts';

const CORPUS = join(__dirname, '../../../shared/conformance/nftables-trace');
const SEED = Number(process.env.MESHSIM_KERNEL_SEED ?? 20261201);
const RANDOM_CONFIGS = { ipv4: 20, ipv6: 10 };
const PACKETS_PER_CONFIG = 12;
const TIME_BUDGET_MS = 150_000;

interface Disagreement {
  what: string;
  packet: TracePacket;
  kernel: Record<string, number>;
  tracer: Record<string, number>;
  script: string;
}

function tracerHits(script: string, p: TracePacket, family: Family, fwmark?: number): { hits: Record<string, number>; errors: string[] } {
  const a = ADDRESSING[family];
  const loopback = [family === 'ipv4' ? '127.0.0.1/8' : '::1/128', ...a.extraLoopback];
  const read = readPayload(script, family, { backend: 'nftables' });
  const r = traceRuleset(read.ruleset, p, { network: { iface: 'eth0', addresses: [`${a.pod}/${a.prefix}`], loopback, tproxyFwmark: fwmark } });
  const errors = [...read.diagnostics, ...r.diagnostics].filter((d) => d.severity === 'error').map((d) => d.message);
  return { hits: Object.fromEntries(r.hits.map((h) => [h.at, h.packets])), errors };
}

function same(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

const listingDifferences: string[] = [];

/** Loads one script into a fresh pod, compares the listing, sends the packets and records every disagreement. */
function compare(what: string, family: Family, script: string, engineListing: string | undefined, packets: TracePacket[], out: Disagreement[], refused: string[]): number {
  const fwmark = script.includes('tproxy') ? 1337 : undefined;
  const forwarding = packets.some((p) => p.forwarding);
  let pod: Pod | undefined;
  let compared = 0;
  try {
    pod = createPod(family, fwmark, forwarding, 'nftables');
    const err = pod.load(script);
    if (err) {
      refused.push(`${what}: ${err}`);
      return 0;
    }
    if (engineListing !== undefined) {
      const kernel = normaliseNftList(pod.save());
      const mine = normaliseNftList(engineListing);
      if (kernel !== mine) listingDifferences.push(`${what}: the listing differs\n--- kernel\n${kernel}\n--- engine\n${mine}`);
    }
    const kernel = pod.send(packets.map(toDriver));
    if (kernel.length !== packets.length) throw new Error(`the driver answered ${kernel.length} of ${packets.length} packets`);
    packets.forEach((p, i) => {
      const k = kernel[i];
      const t = tracerHits(script, p, family, fwmark);
      if (t.errors.length) refused.push(`${what}: the engine could not read the script: ${t.errors[0]}`);
      // Random rules may leave a connection unable to complete its handshake; nothing to compare then.
      else if (k.error && p.state === 'established') return;
      else if (k.error) refused.push(`${what} packet ${i}: the kernel would not send it (${k.error})`);
      else if (!same(k.hits, t.hits)) out.push({ what: `${what} packet ${i}`, packet: p, kernel: k.hits, tracer: t.hits, script });
      compared++;
    });
    return compared;
  } finally {
    pod?.destroy();
  }
}

function report(label: string, pairs: number, disagreements: Disagreement[], refused: string[]) {
  console.log(`[kernel nft] ${label}: compared ${pairs} configuration x packet pairs, ${disagreements.length} disagreement(s), ${refused.length} refused`);
  for (const d of disagreements.slice(0, 4)) {
    console.log(`[kernel nft] DISAGREE ${d.what}\n  packet ${JSON.stringify(d.packet)}\n  kernel ${JSON.stringify(d.kernel)}\n  tracer ${JSON.stringify(d.tracer)}\n${d.script}`);
  }
  for (const r of refused.slice(0, 5)) console.log(`[kernel nft] REFUSED ${r}`);
  const listings = listingDifferences.splice(0);
  console.log(`[kernel nft] ${label}: ${listings.length} listing(s) differ from nft list ruleset`);
  for (const t of listings.slice(0, 3)) console.log(`[kernel nft] LISTING ${t}`);
  expect(listings).toEqual([]);
}

const unavailable = kernelUnavailable();

describe('the nftables backend against the real kernel', () => {
  if (unavailable) {
    if (process.env.CI) {
      it('runs the nftables kernel comparison (required in CI)', () => {
        throw new Error(`the kernel comparison cannot run: ${unavailable}`);
      });
    } else {
      console.warn(`SKIPPING the nftables kernel comparison: ${unavailable} (it needs root, nft, ip and python3)`);
      it.skip(`nftables kernel comparison SKIPPED: ${unavailable}`, () => {});
    }
    return;
  }

  it.skipIf(!existsSync(CORPUS))('agrees on the corpus nftables-trace configurations', () => {
    const groups = new Map<string, { family: Family; packets: TracePacket[]; names: string[] }>();
    let sport = 42000;
    for (const name of readdirSync(CORPUS).sort()) {
      const file = join(CORPUS, name, 'case.yaml');
      if (!existsSync(file)) continue;
      const spec = parse(readFileSync(file, 'utf8'));
      const p = spec.packet as TracePacket;
      // Our namespaces have one uplink, eth0; a case recorded on another interface is checked by the corpus alone.
      if ((p.iface ?? 'eth0') !== 'eth0') continue;
      const script = readFileSync(join(CORPUS, name, spec.rules.payload), 'utf8');
      const key = `${p.family}\n${script}`;
      const g = groups.get(key) ?? { family: p.family, packets: [], names: [] };
      g.packets.push(p.prelude ? p : { ...p, src: { ...p.src, port: sport++ } });
      g.names.push(name);
      groups.set(key, g);
    }
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    for (const [key, g] of groups) pairs += compare(`corpus ${g.names[0]}…`, g.family, key.slice(key.indexOf('\n') + 1), undefined, g.packets, disagreements, refused);
    report('corpus', pairs, disagreements, refused);
    expect(pairs).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
  }, 120_000);

  it("agrees on random istio-iptables configurations: the engine's script, its listing, random packets", () => {
    const started = Date.now();
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    for (const family of ['ipv4', 'ipv6'] as Family[]) {
      for (let i = 0; i < RANDOM_CONFIGS[family] && Date.now() - started < TIME_BUDGET_MS; i++) {
        const seed = SEED + i * 7919 + (family === 'ipv6' ? 1 : 0);
        const rng = seededRng(seed);
        const config = randomIstioConfig(rng, family);
        const r = captureRulesForArgs(config.argv, config.env, { podIPs: [ADDRESSING[family].pod], resolvConf: config.resolvConf });
        expect(r.backend).toBe('nftables');
        if (!r.payload.nft) continue;
        const engineRefused = r.diagnostics.some((d) => d.message.startsWith('kernel view:'));
        const forwarding = rng.chance(0.3);
        const packets = Array.from({ length: PACKETS_PER_CONFIG }, (_, k) => ({ ...randomPacket(rng, family, 40000 + k), ...(forwarding ? { forwarding } : {}) }));
        const what = `random ${family} seed ${seed} (${config.argv.slice(5).join(' ')} ${JSON.stringify(config.env)})`;
        if (engineRefused) {
          // The engine says nft would refuse this script: the kernel must refuse it too.
          const pod = createPod(family, undefined, false, 'nftables');
          try {
            if (!pod.load(r.payload.nft)) refused.push(`${what}: the engine refused a script the kernel loads`);
          } finally {
            pod.destroy();
          }
          continue;
        }
        pairs += compare(what, family, r.payload.nft, r.kernelView.nft, packets, disagreements, refused);
      }
    }
    report(`random (seed ${SEED})`, pairs, disagreements, refused);
    expect(pairs).toBeGreaterThanOrEqual(300);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
  }, 300_000);
});

/**
 * Connections, replies and preludes through the engine's own nft scripts: established flows seen
 * from both ends, the DNS proxy's answer to the app (conntrack must undo the redirect of the app's
 * query, in the zones the raw table set) and the upstream server's answer to the agent.
 */
function connectionScenarios(): Array<{ what: string; argv: string[]; env: Record<string, string>; packets: TracePacket[] }> {
  let port = 43000;
  const ep = (addr: string, p: number) => ({ addr, port: p });
  const pod = ADDRESSING.ipv4.pod;
  const peer = ADDRESSING.ipv4.peer;
  const dns = '198.51.100.53';
  const base = { family: 'ipv4' as const, iface: 'eth0', proto: 'tcp' as const };
  const inbound = (dport: number, extra: Partial<TracePacket> = {}): TracePacket => ({ ...base, direction: 'inbound', src: ep(peer, port++), dst: ep(pod, dport), state: 'new', ...extra });
  const outbound = (dst: string, dport: number, uid: number, extra: Partial<TracePacket> = {}): TracePacket => ({ ...base, direction: 'outbound', src: ep(pod, port++), dst: ep(dst, dport), uid, gid: uid, state: 'new', ...extra });
  const both = (make: (probe: 'client' | 'server') => TracePacket) => [make('client'), make('server')];
  const est = { state: 'established' as const };
  const answerToApp = (): TracePacket => {
    const app = port++;
    return { ...base, proto: 'udp', direction: 'outbound', src: ep('127.0.0.1', 15053), dst: ep(pod, app), uid: 1337, gid: 1337, state: 'new', prelude: { proto: 'udp', src: ep(pod, app), dst: ep(dns, 53), uid: 1000, gid: 1000 } };
  };
  const answerToAgent = (): TracePacket => {
    const agent = port++;
    return { ...base, proto: 'udp', direction: 'inbound', src: ep(dns, 53), dst: ep(pod, agent), state: 'new', prelude: { proto: 'udp', src: ep(pod, agent), dst: ep(dns, 53), uid: 1337, gid: 1337 } };
  };
  const common = ['-p', '15001', '-z', '15006', '-u', '1337', '-g', '1337', '-i', '*', '-b', '*', '-d', '15090,15021,15020', '--native-nftables'];
  return [
    {
      what: 'REDIRECT with DNS capture',
      argv: [...common, '-m', 'REDIRECT'],
      env: { ISTIO_META_DNS_CAPTURE: 'true' },
      packets: [
        answerToApp(), answerToAgent(), answerToApp(),
        ...both((probe) => inbound(8080, { ...est, probe })),
        ...both((probe) => outbound('198.51.100.100', 80, 1000, { ...est, probe })),
        ...both((probe) => outbound(pod, 8080, 1000, { ...est, probe, listeners: [8080] })),
      ],
    },
    {
      what: 'TPROXY',
      argv: [...common, '-m', 'TPROXY'],
      env: {},
      packets: [
        ...both((probe) => inbound(8080, { ...est, probe })),
        ...both((probe) => inbound(15020, { ...est, probe, listeners: [15020] })),
        ...both((probe) => outbound('198.51.100.100', 80, 1000, { ...est, probe })),
      ],
    },
  ];
}

describe('the nftables backend against the real kernel: connections, replies and DNS answers', () => {
  it.skipIf(!!unavailable)("agrees on established flows and on the DNS proxy's answer to the app", () => {
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    for (const s of connectionScenarios()) {
      const r = captureRulesForArgs(s.argv, s.env, { podIPs: [ADDRESSING.ipv4.pod], resolvConf: ['198.51.100.53'] });
      expect(r.backend).toBe('nftables');
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      pairs += compare(`connections on ${s.what}`, 'ipv4', r.payload.nft, r.kernelView.nft, s.packets, disagreements, refused);
    }
    report('connections', pairs, disagreements, refused);
    // An established flow whose handshake the rules do not let complete has nothing to compare (see compare).
    expect(pairs).toBeGreaterThanOrEqual(13);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
  }, 120_000);
});
