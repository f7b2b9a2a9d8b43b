/**
 * The tracer's public entry point: given an iptables-restore payload and one packet, which rules the
 * kernel's packet counters would show rising, in traversal order, and where the packet ends up.
 */
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { loadIptables, loadNft, parseNftScript, parseRestore, type Backend, type KernelRule, type MachineContext, type Ruleset } from '../netfilter/index.ts';
import type { IpAddr } from '../go/index.ts';
import { addrOf, canonicalAddr, familyOf, formatEndpoint } from './addresses.ts';
import { parseFlagLetters, type Tuple } from './conntrack.ts';
import { explain } from './explain.ts';
import { sendPacket, type Origin, type Recorder, type Sim } from './journey.ts';
import { isLocal, podRouting } from './network.ts';
import type { PodListener, TraceHit, TraceOptions, TracePacket, TraceResult, TraceStep } from './types.ts';

const DEFAULT_BUDGET = 100_000;
const DEFAULT_LISTENERS: PodListener[] = [
  { port: 15001, uid: 0, gid: 1337, transparent: true },
  { port: 15006, uid: 0, gid: 1337, transparent: true },
];

/** An nft script (or listing) rather than an iptables-restore payload. */
export function looksLikeNft(text: string): boolean {
  const first = text.split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#')) ?? '';
  return /^(add|insert|create|flush|delete)\s+(table|chain|rule|set|element)\b/.test(first) || /^table\s+\S+/.test(first);
}

export interface ReadOptions {
  input?: string;
  machine?: MachineContext;
  /** Which tool loads the text; guessed from it when absent. */
  backend?: Backend;
}

/**
 * Reads rules as text — an iptables-restore payload (for the packet's family) or an nft script — into
 * the ruleset the kernel would hold after loading them; problems are diagnostics.
 */
export function readPayload(payload: string, family: TracePacket['family'], options: ReadOptions = {}): { ruleset: Ruleset; diagnostics: Diagnostic[] } {
  if ((options.backend ?? (looksLikeNft(payload) ? 'nftables' : 'iptables')) === 'nftables') {
    const parsed = parseNftScript(payload, { input: options.input, origin: 'packettrace' });
    const loaded = loadNft(parsed.program, { machine: options.machine, input: options.input, origin: 'packettrace' });
    return { ruleset: loaded.ruleset, diagnostics: [...parsed.diagnostics, ...loaded.diagnostics] };
  }
  const parsed = parseRestore(payload, { family, input: options.input, origin: 'packettrace' });
  const loaded = loadIptables(parsed.program, { machine: options.machine, input: options.input, origin: 'packettrace' });
  return { ruleset: loaded.ruleset, diagnostics: [...parsed.diagnostics, ...loaded.diagnostics] };
}

/**
 * Reads the payload and traces the packet; never throws. A payload the kernel would refuse makes
 * the result not ok: the trace then shows only what could be read.
 */
export function tracePacket(payload: string, packet: TracePacket, options: TraceOptions & { backend?: Backend } = {}): TraceResult {
  const read = readPayload(payload, packet.family, { input: options.input, backend: options.backend });
  const result = traceRuleset(read.ruleset, packet, options);
  return { ...result, diagnostics: [...read.diagnostics, ...result.diagnostics], ok: result.ok && !read.diagnostics.some((d) => d.severity === 'error') };
}

/** Traces a packet through the rules the kernel holds; never throws. */
export function traceRuleset(ruleset: Ruleset, packet: TracePacket, options: TraceOptions = {}): TraceResult {
  try {
    return trace(ruleset, packet, options);
  } catch (err) {
    return {
      ok: false, hits: [], final: 'unknown', delivery: { where: 'dropped' }, steps: [], explanation: 'The packet could not be traced.',
      diagnostics: [diagnostic('packettrace', 'error', `the tracer failed: ${messageOf(err)}`)],
    };
  }
}

/** The members of each named set: the ruleset's own elements (nft), then what the network adds (ipsets). */
function setsOf(ruleset: Ruleset, given: Record<string, string[]> | undefined): Record<string, IpAddr[]> {
  const out: Record<string, IpAddr[]> = {};
  const add = (name: string, members: readonly string[]) => {
    for (const m of members) {
      const a = addrOf(m.trim());
      if (a) (out[name] ??= []).push(a);
    }
  };
  for (const t of ruleset.tables) for (const s of t.sets) add(s.name, s.elements);
  for (const [name, members] of Object.entries(given ?? {})) if (Array.isArray(members)) add(name, members.map(String));
  return out;
}

