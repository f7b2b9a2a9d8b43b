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
 * The harness is suiteDriver.ts; this file says how the node agent's configuration is built and listed.
 * Needs root, iptables, ipset, nft, ip and python3; skips loudly without them, and fails instead when CI is set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readAmbientPod } from '../engine/ambient/index.ts';
import { podOverrides } from '../engine/ambient/overrides.ts';
import { PROBE_SET_V4, PROBE_SET_V6 } from '../engine/ambient/rules/constants.ts';
import { nodeAgentRules } from '../engine/ambient/rules/nodeAgentRules.ts';
import { ambientPodNetwork, ambientPolicyRoutes, ZTUNNEL_TCP_PORTS, ZTUNNEL_UDP_PORTS } from '../engine/ambient/rules/podNetwork.ts';
import { normaliseNftList, normaliseSave, renderNftScript, type Ruleset } from '../engine/netfilter/index.ts';
import { readPayload, type PodNetwork, type TracePacket } from '../engine/packettrace/index.ts';
import { kernelUnavailable, type PodSetup } from './namespace.ts';
import { randomAmbientConfig, randomAmbientPacket, type AmbientKernelConfig } from './randomAmbient.ts';
import { ADDRESSING } from './randomRules.ts';
import { corpusGroups, describeKernel, KernelComparison, listingDifference, seededRuns, type KernelConfig } from './suiteDriver.ts';

const CORPUS = join(__dirname, '../../../shared/conformance/ambient-trace');
const SEED = Number(process.env.MESHSIM_KERNEL_SEED ?? 20261212);
/** Configurations per family and scope; 10 packets each — the issue asks for at least 200 pairs. */
const CONFIGS = { inpod: { ipv4: 14, ipv6: 8 }, host: { ipv4: 3, ipv6: 2 } } as const;
const PACKETS_PER_CONFIG = 10;
const MIN_PAIRS = 200;
const TIME_BUDGET_MS = 200_000;

/**
 * The kernel counts only what it can: every iptables rule, but only the nft rules that carry a
 * `counter` (the node agent writes none on its jumps into its own chains). The tracer's hits are
 * held to the same view.
 */
function counted(ruleset: Ruleset): ((at: string) => boolean) | undefined {
  if (ruleset.backend !== 'nftables') return undefined;
  return (at) => {
    const m = /^(.+)\/(.+)#(\d+)$/.exec(at);
    const rule = m && ruleset.tables.find((t) => t.name === m[1])?.chains.find((c) => c.name === m[2])?.rules[Number(m[3]) - 1];
    return !!rule?.statements.some((s) => s.kind === 'counter');
  };
}

/** The kernel's listing against the engine's; the host rules' probe set holds our members in the kernel, the engine's view lists it empty. */
function listingCheck(what: string, ruleset: Ruleset, engineListing: string): (saved: string) => string[] {
  const nft = ruleset.backend === 'nftables';
  return (saved) => nft
    ? listingDifference(what, normaliseNftList(saved).replace(/\n\s*elements = \{[^}]*\}/g, ''), normaliseNftList(engineListing))
    : listingDifference(what, normaliseSave(saved).replace(/^\n+/, ''), normaliseSave(engineListing));
}

/** What the engine builds for a random configuration, and the namespace and network it runs in. */
function build(what: string, c: AmbientKernelConfig, packets: TracePacket[]): KernelConfig {
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
  const config = (text: string, listing: string, ruleset: Ruleset): KernelConfig => ({
    what, family: c.family, text, ruleset, network, packets,
    pod: { backend: ruleset.backend, setup, sockets },
    listing: listingCheck(what, ruleset, listing),
    counted: counted(ruleset),
  });
  if (rules.backend === 'iptables') {
    const fam = c.family === 'ipv4' ? rules.iptables!.v4 : rules.iptables!.v6;
    if (!fam) throw new Error(`no ${c.family} rules were built`);
    if (!inpod) setup.ipsets = { [setName]: c.probeSet };
    return config(fam.payload, fam.kernelView, fam.ruleset);
  }
  const nft = rules.nftables!;
  if (nft.prelude) {
    const elements = c.probeSet.length ? `add element inet istio-ambient-nat ${setName} { ${c.probeSet.join(', ')} }\n` : '';
    setup.nftPrelude = renderNftScript(nft.prelude).text + elements;
  }
  return config(nft.script, nft.kernelView, nft.ruleset);
}

const unavailable = kernelUnavailable() ?? (spawnSync('sh', ['-c', 'command -v ipset']).status !== 0 ? 'ipset is not installed' : undefined);

describeKernel("the ambient node agent's rules against the real kernel", 'ambient kernel comparison', 'root, iptables, ipset, nft, ip and python3', unavailable, () => {
  it.skipIf(!existsSync(CORPUS))('agrees on the corpus ambient-trace configurations', () => {
    const books = new KernelComparison('[kernel ambient]', "the kernel's");
    for (const g of corpusGroups(CORPUS, { firstPort: 43000, eth0Only: true, byNetwork: true })) {
      const read = readPayload(g.text, g.family);
      expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const tcp = (g.network.listeners ?? []).filter((l) => l.transparent).map((l) => l.port);
      const setup: PodSetup = {
        extraLoopback: [],
        ...(g.network.policyRoutes ? { policyRoutes: g.network.policyRoutes } : {}),
        ...(g.network.sets ? { ipsets: g.network.sets } : {}),
      };
      books.run({
        what: `corpus ${g.names[0]}…`, family: g.family, text: g.text, ruleset: read.ruleset, network: g.network, packets: g.packets,
        pod: { backend: read.ruleset.backend, setup, sockets: { tcp, udp: tcp.includes(15053) ? [15053] : [] } },
        counted: counted(read.ruleset),
      });
    }
    books.report('corpus', 1);
  }, 120_000);

  it('agrees on random node agent settings, pod annotations and packets, in iptables and nftables', () => {
    const books = new KernelComparison('[kernel ambient]', "the kernel's");
    const tally: Record<string, number> = {};
    const plan = (['inpod', 'host'] as const).flatMap((scope) => (['ipv4', 'ipv6'] as const).map((family) => ({
      scope, family, count: CONFIGS[scope][family], seedOffset: (family === 'ipv6' ? 1 : 0) + (scope === 'host' ? 2 : 0),
    })));
    for (const { entry: { scope, family }, i, seed, rng } of seededRuns(SEED, TIME_BUDGET_MS, plan)) {
      const config = randomAmbientConfig(rng, family, scope, i % 2 === 0 ? 'iptables' : 'nftables');
      const packets = Array.from({ length: PACKETS_PER_CONFIG }, (_, k) => randomAmbientPacket(rng, config, 40000 + k));
      const what = `random ${config.backend} ${scope} ${family} seed ${seed} (${JSON.stringify(config.settings)} ${JSON.stringify(config.annotations)})`;
      const key = `${config.backend} ${scope} ${family}`;
      tally[key] = (tally[key] ?? 0) + books.run(build(what, config, packets));
    }
    console.log(`[kernel ambient] pairs by backend, scope and family: ${JSON.stringify(tally)}; ${books.pairsWithHits} of them moved a counter`);
    books.report(`random (seed ${SEED})`, MIN_PAIRS);
    expect(books.pairsWithHits).toBeGreaterThan(books.pairs * 0.6);
  }, 300_000);
});
