/**
 * The one harness of the kernel suites (iptables, nftables, the ambient node agent's rules). A
 * suite says what differs — how it builds a configuration, how the namespace is set up for it and
 * how its listing is compared — as a `KernelConfig`; this file does the rest alike for all three:
 * it loads the rules into a fresh namespace pair, compares the kernel's listing, sends the packets,
 * holds the rules whose counters rose against the rules the tracer says each packet hits (with the
 * same counts), and keeps the books: pairs compared, disagreements, refusals, listing differences.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readTraceCase } from '../conformance/traceCase.ts';
import type { Backend, Ruleset } from '../engine/netfilter/index.ts';
import { readPayload, traceRuleset, type Family, type PodNetwork, type TracePacket } from '../engine/packettrace/index.ts';
import { createPod, toDriver, type PodSetup } from './namespace.ts';
import { seededRng, type Rng } from './random.ts';
import { ADDRESSING } from './randomRules.ts';

/** One configuration as the kernel and the engine each get it, with the packets to send through it. */
export interface KernelConfig {
  /** How the reports name it: enough to replay it (a seed, a corpus case). */
  what: string;
  family: Family;
  /** What the kernel loads: an `iptables-restore` payload or an `nft -f` script. */
  text: string;
  /** The engine's reading of the same rules, and the pod network its tracer is told of. */
  ruleset: Ruleset;
  network: PodNetwork;
  /** Errors the engine met reading the rules: every packet of such a configuration is refused. */
  readErrors?: string[];
  /** The namespace: its backend, istio's TPROXY policy route, the node agent's setup, its transparent sockets. */
  pod: { backend: Backend; tproxyMark?: number; setup?: PodSetup; sockets?: { tcp: number[]; udp?: number[] } };
  packets: TracePacket[];
  /** How the kernel's listing differs from the engine's, in words (nothing when it does not); unchecked when absent. */
  listing?: (saved: string) => string[];
  /** The hits the kernel can count (an nft rule without a `counter` moves none); every hit when absent. */
  counted?: (at: string) => boolean;
  /** The driver holds still this long after each send (a test's starved machine); 0 when absent. */
  stallSeconds?: number;
}

export interface Disagreement {
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

/** The engine's pod network for the suites' default namespace (istio's pod: eth0, the family's loopback addresses). */
function podNetwork(family: Family, tproxyFwmark?: number): PodNetwork {
  const a = ADDRESSING[family];
  const loopback = [family === 'ipv4' ? '127.0.0.1/8' : '::1/128', ...a.extraLoopback];
  return { iface: 'eth0', addresses: [`${a.pod}/${a.prefix}`], loopback, tproxyFwmark };
}

/**
 * An istio pod's rules as text (an `iptables-restore` payload or an `nft -f` script), read by the
 * engine as the tracer reads a paste, in the suites' default namespace (with istio's TPROXY policy
 * route when the rules use TPROXY). `listing` compares the kernel's listing with the engine's.
 */
export function istioPodConfig(what: string, family: Family, backend: Backend, text: string, packets: TracePacket[], listing?: (saved: string, ruleset: Ruleset) => string[]): KernelConfig {
  const tproxyMark = text.includes(backend === 'nftables' ? 'tproxy' : 'TPROXY') ? 1337 : undefined;
  const read = readPayload(text, family, { backend });
  return {
    what, family, text, packets,
    ruleset: read.ruleset,
    readErrors: read.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
    network: podNetwork(family, tproxyMark),
    pod: { backend, tproxyMark },
    ...(listing ? { listing: (saved: string) => listing(saved, read.ruleset) } : {}),
  };
}

/** The plan of a suite's random configurations: so many of each family, IPv6's seeds one off IPv4's. */
export function byFamily(counts: Record<Family, number>): Array<{ family: Family; count: number; seedOffset: number }> {
  return [{ family: 'ipv4', count: counts.ipv4, seedOffset: 0 }, { family: 'ipv6', count: counts.ipv6, seedOffset: 1 }];
}

/** The one difference of two normalised listings, in the reports' words. */
export function listingDifference(what: string, kernel: string, engine: string): string[] {
  return kernel === engine ? [] : [`${what}: the listing differs\n--- kernel\n${kernel}\n--- engine\n${engine}`];
}

/** The books of one test: every configuration it ran, what the kernel and the engine said. */
export class KernelComparison {
  pairs = 0;
  /** Pairs where the kernel counted at least one rule: packets that met the rules. */
  pairsWithHits = 0;
  readonly disagreements: Disagreement[] = [];
  readonly refused: string[] = [];
  readonly listings: string[] = [];
  /** Packets the kernel sent more than once (retransmitted while the driver waited): each copy after the first was kept out of the rules. */
  readonly retransmitted: string[] = [];