function silent(): Recorder {
  return { hit: () => {}, step: () => {}, terminal: () => {}, warn: () => {} };
}

/** The packet's endpoints and protocol, and its prelude's (an earlier packet of the same family), as the tracer can send them. */
function validate(packet: TracePacket): Diagnostic[] {
  const out: Diagnostic[] = [];
  const sent = [['packet', packet], ...(packet.prelude ? [['prelude packet', packet.prelude] as const] : [])] as const;
  for (const [what, p] of sent) {
    for (const [name, ep] of [['src', p.src], ['dst', p.dst]] as const) {
      if (!ep || !canonicalAddr(ep.addr)) out.push(diagnostic('packettrace', 'error', `${what} ${name} address "${ep?.addr}" is not an IP address`));
      else if (familyOf(ep.addr) !== packet.family) out.push(diagnostic('packettrace', 'error', `${what} ${name} address ${ep.addr} is not ${packet.family}`));
      if (!ep || !Number.isInteger(ep.port) || ep.port < 0 || ep.port > 65535) out.push(diagnostic('packettrace', 'error', `${what} ${name} port must be 0-65535`));
    }
    if (p.proto !== 'tcp' && p.proto !== 'udp') out.push(diagnostic('packettrace', 'error', `${what} proto must be tcp or udp`));
  }
  return out;
}

