/**
 * One packet's walk through the pod's netfilter hooks, in the kernel's order:
 *   locally generated: OUTPUT (raw, mangle, nat, filter) → POSTROUTING → if it leaves by `lo`, back in
 *     through PREROUTING (raw, mangle; nat is not consulted again) → INPUT;
 *   from the wire: PREROUTING (raw, mangle, nat) → routing → INPUT, or FORWARD → POSTROUTING.
 * nat chains run only for a connection's first packet; later packets replay the NAT in conntrack.
 */
import { lookup, tcpFlagsVerdict, type ConnEntry, type Direction, type Tuple } from './conntrack.ts';
import { deliveredLocally, isLocal, routeOut, type PodRouting } from './network.ts';
import type { PacketState } from './packetState.ts';
import { runChain, type Effect } from './runChain.ts';
import type { Endpoint, Rule, RuleSet, TableName, TraceDelivery } from './types.ts';
import { formatEndpoint } from './values.ts';

type Hook = 'PREROUTING' | 'INPUT' | 'FORWARD' | 'OUTPUT' | 'POSTROUTING';

const HOOK_TABLES: Record<Hook, TableName[]> = {
  PREROUTING: ['raw', 'mangle', 'nat'],
  INPUT: ['mangle', 'filter', 'security', 'nat'],
  FORWARD: ['mangle', 'filter', 'security'],
  OUTPUT: ['raw', 'mangle', 'nat', 'filter', 'security'],
  POSTROUTING: ['mangle', 'nat'],
};

/** Receives what the walk sees; a silent recorder is used for packets that only set up state. */
export interface Recorder {
  hit(rule: Rule, position: number, hook: string): void;
  step(where: string, note: string): void;
  terminal(text: string, rule?: Rule): void;
  warn(message: string): void;
}