  /** `tag` starts every report line (`[kernel nft]`); `listingOf` names the kernel's listing (`nft list ruleset`). */
  constructor(private readonly tag: string, private readonly listingOf: string) {}

  /** Loads one configuration into a fresh pod, compares its listing and its packets; returns the pairs compared. */
  run(c: KernelConfig): number {
    const forwarding = c.packets.some((p) => p.forwarding);
    const pod = createPod(c.family, c.pod.tproxyMark, forwarding, c.pod.backend, c.pod.setup);
    let compared = 0;
    try {
      const err = pod.load(c.text);
      if (err) {
        this.refused.push(`${c.what}: the kernel refused the rules: ${err}`);
        return 0;
      }
      if (c.listing) this.listings.push(...c.listing(pod.save()));
      const kernel = pod.send(c.packets.map(toDriver), { sockets: c.pod.sockets, stallSeconds: c.stallSeconds });
      if (kernel.length !== c.packets.length) throw new Error(`the driver answered ${kernel.length} of ${c.packets.length} packets`);
      c.packets.forEach((p, i) => {
        const k = kernel[i];
        const r = traceRuleset(c.ruleset, p, { network: c.network });
        const errors = [...(c.readErrors ?? []), ...r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)];
        const hits = Object.fromEntries(r.hits.filter((h) => !c.counted || c.counted(h.at)).map((h) => [h.at, h.packets]));
        if (k.copies > 0) this.retransmitted.push(`${c.what} packet ${i}: the kernel retransmitted it (${k.copies} more ${k.copies === 1 ? 'copy' : 'copies'}, kept out of the rules; the first copy is compared)`);
        if (errors.length) this.refused.push(`${c.what} packet ${i}: the engine could not trace it: ${errors[0]}`);
        // Random rules may leave a connection unable to complete its handshake; nothing to compare then.
        else if (k.error && p.state === 'established') return;
        else if (k.error) this.refused.push(`${c.what} packet ${i}: the kernel would not send it (${k.error})`);
        else if (!same(k.hits, hits)) this.disagreements.push({ what: `${c.what} packet ${i}`, packet: p, kernel: k.hits, tracer: hits, rules: c.text });
        if (Object.keys(k.hits).length) this.pairsWithHits++;
        compared++;
      });
      this.pairs += compared;
      return compared;
    } finally {
      pod.destroy();
    }
  }

  /** The engine says the tool refuses these rules: the kernel must refuse them too. */
  expectRefusal(what: string, family: Family, text: string, backend: Backend): void {
    const pod = createPod(family, undefined, false, backend);
    try {
      if (!pod.load(text)) this.refused.push(`${what}: the engine refused rules the kernel loads`);
    } finally {
      pod.destroy();
    }
  }

