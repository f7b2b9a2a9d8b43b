/**
 * The ambient node agent's rules checked against the real kernel. Random node agent settings and
 * pod annotations go through the engine as the app takes them (the pod's annotations →
 * `podOverrides` → `nodeAgentRules`), in iptables and nftables, in-pod and host rules; the engine's
 * own payload is loaded into a network namespace of our own set up as the node agent leaves a pod
 * (policy route fwmark 0x111/0xfff → table 100, ztunnel's transparent sockets 15001/15006/15008/15053,
 * UDP 15053; host rules: the probe ipset or nft set with its members), its listing must be what the
 * kernel prints, and random packets from the app, ztunnel, a peer, the kubelet and ztunnel's spoofed
 * connections are really sent: the rules whose counters rose must be exactly the rules the tracer says
 * the packet hits, with the same counts. The corpus' ambient-trace configurations run too.
 * Needs root, iptables, ipset, nft, ip and python3; skips loudly without them, and fails instead when CI is set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readAmbientPod } from '../engine/ambient/index.ts';
import { podOverrides } from '../engine/ambient/overrides.ts';
import { PROBE_SET_V4, PROBE_SET_V6 } from '../engine/ambient/rules/constants.ts';
import { nodeAgentRules, type NodeAgentRules } from '../engine/ambient/rules/nodeAgentRules.ts';
import { ambientPodNetwork, ambientPolicyRoutes, ZTUNNEL_TCP_PORTS, ZTUNNEL_UDP_PORTS } from '../engine/ambient/rules/podNetwork.ts';
import { normaliseNftList, normaliseSave, renderNftScript, type Ruleset } from '../engine/netfilter/index.ts';
import { readPayload, traceRuleset, type Family, type PodNetwork, type TracePacket } from '../engine/packettrace/index.ts';
import { networkOfCase } from '../conformance/traceCase.ts';
import { createPod, kernelUnavailable, toDriver, type PodSetup } from './namespace.ts';
import { seededRng } from './random.ts';
import { randomAmbientConfig, randomAmbientPacket, type AmbientKernelConfig } from './randomAmbient.ts';
import { ADDRESSING } from './randomRules.ts';

const CORPUS = join(__dirname, '../../../shared/conformance/ambient-trace');
const SEED = Number(process.env.MESHSIM_KERNEL_SEED ?? 20261212);
/** Configurations per family and scope; 10 packets each — the issue asks for at least 200 pairs. */
const CONFIGS = { inpod: { ipv4: 14, ipv6: 8 }, host: { ipv4: 3, ipv6: 2 } } as const;
const PACKETS_PER_CONFIG = 10;
const MIN_PAIRS = 200;
const TIME_BUDGET_MS = 200_000;

/** Pairs where the kernel counted at least one rule: the comparison is about packets that meet the rules. */
let pairsWithHits = 0;

interface Disagreement {
  what: string;
  packet: TracePacket;
  kernel: Record<string, number>;
  tracer: Record<string, number>;
  rules: string;
}

function same(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/**
 * The kernel counts only what it can: every iptables rule, but only the nft rules that carry a
 * `counter` (the node agent writes none on its jumps into its own chains). The tracer's hits are
 * held to the same view.
 */
function observable(ruleset: Ruleset, at: string): boolean {
  if (ruleset.backend !== 'nftables') return true;
  const m = /^(.+)\/(.+)#(\d+)$/.exec(at);
  const rule = m && ruleset.tables.find((t) => t.name === m[1])?.chains.find((c) => c.name === m[2])?.rules[Number(m[3]) - 1];
  return !!rule?.statements.some((s) => s.kind === 'counter');
}

function tracerHits(ruleset: Ruleset, p: TracePacket, network: PodNetwork): { hits: Record<string, number>; errors: string[] } {
  const r = traceRuleset(ruleset, p, { network });
  const hits = Object.fromEntries(r.hits.filter((h) => observable(ruleset, h.at)).map((h) => [h.at, h.packets]));
  return { hits, errors: r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message) };
}

/** What the engine builds for a configuration, and the namespace and network it runs in. */
interface Built {
  rules: NodeAgentRules;
  text: string;
  listing: string;
  ruleset: Ruleset;
  setup: PodSetup;
  network: PodNetwork;
  sockets: { tcp: number[]; udp: number[] };
}