export interface Sim {
  ruleset: RuleSet;
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
    mark: opts.mark ?? 0, tcpFlags: opts.tcpFlags, ctstate: 'INVALID', ctmark: 0, ctNat: { dnat: false, snat: false },
    localCidrs: r.localCidrs,
  };
  const ct: Ct = { isNew: false, state: 'INVALID', templated: false, zone: 0, untracked: false, dstManipDone: false, srcManipDone: false, tproxied: false, redirected: false, looked: false };

  const walk = (hook: Hook, label: string): 'accept' | 'drop' => {
    for (const tableName of HOOK_TABLES[hook]) {
      if (tableName === 'mangle' && hook === 'PREROUTING' || tableName === 'mangle' && hook === 'OUTPUT') {
        // conntrack runs between raw and mangle.
        if (!ct.looked) conntrackIn();
      }
      if (tableName === 'nat') {
        const isDstHook = hook === 'PREROUTING' || hook === 'OUTPUT';
        const done = isDstHook ? ct.dstManipDone : ct.srcManipDone;
        if (!ct.entry || ct.untracked) continue;
        if (done) {
          replayNat(isDstHook);
          continue;
        }
        if (isDstHook) ct.dstManipDone = true;
        else ct.srcManipDone = true;
      }
      const table = sim.ruleset.tables[tableName];
      if (!table || !table.chains[hook]) continue;
      p.ctstate = ct.untracked ? 'UNTRACKED' : ct.entry ? ct.state : !ct.looked && ct.templated ? 'NEW' : 'INVALID';
      p.ctmark = ct.entry?.mark ?? 0;
      p.ctNat = { dnat: !!ct.entry?.dnat, snat: false };
      p.socket = hook === 'PREROUTING' || hook === 'INPUT' ? ownSocket() : undefined;
      const run = runChain(table, hook, p, {
        budget: sim.budget,
        onHit: (rule, position) => rec.hit(rule, position, label),
        apply: (rule) => applyTarget(rule, hook),
      });
      if (run.exhausted) rec.warn(`the rule budget ran out in ${tableName} ${hook}; the rules may loop`);
      if (run.verdict === 'drop') {
        if (run.decidedBy?.target.kind !== 'TPROXY') rec.terminal('DROP', run.decidedBy);
        rec.step(`${tableName} ${label}`, run.decidedBy ? 'dropped' : `dropped by the chain's DROP policy`);
        return 'drop';
      }
      if (run.decidedBy?.target.kind === 'ACCEPT') rec.terminal('ACCEPT', run.decidedBy);
      rec.step(`${tableName} ${label}`, describeRun(run.decidedBy));
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
    ct.state = 'NEW';
  };

  const attach = (entry: ConnEntry, dir: Direction) => {
    // conntrack's TCP state machine: before the connection saw an answer, only a SYN may go its way.
    if (p.proto === 'tcp' && dir === 'original' && !entry.seenReply && !p.tcpFlags.includes('SYN')) return;
    ct.entry = entry;
    ct.dir = dir;
    ct.dstManipDone = true;
    ct.srcManipDone = true;
    if (dir === 'reply') entry.seenReply = true;
    ct.state = entry.seenReply ? 'ESTABLISHED' : 'NEW';
  };

  const replayNat = (isDstHook: boolean) => {
    const e = ct.entry;
    if (!e?.dnat || ct.isNew) return;
    if (isDstHook && ct.dir === 'original' && !ct.replayedNat) {
      p.dst = e.dnat.addr;
      p.dport = e.dnat.port;
      ct.replayedNat = formatEndpoint(p.dst, p.dport);
    } else if (!isDstHook && ct.dir === 'reply' && !ct.replayedNat) {
      p.src = e.orig.dst;
      p.sport = e.orig.dport;
      ct.replayedNat = formatEndpoint(p.src, p.sport);
    }
  };

  const applyTarget = (rule: Rule, hook: Hook): Effect => {
    const t = rule.target;
    switch (t.kind) {
      case 'REDIRECT': case 'DNAT': {
        if (rule.table !== 'nat' || !ct.entry) return 'continue';
        let addr: string;
        // OUTPUT redirects to loopback; PREROUTING to the first address of the interface the packet came
        // in on (the pod's address is the one the tracer knows) — either way the packet is now for the pod.
        if (t.kind === 'REDIRECT') addr = hook === 'OUTPUT' ? (r.family === 'ipv4' ? '127.0.0.1' : '::1') : r.primary ?? p.dst;
        else addr = t.addr ?? p.dst;
        const port = t.port ?? p.dport;
        p.dst = addr;
        p.dport = port;
        ct.entry.dnat = { addr, port };
        if (t.kind === 'REDIRECT') ct.redirected = true;
        rec.terminal(t.kind === 'REDIRECT' ? `REDIRECT to ${port}` : `DNAT to ${formatEndpoint(addr, port)}`, rule);
        return 'accept';
      }
      case 'SNAT': case 'MASQUERADE':
        rec.terminal(t.kind, rule);
        return 'accept';
      case 'TPROXY': {
        if (rule.table !== 'mangle' || hook !== 'PREROUTING') return 'continue';
        rec.terminal(`TPROXY to ${t.port}`, rule);
        // The packet goes to the flow's own socket, else to the listener on the port; with neither it is dropped.
        const hasSocket = !!ct.entry?.seenReply && ct.dir === 'original';
        if (!hasSocket && r.transparentListeners && !r.transparentListeners.includes(t.port)) {
          rec.step('TPROXY', `no transparent socket listens on port ${t.port}: the kernel drops the packet`);
          return 'drop';
        }
        p.mark = ((p.mark & ~t.mask) ^ t.mark) >>> 0;
        ct.tproxied = true;
        if (ct.entry) ct.entry.tproxied = true;
        return 'accept';
      }
      case 'MARK':
        p.mark = ((p.mark & ~t.mask) ^ t.value) >>> 0;
        return 'continue';
      case 'CONNMARK': {
        const e = ct.entry;
        if (!e || ct.untracked) return 'continue';
        if (t.op === 'save') e.mark = ((e.mark & ~t.ctmask) ^ (p.mark & t.nfmask)) >>> 0;
        else if (t.op === 'restore') p.mark = ((p.mark & ~t.nfmask) ^ (e.mark & t.ctmask)) >>> 0;
        else e.mark = ((e.mark & ~t.mask) ^ t.value) >>> 0;
        p.ctmark = e.mark;
        return 'continue';
      }
      case 'CT':
        // The first CT target wins: once a template (or the packet's own entry) is attached, later ones do nothing.
        if (ct.templated || ct.entry) return 'continue';
        ct.templated = true;
        if (t.notrack) ct.untracked = true;
        else if (t.zone !== undefined) ct.zone = t.zone;
        // The template is what `-m conntrack` sees for the rest of the raw table: NEW (or UNTRACKED).
        p.ctstate = t.notrack ? 'UNTRACKED' : 'NEW';
        return 'continue';
      default:
        return 'continue';
    }
  };

  const finish = (delivery: TraceDelivery): JourneyResult => {
    if (delivery.where !== 'dropped' && ct.entry && ct.isNew) {
      const e = ct.entry;
      e.reply = { proto: e.orig.proto, src: e.dnat?.addr ?? e.orig.dst, sport: e.dnat?.port ?? e.orig.dport, dst: e.orig.src, dport: e.orig.sport };
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
    if (walk('OUTPUT', 'OUTPUT') === 'drop') return finish(here('dropped'));
    // A new mark or destination re-routes the packet, but every OUTPUT table still saw the first
    // route's interface: the new one shows from POSTROUTING on.
    const rerouted = routeOut(r, p.dst, p.mark);
    if (rerouted !== p.oif) rec.step('routing', `re-routed after OUTPUT: the packet now leaves by ${rerouted}`);
    p.oif = rerouted;
    if (walk('POSTROUTING', 'POSTROUTING') === 'drop') return finish(here('dropped'));
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
    if (walk('PREROUTING', 'PREROUTING (looped back via lo)') === 'drop') return finish(here('dropped'));
    if (!deliveredLocally(r, p.dst, p.mark) && !ct.tproxied) {
      rec.step('routing', `${p.dst} is not an address of the pod: the looped packet is dropped`);
      return finish(here('dropped'));
    }
    if (walk('INPUT', 'INPUT (looped back via lo)') === 'drop') return finish(here('dropped'));
    return finish(here('local', 'lo'));
  }

  p.iif = origin.iif ?? r.uplink;
  if (walk('PREROUTING', 'PREROUTING') === 'drop') return finish(here('dropped'));
  if (deliveredLocally(r, p.dst, p.mark) || ct.tproxied || ct.redirected) {
    if (walk('INPUT', 'INPUT') === 'drop') return finish(here('dropped'));
    return finish(here('local', p.iif));
  }
  if (!sim.forwarding) {
    rec.step('routing', `${p.dst} is not an address of the pod and forwarding is off: dropped`);
    return finish(here('dropped'));
  }
  p.oif = routeOut(r, p.dst, p.mark);
  if (walk('FORWARD', 'FORWARD') === 'drop') return finish(here('dropped'));
  if (walk('POSTROUTING', 'POSTROUTING') === 'drop') return finish(here('dropped'));
  return finish(here('sent', p.oif));
}

function describeRun(rule: Rule | undefined): string {
  if (!rule) return 'no terminal rule: the chain policy (ACCEPT) lets it through';
  return `${rule.target.kind} by ${rule.chain}`;
}

export function endpointText(e: Endpoint): string {
  return formatEndpoint(e.addr, e.port);
}

