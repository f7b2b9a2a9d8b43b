/**
 * The nftables backend checked against the real kernel: random istio-iptables configurations go
 * through the engine (--native-nftables), the engine's own script is loaded with `nft -f` in a
 * network namespace of our own, the listing must be what `nft list ruleset` prints, and random
 * packets are really sent: the rules whose counters rose must be exactly the rules the tracer says
 * the packet hits, with the same counts. The corpus' nftables-trace configurations run too.
 * The harness is suiteDriver.ts; this file says how an nft configuration is built and listed.
 * Needs root, nft, ip and python3; skips loudly without them, and fails instead when CI is set.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { captureRulesForArgs } from '../engine/iptables/index.ts';
import { normaliseNftList } from '../engine/netfilter/index.ts';
import type { Family, TracePacket } from '../engine/packettrace/index.ts';
import { kernelUnavailable } from './namespace.ts';
import { randomIstioConfig } from './randomConfigs.ts';
import { ADDRESSING, randomPackets } from './randomRules.ts';
import { byFamily, corpusGroups, describeKernel, istioPodConfig, KernelComparison, listingDifference, seededRuns, type KernelConfig } from './suiteDriver.ts';

const CORPUS = join(__dirname, '../../../shared/conformance/nftables-trace');
const SEED = Number(process.env.MESHSIM_KERNEL_SEED ?? 20261201);
const RANDOM_CONFIGS = { ipv4: 20, ipv6: 10 };
const PACKETS_PER_CONFIG = 12;
const TIME_BUDGET_MS = 150_000;

/** An nft script as the suite runs it; with the engine's own listing of it, that listing is held against `nft list ruleset`. */
function nftConfig(what: string, family: Family, script: string, engineListing: string | undefined, packets: TracePacket[]): KernelConfig {
  const listing = engineListing === undefined ? undefined : (saved: string) => listingDifference(what, normaliseNftList(saved), normaliseNftList(engineListing));
  return istioPodConfig(what, family, 'nftables', script, packets, listing);
}

const unavailable = kernelUnavailable();
const NEEDS = 'root, nft, ip and python3';

describeKernel('the nftables backend against the real kernel', 'nftables kernel comparison', NEEDS, unavailable, () => {
  it.skipIf(!existsSync(CORPUS))('agrees on the corpus nftables-trace configurations', () => {
    const books = new KernelComparison('[kernel nft]', 'nft list ruleset');
    for (const g of corpusGroups(CORPUS, { firstPort: 42000, eth0Only: true })) books.run(nftConfig(`corpus ${g.names[0]}…`, g.family, g.text, undefined, g.packets));
    books.report('corpus', 1);
  }, 120_000);

  it("agrees on random istio-iptables configurations: the engine's script, its listing, random packets", () => {
    const books = new KernelComparison('[kernel nft]', 'nft list ruleset');
    for (const { entry: { family }, seed, rng } of seededRuns(SEED, TIME_BUDGET_MS, byFamily(RANDOM_CONFIGS))) {
      const config = randomIstioConfig(rng, family);
      const r = captureRulesForArgs(config.argv, config.env, { podIPs: [ADDRESSING[family].pod], resolvConf: config.resolvConf });
      expect(r.backend).toBe('nftables');
      if (!r.payload.nft) continue;
      const engineRefused = r.diagnostics.some((d) => d.message.startsWith('kernel view:'));
      const packets = randomPackets(rng, family, PACKETS_PER_CONFIG);
      const what = `random ${family} seed ${seed} (${config.argv.slice(5).join(' ')} ${JSON.stringify(config.env)})`;
      // The engine says nft would refuse this script: the kernel must refuse it too.
      if (engineRefused) books.expectRefusal(what, family, r.payload.nft, 'nftables');
      else books.run(nftConfig(what, family, r.payload.nft, r.kernelView.nft, packets));
    }
    books.report(`random (seed ${SEED})`, 300);
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

describeKernel('the nftables backend against the real kernel: connections, replies and DNS answers', 'nftables kernel comparison of connections', NEEDS, unavailable, () => {
  it("agrees on established flows and on the DNS proxy's answer to the app", () => {
    const books = new KernelComparison('[kernel nft]', 'nft list ruleset');
    for (const s of connectionScenarios()) {
      const r = captureRulesForArgs(s.argv, s.env, { podIPs: [ADDRESSING.ipv4.pod], resolvConf: ['198.51.100.53'] });
      expect(r.backend).toBe('nftables');
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      books.run(nftConfig(`connections on ${s.what}`, 'ipv4', r.payload.nft, r.kernelView.nft, s.packets));
    }
    // An established flow whose handshake the rules do not let complete has nothing to compare (see suiteDriver's run).
    books.report('connections', 13);
  }, 120_000);
});