function build(c: AmbientKernelConfig): Built {
  const a = ADDRESSING[c.family];
  const pod = readAmbientPod({ metadata: { name: 'app', namespace: 'ambient', annotations: c.annotations } });
  const { ignored: _ignored, ...overrides } = podOverrides(pod);
  const rules = nodeAgentRules({ backend: c.backend, scope: c.scope, overrides, settings: c.settings });
  const errors = rules.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`the engine could not build the rules: ${errors[0].message}`);
  const base = { iface: 'eth0', addresses: [`${a.pod}/${a.prefix}`], loopback: [c.family === 'ipv4' ? '127.0.0.1/8' : '::1/128'] };
  const setName = c.family === 'ipv4' ? PROBE_SET_V4 : PROBE_SET_V6;
  const inpod = c.scope === 'inpod';
  const network: PodNetwork = inpod ? ambientPodNetwork(c.family, base) : { ...base, listeners: [], sets: { [setName]: c.probeSet } };
  const sockets = inpod ? { tcp: ZTUNNEL_TCP_PORTS, udp: ZTUNNEL_UDP_PORTS } : { tcp: [], udp: [] };
  const setup: PodSetup = { extraLoopback: [], ...(inpod ? { policyRoutes: ambientPolicyRoutes(c.family) } : {}) };
  if (rules.backend === 'iptables') {
    const fam = c.family === 'ipv4' ? rules.iptables!.v4 : rules.iptables!.v6;
    if (!fam) throw new Error(`no ${c.family} rules were built`);
    if (!inpod) setup.ipsets = { [setName]: c.probeSet };
    return { rules, text: fam.payload, listing: fam.kernelView, ruleset: fam.ruleset, setup, network, sockets };
  }
  const nft = rules.nftables!;
  if (nft.prelude) {
    const elements = c.probeSet.length ? `add element inet istio-ambient-nat ${setName} { ${c.probeSet.join(', ')} }\n` : '';
    setup.nftPrelude = renderNftScript(nft.prelude).text + elements;
  }
  return { rules, text: nft.script, listing: nft.kernelView, ruleset: nft.ruleset, setup, network, sockets };
}

const listingDifferences: string[] = [];

function compare(what: string, family: Family, b: Built, packets: TracePacket[], out: Disagreement[], refused: string[], listing = true): number {
  const forwarding = packets.some((p) => p.forwarding);
  const pod = createPod(family, undefined, forwarding, b.ruleset.backend, b.setup);
  let compared = 0;
  try {
    const err = pod.load(b.text);
    if (err) {
      refused.push(`${what}: the kernel refused the rules: ${err}`);
      return 0;
    }
    if (listing) {
      const nft = b.ruleset.backend === 'nftables';
      // The host rules' probe set holds our members in the kernel; the engine's view lists it empty.
      const kernel = nft ? normaliseNftList(pod.save()).replace(/\n\s*elements = \{[^}]*\}/g, '') : normaliseSave(pod.save()).replace(/^\n+/, '');
      const mine = nft ? normaliseNftList(b.listing) : normaliseSave(b.listing);
      if (kernel !== mine) listingDifferences.push(`${what}: the listing differs\n--- kernel\n${kernel}\n--- engine\n${mine}`);
    }
    const kernel = pod.send(packets.map(toDriver), b.sockets);
    if (kernel.length !== packets.length) throw new Error(`the driver answered ${kernel.length} of ${packets.length} packets`);
    packets.forEach((p, i) => {
      const k = kernel[i];
      const t = tracerHits(b.ruleset, p, b.network);
      if (t.errors.length) refused.push(`${what} packet ${i}: the tracer failed: ${t.errors[0]}`);
      // A connection the rules send nowhere (say, to the peer, which never answers) has no later segment to compare.
      else if (k.error && p.state === 'established') return;
      else if (k.error) refused.push(`${what} packet ${i}: the kernel would not send it (${k.error})`);
      else if (!same(k.hits, t.hits)) out.push({ what: `${what} packet ${i}`, packet: p, kernel: k.hits, tracer: t.hits, rules: b.text });
      if (Object.keys(k.hits).length) pairsWithHits++;
      compared++;
    });
    return compared;
  } finally {
    pod.destroy();
  }
}

function report(label: string, pairs: number, disagreements: Disagreement[], refused: string[]) {
  console.log(`[kernel ambient] ${label}: compared ${pairs} configuration x packet pairs, ${disagreements.length} disagreement(s), ${refused.length} refused`);
  for (const d of disagreements.slice(0, 4)) {
    console.log(`[kernel ambient] DISAGREE ${d.what}\n  packet ${JSON.stringify(d.packet)}\n  kernel ${JSON.stringify(d.kernel)}\n  tracer ${JSON.stringify(d.tracer)}\n${d.rules}`);
  }
  for (const r of refused.slice(0, 5)) console.log(`[kernel ambient] REFUSED ${r}`);
  const listings = listingDifferences.splice(0);
  console.log(`[kernel ambient] ${label}: ${listings.length} listing(s) differ from the kernel's`);
  for (const t of listings.slice(0, 3)) console.log(`[kernel ambient] LISTING ${t}`);
  expect(listings).toEqual([]);
}