  /** Prints what was compared and the first of each kind of difference, then holds the test to none and at least `minPairs` pairs. */
  report(label: string, minPairs: number): void {
    const { tag } = this;
    console.log(`${tag} ${label}: compared ${this.pairs} configuration x packet pairs, ${this.disagreements.length} disagreement(s), ${this.refused.length} refused, ${this.retransmitted.length} retransmitted by the kernel`);
    for (const r of this.retransmitted.slice(0, 3)) console.log(`${tag} RETRANSMITTED ${r}`);
    for (const d of this.disagreements.slice(0, 5)) {
      console.log(`${tag} DISAGREE ${d.what}\n  packet ${JSON.stringify(d.packet)}\n  kernel ${JSON.stringify(d.kernel)}\n  tracer ${JSON.stringify(d.tracer)}\n${d.rules}`);
    }
    for (const r of this.refused.slice(0, 5)) console.log(`${tag} REFUSED ${r}`);
    console.log(`${tag} ${label}: ${this.listings.length} listing(s) differ from ${this.listingOf}`);
    for (const t of this.listings.slice(0, 5)) console.log(`${tag} LISTING ${t}`);
    expect(this.listings).toEqual([]);
    expect(this.pairs).toBeGreaterThanOrEqual(minPairs);
    expect(this.refused).toEqual([]);
    expect(this.disagreements.map((d) => d.what)).toEqual([]);
  }
}

/** Corpus trace cases that share their rules (and network), with every packet recorded through them. */
export interface CorpusGroup {
  names: string[];
  family: Family;
  text: string;
  network: PodNetwork;
  packets: TracePacket[];
}

/**
 * The trace cases of a corpus folder grouped by configuration: family and rules text (and, with
 * `byNetwork`, the recorded pod network), so each group loads once. Every packet but a prelude's
 * gets a fresh source port from `firstPort` on, so conntrack never mistakes one probe for another's
 * flow. `eth0Only` leaves out packets recorded on another uplink: our namespaces have one, eth0.
 */
export function corpusGroups(dir: string, options: { firstPort: number; eth0Only?: boolean; byNetwork?: boolean }): CorpusGroup[] {
  const groups = new Map<string, CorpusGroup>();
  let sport = options.firstPort;
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name, 'case.yaml');
    if (!existsSync(file)) continue;
    const read = readTraceCase(join(dir, name), parse(readFileSync(file, 'utf8')));
    if ('error' in read) throw new Error(`${name}: ${read.error}`);
    const p = read.packet;
    if (options.eth0Only && (p.iface ?? 'eth0') !== 'eth0') continue;
    const key = [p.family, ...(options.byNetwork ? [JSON.stringify(read.network)] : []), read.rules.text].join('\n');
    const g = groups.get(key) ?? { names: [], family: p.family, text: read.rules.text, network: read.network, packets: [] };
    g.packets.push(p.prelude ? p : { ...p, src: { ...p.src, port: sport++ } });
    g.names.push(name);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/**
 * Seeded runs of a plan, entry after entry, `count` each, until `budgetMs` has passed: the seed of
 * run `i` of an entry is `base + i·7919 + seedOffset`, so a failing run is replayed from its seed.
 */
export function* seededRuns<T extends { count: number; seedOffset: number }>(base: number, budgetMs: number, plan: readonly T[]): Generator<{ entry: T; i: number; seed: number; rng: Rng }> {
  const started = Date.now();
  for (const entry of plan) {
    for (let i = 0; i < entry.count && Date.now() - started < budgetMs; i++) {
      const seed = base + i * 7919 + entry.seedOffset;
      yield { entry, i, seed, rng: seededRng(seed) };
    }
  }
}

/**
 * A kernel suite: `body` declares its tests when the kernel can be used (`unavailable` undefined);
 * else CI gets one failing test that says why, and a developer's machine a loud skip.
 */
export function describeKernel(title: string, what: string, needs: string, unavailable: string | undefined, body: () => void): void {
  describe(title, () => {
    if (!unavailable) return body();
    if (process.env.CI) {
      it(`runs the ${what} (required in CI)`, () => {
        throw new Error(`the ${what} cannot run: ${unavailable}`);
      });
    } else {
      console.warn(`SKIPPING the ${what}: ${unavailable} (it needs ${needs})`);
      it.skip(`${what} SKIPPED: ${unavailable}`, () => {});
    }
  });
}