function trace(ruleset: Ruleset, packet: TracePacket, options: TraceOptions): TraceResult {
  const diagnostics = validate(packet);
  if (diagnostics.length) {
    return { ok: false, hits: [], final: 'unknown', delivery: { where: 'dropped' }, steps: [], explanation: 'The packet is not valid.', diagnostics };
  }
  if (ruleset.family && ruleset.family !== packet.family) {
    diagnostics.push(diagnostic('packettrace', 'warning', `the rules are ${ruleset.family} but the packet is ${packet.family}`));
  }
  const src = { addr: canonicalAddr(packet.src.addr)!, port: packet.src.port };
  const dst = { addr: canonicalAddr(packet.dst.addr)!, port: packet.dst.port };
  // Without a network description the pod owns the address the packet is sent from (outbound) or to (inbound).
  const fallback = packet.direction === 'outbound' ? [src.addr] : [dst.addr];
  const listeners: PodListener[] = [
    ...(options.network?.listeners ?? DEFAULT_LISTENERS),
    ...(packet.listeners ?? []).map((port) => ({ port, uid: 1000, gid: 1000 })),
  ];

  const routing = podRouting(packet.family, { ...options.network, iface: options.network?.iface ?? packet.iface }, ruleset, fallback);
  routing.transparentListeners = listeners.filter((l) => l.transparent).map((l) => l.port);
  const sim: Sim = { ruleset, routing, conns: [], budget: { left: options.budget ?? DEFAULT_BUDGET }, forwarding: !!packet.forwarding, sets: setsOf(ruleset, options.network?.sets) };

  const hits: TraceHit[] = [];
  const byKey = new Map<string, TraceHit>();
  const steps: TraceStep[] = [];
  let final: string | undefined;
  let decidedBy: string | undefined;
  const atOf = new Map<KernelRule, string>();
  const rec: Recorder = {
    hit(table, chain, rule, position, hook) {
      const at = `${table}/${chain}#${position}`;
      atOf.set(rule, at);
      const seen = byKey.get(at);
      if (seen) {
        seen.packets++;
        return;
      }
      const h: TraceHit = {
        // nft lists counters with their numbers; a hit shows the rule as the corpus does, `counter` alone.
        at, table, chain, position, rule: rule.kernelText.replace(/counter packets \d+ bytes \d+/, 'counter'), payloadLine: rule.src?.line ?? 0, payloadRule: rule.src?.text ?? '', packets: 1, hook,
        ...(rule.origin ? { origin: rule.origin } : {}),
      };
      byKey.set(at, h);
      hits.push(h);
    },
    step: (where, note) => steps.push({ where, note }),
    terminal(text, rule) {
      final = text;
      decidedBy = rule ? atOf.get(rule) : undefined;
    },
    warn: (message) => diagnostics.push(diagnostic('packettrace', 'warning', message)),
  };

  const tuple: Tuple = { proto: packet.proto, src: src.addr, sport: src.port, dst: dst.addr, dport: dst.port };
  const owner = { uid: packet.uid ?? 0, gid: packet.gid ?? 0 };
  const origin: Origin = packet.direction === 'outbound' ? { kind: 'local', owner } : { kind: 'wire', iif: packet.iface ?? routing.uplink };
  const established = packet.state === 'established';
  const firstFlags = packet.proto === 'tcp' ? (packet.tcpFlags && !established ? parseFlagLetters(packet.tcpFlags) : ['SYN']) : [];

  // The socket that answers on a pod port belongs to whoever listens there.
  const ownerOfPort = (port: number) => {
    const l = listeners.find((x) => x.port === port);
    return l ? { uid: l.uid, gid: l.gid } : owner;
  };

  if (packet.prelude) {
    const pr = packet.prelude;
    const prTuple: Tuple = { proto: pr.proto, src: canonicalAddr(pr.src.addr) ?? pr.src.addr, sport: pr.src.port, dst: canonicalAddr(pr.dst.addr) ?? pr.dst.addr, dport: pr.dst.port };
    const local = pr.uid !== undefined || isLocal(routing, prTuple.src);
    const prOrigin: Origin = local ? { kind: 'local', owner: { uid: pr.uid ?? 0, gid: pr.gid ?? pr.uid ?? 0 } } : { kind: 'wire', iif: routing.uplink };
    sendPacket(sim, silent(), prOrigin, prTuple, { tcpFlags: pr.proto === 'tcp' ? ['SYN'] : [] });
    steps.push({ where: 'prelude', note: `an earlier ${pr.proto} packet ${pr.src.addr}:${pr.src.port} -> ${pr.dst.addr}:${pr.dst.port} set up conntrack state` });
  }

  let result;
  if (!established) {
    result = sendPacket(sim, rec, origin, tuple, { mark: packet.mark, tcpFlags: firstFlags, transparent: packet.transparent });
  } else {
    // The connection was completed first (through the same rules, both ways); only a later segment is traced.
    const tcp = packet.proto === 'tcp';
    const setup = sendPacket(sim, silent(), origin, tuple, { mark: packet.mark, tcpFlags: tcp ? ['SYN'] : [], transparent: packet.transparent });
    const entry = setup.entry;
    const reply = entry?.reply;
    const serverOrigin: Origin | undefined = reply
      ? isLocal(routing, reply.src) ? { kind: 'local', owner: ownerOfPort(reply.sport) } : { kind: 'wire', iif: routing.uplink }
      : undefined;
    if (reply && serverOrigin) {
      sendPacket(sim, silent(), serverOrigin, reply, { tcpFlags: tcp ? ['SYN', 'ACK'] : [] });
      if (tcp) sendPacket(sim, silent(), origin, tuple, { mark: packet.mark, tcpFlags: ['ACK'] });
    }
    const segFlags = tcp ? ['ACK', 'PSH'] : [];
    if (packet.probe === 'server' && reply && serverOrigin) {
      steps.push({ where: 'conntrack', note: `the connection is established; the traced segment is the server's answer from ${reply.src}:${reply.sport}` });
      result = sendPacket(sim, rec, serverOrigin, reply, { tcpFlags: segFlags });
    } else {
      steps.push({ where: 'conntrack', note: 'the connection is established; only a later segment is traced (nat rules are not consulted again)' });
      result = sendPacket(sim, rec, origin, tuple, { mark: packet.mark, tcpFlags: segFlags });
    }
  }

  const outcome = final ?? (result.replayedNat ? `conntrack NAT to ${result.replayedNat}` : 'RETURN to the original destination');
  const e = result.entry;
  const tuple6 = (t: Tuple) => `${formatEndpoint(t.src, t.sport)} -> ${formatEndpoint(t.dst, t.dport)}`;
  const conntrack = e ? { zone: e.zone, mark: e.mark, original: tuple6(e.orig), reply: tuple6(e.reply) } : undefined;
  const res: TraceResult = {
    ok: !diagnostics.some((d) => d.severity === 'error'),
    hits,
    final: outcome,
    delivery: result.delivery,
    ...(conntrack ? { conntrack } : {}),
    steps,
    explanation: '',
    diagnostics,
  };
  res.explanation = explain(packet, res, decidedBy, Object.fromEntries(listeners.filter((l) => l.name).map((l) => [l.port, l.name!])));
  return res;
}
