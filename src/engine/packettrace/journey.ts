/**
 * One packet's walk through the pod's netfilter hooks, in the kernel's order:
 *   locally generated: output → postrouting → if it leaves by `lo`, back in through prerouting
 *     (nat is not consulted again) → input;
 *   from the wire: prerouting → routing → input, or forward → postrouting.
 * At each hook the base chains of every table run by priority (iptables' raw -300, mangle -150,
 * nat -100...; nft base chains as declared), with conntrack's lookup at -200 between them. `accept`
 * ends only its base chain; a drop ends the packet. nat chains run only for a connection's first
 * packet; later packets replay the NAT in conntrack.
 */
import type { IpAddr } from '../go/index.ts';
import type { Chain, ChainType, Hook, KernelRule, Ruleset, Statement, Table } from '../netfilter/index.ts';
import { canonicalAddr, formatEndpoint } from './addresses.ts';
import { lookup, tcpFlagsVerdict, type ConnEntry, type Direction, type Tuple } from './conntrack.ts';
import { deliveredLocally, isLocal, routeOut, type PodRouting } from './network.ts';
import type { PacketState } from './packetState.ts';
import { runChain, type Effect } from './runChain.ts';
import type { Endpoint, TraceDelivery } from './types.ts';

/** conntrack's own hook priority: it runs after raw (-300) and before mangle (-150). */
const CONNTRACK_PRIORITY = -200;

interface Step {
  table: Table;
  chain: Chain;
  type: ChainType;
  priority: number;
}

/** The base chains at a hook, by priority, for packets of one family. */
export function baseChainsAt(ruleset: Ruleset, hook: Hook, family: 'ipv4' | 'ipv6'): Step[] {
  const out: Step[] = [];
  for (const table of ruleset.tables) {
    if (table.family === 'ip' && family !== 'ipv4') continue;
    if (table.family === 'ip6' && family !== 'ipv6') continue;
    for (const chain of table.chains) {
      if (chain.base?.hook === hook) out.push({ table, chain, type: chain.base.type, priority: chain.base.priority });
    }
  }
  return out.sort((a, b) => a.priority - b.priority);
}

/** Receives what the walk sees; a silent recorder is used for packets that only set up state. */
export interface Recorder {
  hit(table: string, chain: string, rule: KernelRule, position: number, hook: string): void;
  step(where: string, note: string): void;
  terminal(text: string, rule?: KernelRule): void;
  warn(message: string): void;
}

export interface Sim {
  ruleset: Ruleset;
  /** Members of the named sets (ipset / nft sets) rules look addresses up in. */
  sets?: Record<string, IpAddr[]>;
  routing: PodRouting;
  conns: ConnEntry[];
  budget: { left: number };
  forwarding: boolean;
}

export interface Origin {
  kind: 'local' | 'wire';
  owner?: { uid: number; gid: number };
  /** wire: the interface the packet arrives on. */
  iif?: string;
}

export interface JourneyResult {
  delivery: TraceDelivery;
  entry?: ConnEntry;
  dir?: Direction;
  /** The NAT an existing connection applied to this packet, as the new address. */
  replayedNat?: string;
}

interface Ct {
  entry?: ConnEntry;
  dir?: Direction;
  isNew: boolean;
  state: PacketState['ctstate'];
  /** A CT target already attached a template (or the packet already carries its conntrack entry). */
  templated: boolean;
  zone: number;
  untracked: boolean;
  dstManipDone: boolean;
  srcManipDone: boolean;
  tproxied: boolean;
  redirected: boolean;
  /** The conntrack lookup has happened (it runs once, between raw and mangle). */
  looked: boolean;
  replayedNat?: string;
}