const unavailable = kernelUnavailable() ?? (spawnSync('sh', ['-c', 'command -v ipset']).status !== 0 ? 'ipset is not installed' : undefined);

describe("the ambient node agent's rules against the real kernel", () => {
  if (unavailable) {
    if (process.env.CI) {
      it('runs the ambient kernel comparison (required in CI)', () => {
        throw new Error(`the ambient kernel comparison cannot run: ${unavailable}`);
      });
    } else {
      console.warn(`SKIPPING the ambient kernel comparison: ${unavailable} (it needs root, iptables, ipset, nft, ip and python3)`);
      it.skip(`ambient kernel comparison SKIPPED: ${unavailable}`, () => {});
    }
    return;
  }

  it.skipIf(!existsSync(CORPUS))('agrees on the corpus ambient-trace configurations', () => {
    const groups = new Map<string, { family: Family; text: string; network: PodNetwork; setup: PodSetup; packets: TracePacket[]; names: string[] }>();
    let sport = 43000;
    for (const name of readdirSync(CORPUS).sort()) {
      const file = join(CORPUS, name, 'case.yaml');
      if (!existsSync(file)) continue;
      const spec = parse(readFileSync(file, 'utf8'));
      const p = spec.packet as TracePacket;
      // Our namespaces have one uplink, eth0; a case recorded on another interface is checked by the corpus alone.
      if ((p.iface ?? 'eth0') !== 'eth0') continue;
      const text = readFileSync(join(CORPUS, name, spec.rules.payload), 'utf8');
      const network = networkOfCase(spec);
      const key = `${p.family}\n${JSON.stringify(network)}\n${text}`;
      const setup: PodSetup = {
        extraLoopback: [],
        ...(network.policyRoutes ? { policyRoutes: network.policyRoutes } : {}),
        ...(network.sets ? { ipsets: network.sets } : {}),
      };
      const g = groups.get(key) ?? { family: p.family, text, network, setup, packets: [], names: [] };
      g.packets.push(p.prelude ? p : { ...p, src: { ...p.src, port: sport++ } });
      g.names.push(name);
      groups.set(key, g);
    }
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    for (const g of groups.values()) {
      const read = readPayload(g.text, g.family);
      expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const tcp = (g.network.listeners ?? []).filter((l) => l.transparent).map((l) => l.port);
      const built: Built = {
        rules: undefined as unknown as NodeAgentRules, text: g.text, listing: '', ruleset: read.ruleset, setup: g.setup, network: g.network,
        sockets: { tcp, udp: tcp.includes(15053) ? [15053] : [] },
      };
      pairs += compare(`corpus ${g.names[0]}…`, g.family, built, g.packets, disagreements, refused, false);
    }
    report('corpus', pairs, disagreements, refused);
    expect(pairs).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
  }, 120_000);

  it('agrees on random node agent settings, pod annotations and packets, in iptables and nftables', () => {
    const started = Date.now();
    const disagreements: Disagreement[] = [];
    const refused: string[] = [];
    let pairs = 0;
    pairsWithHits = 0;
    const tally: Record<string, number> = {};
    for (const scope of ['inpod', 'host'] as const) {
      for (const family of ['ipv4', 'ipv6'] as Family[]) {
        for (let i = 0; i < CONFIGS[scope][family] && Date.now() - started < TIME_BUDGET_MS; i++) {
          const seed = SEED + i * 7919 + (family === 'ipv6' ? 1 : 0) + (scope === 'host' ? 2 : 0);
          const rng = seededRng(seed);
          const config = randomAmbientConfig(rng, family, scope, i % 2 === 0 ? 'iptables' : 'nftables');
          const built = build(config);
          const packets = Array.from({ length: PACKETS_PER_CONFIG }, (_, k) => randomAmbientPacket(rng, config, 40000 + k));
          const what = `random ${config.backend} ${scope} ${family} seed ${seed} (${JSON.stringify(config.settings)} ${JSON.stringify(config.annotations)})`;
          const n = compare(what, family, built, packets, disagreements, refused);
          const key = `${config.backend} ${scope} ${family}`;
          tally[key] = (tally[key] ?? 0) + n;
          pairs += n;
        }
      }
    }
    console.log(`[kernel ambient] pairs by backend, scope and family: ${JSON.stringify(tally)}; ${pairsWithHits} of them moved a counter`);
    report(`random (seed ${SEED})`, pairs, disagreements, refused);
    expect(pairs).toBeGreaterThanOrEqual(MIN_PAIRS);
    expect(pairsWithHits).toBeGreaterThan(pairs * 0.6);
    expect(refused).toEqual([]);
    expect(disagreements.map((d) => d.what)).toEqual([]);
  }, 300_000);
});