export function sendPacket(sim: Sim, rec: Recorder, origin: Origin, t: Tuple, opts: { mark?: number; tcpFlags: string[]; transparent?: boolean }): JourneyResult {
  const r = sim.routing;
  const p: PacketState = {
    family: r.family, proto: t.proto, src: t.src, sport: t.sport, dst: t.dst, dport: t.dport,
    mark: opts.mark ?? 0, tcpFlags: opts.tcpFlags, ctstate: 'invalid', ctmark: 0, ctNat: { dnat: false, snat: false },
    localCidrs: r.localCidrs,
    ...(sim.sets ? { sets: sim.sets } : {}),
  };
  const ct: Ct = { isNew: false, state: 'invalid', templated: false, zone: 0, untracked: false, dstManipDone: false, srcManipDone: false, tproxied: false, redirected: false, looked: false };

  const chainIndex = new Map<Table, Map<string, Chain>>();
  const chainsOf = (t: Table) => {
    let m = chainIndex.get(t);
    if (!m) chainIndex.set(t, (m = new Map(t.chains.map((c) => [c.name, c]))));
    return m;
  };
  const tproxyPort = (rule: KernelRule) => rule.statements.find((x): x is Extract<Statement, { kind: 'tproxy' }> => x.kind === 'tproxy')?.port?.value;

  const hasNat = sim.ruleset.tables.some((t) => t.chains.some((c) => c.base?.type === 'nat') && (t.family === 'inet' || (t.family === 'ip') === (r.family === 'ipv4')));

  const walk = (hook: Hook, label: string): 'accept' | 'drop' => {
    const isDstHook = hook === 'prerouting' || hook === 'output';
    const tracked = hook === 'prerouting' || hook === 'output';
    const chains = baseChainsAt(sim.ruleset, hook, r.family);
    // conntrack's lookup, and NAT's own hook where no nat chain is registered at this hook (the NAT
    // of an existing connection is replayed on every hook once any nat chain exists).
    const steps: Array<Step | { virtual: 'conntrack' | 'nat'; priority: number }> = [...chains];
    if (tracked) steps.push({ virtual: 'conntrack', priority: CONNTRACK_PRIORITY });
    if (hasNat && hook !== 'forward' && !chains.some((c) => c.type === 'nat')) steps.push({ virtual: 'nat', priority: isDstHook ? -100 : 100 });
    steps.sort((x, y) => x.priority - y.priority || ('virtual' in x ? -1 : 0) - ('virtual' in y ? -1 : 0));
    // Whether this packet sets up the connection's NAT at this hook (first packet), decided once per hook.
    let natFresh: boolean | undefined;
    let natBound = false;
    const natGate = (): boolean => {
      if (!ct.entry || ct.untracked) return false;
      if (natFresh === undefined) {
        natFresh = !(isDstHook ? ct.dstManipDone : ct.srcManipDone);
        if (isDstHook) ct.dstManipDone = true;
        else ct.srcManipDone = true;
        if (!natFresh) replayNat(isDstHook);
      }
      // Later nat chains of the hook are skipped once one has bound the connection.
      return natFresh && !natBound;
    };
    for (const step of steps) {
      if ('virtual' in step) {
        if (step.virtual === 'conntrack') {
          if (!ct.looked) conntrackIn();
        } else natGate();
        continue;
      }
      if (step.type === 'nat' && !natGate()) continue;
      p.ctstate = ct.untracked ? 'untracked' : ct.entry ? ct.state : !ct.looked && ct.templated ? 'new' : 'invalid';
      p.ctmark = ct.entry?.mark ?? 0;
      p.ctNat = { dnat: !!ct.entry?.dnat, snat: !!ct.entry?.snat };
      p.socket = hook === 'prerouting' || hook === 'input' ? ownSocket() : undefined;
      const where = `${step.table.name} ${label}`;
      const byName = chainsOf(step.table);
      const run = runChain(step.chain, p, {
        budget: sim.budget,
        chain: (name) => byName.get(name),
        onHit: (rule, position, chain) => rec.hit(step.table.name, chain, rule, position, label),
        apply: (rule, statement) => {
          const e = applyStatement(rule, statement, hook, step.type);
          if (step.type === 'nat' && e === 'accept') natBound = true;
          return e;
        },
      });
      if (run.exhausted) rec.warn(`the rule budget ran out in ${step.table.name} ${step.chain.name}; the rules may loop`);
      if (run.verdict === 'drop') {
        const byTproxy = run.decidedBy?.statements.some((x) => x.kind === 'tproxy') && sim.ruleset.backend === 'iptables';
        if (!byTproxy) rec.terminal('DROP', run.decidedBy);
        rec.step(where, run.decidedBy ? 'dropped' : `dropped by the chain's drop policy`);
        return 'drop';
      }
      const by = run.decidedBy;
      const last = by?.statements.at(-1);
      if (by && last?.kind === 'verdict' && last.verdict === 'accept') {
        const port = sim.ruleset.backend === 'nftables' && ct.tproxied ? tproxyPort(by) : undefined;
        rec.terminal(port !== undefined ? `TPROXY to ${port}` : 'ACCEPT', by);
      }
      rec.step(where, describeRun(by, step.chain.name));
    }
    return 'accept';
  };

  /**
   * The pod socket `-m socket` finds for this packet: only an established connection's socket whose
   * address is the packet's destination as it is now (listeners bound to any address are ignored).
   */
  const ownSocket = (): PacketState['socket'] => {
    const e = ct.entry;
    if (!e || !e.seenReply) return undefined;
    if (ct.dir === 'original') {
      if (p.dst !== e.reply.src || p.dport !== e.reply.sport) return undefined;
      if (!e.tproxied && !isLocal(r, e.reply.src)) return undefined;
      return { transparent: e.tproxied || !!r.transparentListeners?.includes(e.reply.sport) };
    }
    if (!e.fromPod || p.dst !== e.orig.src || p.dport !== e.orig.sport) return undefined;
    return { transparent: !!e.clientTransparent };
  };

  const conntrackIn = () => {
    ct.looked = true;
    if (ct.untracked) return;
    if (p.proto === 'tcp') {
      const v = tcpFlagsVerdict(p.tcpFlags);
      if (!v.valid) return;
      const found = lookup(sim.conns, ct.zone, { proto: p.proto, src: p.src, sport: p.sport, dst: p.dst, dport: p.dport });
      if (found) return attach(found.entry, found.dir);
      if (!v.canStart) return;
    } else {
      const found = lookup(sim.conns, ct.zone, { proto: p.proto, src: p.src, sport: p.sport, dst: p.dst, dport: p.dport });
      if (found) return attach(found.entry, found.dir);
    }
    const now: Tuple = { proto: p.proto, src: p.src, sport: p.sport, dst: p.dst, dport: p.dport };
    ct.entry = {
      zone: ct.zone, orig: now, reply: now, mark: 0, seenReply: false, tproxied: false,
      fromPod: origin.kind === 'local', clientTransparent: origin.kind === 'local' && !!opts.transparent,
    };
    ct.isNew = true;
    ct.state = 'new';
  };

  const attach = (entry: ConnEntry, dir: Direction) => {
    // conntrack's TCP state machine: before the connection saw an answer, only a SYN may go its way.
    if (p.proto === 'tcp' && dir === 'original' && !entry.seenReply && !p.tcpFlags.includes('SYN')) return;
    ct.entry = entry;
    ct.dir = dir;
    ct.dstManipDone = true;
    ct.srcManipDone = true;
    if (dir === 'reply') entry.seenReply = true;
    ct.state = entry.seenReply ? 'established' : 'new';
  };

  /**
   * The NAT an earlier packet bound, applied by conntrack to a later packet of the connection:
   * original-direction packets get the new destination (DNAT/REDIRECT) at the destination hooks and
   * the new source (SNAT) at the source hooks; replies are translated back the other way round.
   */
  const replayNat = (isDstHook: boolean) => {
    const e = ct.entry;
    if (!e || ct.isNew) return;
    const note = (addr: string, port: number) => {
      ct.replayedNat ??= formatEndpoint(addr, port);
    };
    if (ct.dir === 'original') {
      if (isDstHook && e.dnat) {
        p.dst = e.dnat.addr;
        p.dport = e.dnat.port;
        note(p.dst, p.dport);
      } else if (!isDstHook && e.snat) {
        p.src = e.snat.addr;
        p.sport = e.snat.port;
        note(p.src, p.sport);
      }
    } else if (isDstHook && e.snat) {
      p.dst = e.orig.src;
      p.dport = e.orig.sport;
      note(p.dst, p.dport);
    } else if (!isDstHook && e.dnat) {
      p.src = e.orig.dst;
      p.sport = e.orig.dport;
      note(p.src, p.sport);
    }
  };

  const applyStatement = (rule: KernelRule, t: Statement, hook: Hook, type: ChainType): Effect => {
    switch (t.kind) {
      case 'redirect': case 'dnat': {
        if (type !== 'nat' || !ct.entry) return 'continue';
        let addr: string;
        // OUTPUT redirects to loopback; PREROUTING to the first address of the interface the packet came
        // in on (the pod's address is the one the tracer knows) — either way the packet is now for the pod.
        if (t.kind === 'redirect') addr = hook === 'output' ? (r.family === 'ipv4' ? '127.0.0.1' : '::1') : r.primary ?? p.dst;
        else addr = t.addr?.value ? canonical(t.addr.text) : p.dst;
        const port = t.port?.value ? t.port.value[0] : p.dport;
        p.dst = addr;
        p.dport = port;
        ct.entry.dnat = { addr, port };
        if (t.kind === 'redirect') ct.redirected = true;
        rec.terminal(t.kind === 'redirect' ? `REDIRECT to ${port}` : `DNAT to ${formatEndpoint(addr, port)}`, rule);
        return 'accept';
      }
      case 'snat': case 'masquerade': {
        if (type !== 'nat' || !ct.entry) return 'continue';
        const addr = t.kind === 'snat' && t.addr?.value ? canonical(t.addr.text) : p.src;
        const port = t.kind === 'snat' && t.port?.value ? t.port.value[0] : p.sport;
        p.src = addr;
        p.sport = port;
        ct.entry.snat = { addr, port };
        rec.terminal(t.kind === 'snat' ? `SNAT to ${addr}` : 'MASQUERADE', rule);
        return 'accept';
      }
      case 'tproxy': {
        if (hook !== 'prerouting') return 'continue';
        const port = t.port?.value ?? 0;
        // The packet goes to the flow's own socket, else to the listener on the port.
        const hasSocket = !!ct.entry?.seenReply && ct.dir === 'original';
        const listening = !r.transparentListeners || r.transparentListeners.includes(port);
        if (sim.ruleset.backend === 'nftables') {
          // nft's tproxy only assigns a socket; without one the rule stops there.
          if (!hasSocket && !listening) return 'break';
          ct.tproxied = true;
          if (ct.entry) ct.entry.tproxied = true;
          return 'continue';
        }
        rec.terminal(`TPROXY to ${port}`, rule);
        if (!hasSocket && !listening) {
          rec.step('TPROXY', `no transparent socket listens on port ${port}: the kernel drops the packet`);
          return 'drop';
        }
        const m = t.mark?.value ?? { value: 0, mask: 0 };
        p.mark = ((p.mark & ~m.mask) ^ m.value) >>> 0;
        ct.tproxied = true;
        if (ct.entry) ct.entry.tproxied = true;
        return 'accept';
      }
      case 'mark': {
        const e = ct.entry;
        const from = t.from === 'packet' ? p.mark : t.from === 'conn' ? e?.mark ?? 0 : 0;
        if (t.target === 'packet') {
          if (t.from === 'conn' && (!e || ct.untracked)) return 'continue';
          p.mark = (((p.mark & t.keep) ^ (from & t.take)) ^ t.xor) >>> 0;
          return 'continue';
        }
        if (!e || ct.untracked) return 'continue';
        e.mark = (((e.mark & t.keep) ^ (from & t.take)) ^ t.xor) >>> 0;
        p.ctmark = e.mark;
        return 'continue';
      }
      case 'ctZone': case 'notrack':
        // The first CT target (or ct zone set) wins: once a template — or the packet's own entry — is attached, later ones do nothing.
        if (ct.templated || ct.entry) return 'continue';
        ct.templated = true;
        if (t.kind === 'notrack') ct.untracked = true;
        else ct.zone = t.zone.value ?? 0;
        // The template is what `-m conntrack` / `ct state` sees for the rest of the raw table: NEW (or UNTRACKED).
        p.ctstate = t.kind === 'notrack' ? 'untracked' : 'new';
        return 'continue';
      default:
        return 'continue';
    }
  };

  const finish = (delivery: TraceDelivery): JourneyResult => {
    if (delivery.where !== 'dropped' && ct.entry && ct.isNew) {
      const e = ct.entry;
      e.reply = { proto: e.orig.proto, src: e.dnat?.addr ?? e.orig.dst, sport: e.dnat?.port ?? e.orig.dport, dst: e.snat?.addr ?? e.orig.src, dport: e.snat?.port ?? e.orig.sport };
      sim.conns.push(e);
    }
    return { delivery, entry: ct.entry, dir: ct.dir ?? 'original', replayedNat: ct.replayedNat };
  };
  const here = (where: TraceDelivery['where'], iface?: string): TraceDelivery =>
    where === 'dropped' ? { where } : { where, iface, src: formatEndpoint(p.src, p.sport), dst: formatEndpoint(p.dst, p.dport) };

  if (origin.kind === 'local') {
    p.owner = origin.owner;
    p.oif = routeOut(r, p.dst, p.mark);
    rec.step('routing', `locally generated; the route lookup picks ${p.oif}`);
    if (walk('output', 'OUTPUT') === 'drop') return finish(here('dropped'));
    // A new mark or destination re-routes the packet, but every OUTPUT table still saw the first
    // route's interface: the new one shows from POSTROUTING on.
    const rerouted = routeOut(r, p.dst, p.mark);
    if (rerouted !== p.oif) rec.step('routing', `re-routed after OUTPUT: the packet now leaves by ${rerouted}`);
    p.oif = rerouted;
    if (walk('postrouting', 'POSTROUTING') === 'drop') return finish(here('dropped'));
    if (p.oif !== 'lo') return finish(here('sent', p.oif));
    // Looped back: the packet keeps its conntrack entry, so nat PREROUTING is not consulted again.
    p.owner = undefined;
    p.iif = 'lo';
    const oif = p.oif;
    p.oif = undefined;
    if (ct.entry || ct.untracked) {
      ct.templated = true;
      ct.looked = true;
    } else {
      // conntrack found the packet invalid on the way out, so it arrives with no entry and is looked up afresh.
      ct.templated = false;
      ct.looked = false;
      ct.zone = 0;
    }
    rec.step('loopback', `the packet left by ${oif} and comes back in through lo`);
    if (walk('prerouting', 'PREROUTING (looped back via lo)') === 'drop') return finish(here('dropped'));
    if (!deliveredLocally(r, p.dst, p.mark) && !ct.tproxied) {
      rec.step('routing', `${p.dst} is not an address of the pod: the looped packet is dropped`);
      return finish(here('dropped'));
    }
    if (walk('input', 'INPUT (looped back via lo)') === 'drop') return finish(here('dropped'));
    return finish(here('local', 'lo'));
  }

  p.iif = origin.iif ?? r.uplink;
  if (walk('prerouting', 'PREROUTING') === 'drop') return finish(here('dropped'));
  if (deliveredLocally(r, p.dst, p.mark) || ct.tproxied || ct.redirected) {
    if (walk('input', 'INPUT') === 'drop') return finish(here('dropped'));
    return finish(here('local', p.iif));
  }
  if (!sim.forwarding) {
    rec.step('routing', `${p.dst} is not an address of the pod and forwarding is off: dropped`);
    return finish(here('dropped'));
  }
  p.oif = routeOut(r, p.dst, p.mark);
  if (walk('forward', 'FORWARD') === 'drop') return finish(here('dropped'));
  if (walk('postrouting', 'POSTROUTING') === 'drop') return finish(here('dropped'));
  return finish(here('sent', p.oif));
}

function describeRun(rule: KernelRule | undefined, chain: string): string {
  if (!rule) return `no terminal rule: the policy of ${chain} (accept) lets it through`;
  const last = rule.statements.at(-1);
  const what = last?.kind === 'verdict' ? last.verdict : last?.kind ?? 'rule';
  return `${what} by ${rule.kernelText}`;
}

function canonical(text: string): string {
  return canonicalAddr(text.trim()) ?? text;
}

export function endpointText(e: Endpoint): string {
  return formatEndpoint(e.addr, e.port);
}

