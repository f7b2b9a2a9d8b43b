/**
 * Random istio-iptables-like restore payloads and packets for the kernel comparison suite. The rule
 * sets respect what the kernel accepts at load time (owner matches only on the output path, REDIRECT
 * only in nat, TPROXY only in mangle PREROUTING, CT only in raw) and their jumps never loop.
 */
import type { Family, TracePacket } from '../engine/packettrace/index.ts';
import type { Rng } from './random.ts';

export interface PodAddressing {
  family: Family;
  pod: string;
  prefix: number;
  peer: string;
  loopback: string;
  /** Addresses istio adds to lo besides the loopback one (IPv6's inbound passthrough source ::6). */
  extraLoopback: string[];
  /** Remote destinations reached through the peer (the default route). */
  remotes: string[];
  cidrs: string[];
}

export const ADDRESSING: Record<Family, PodAddressing> = {
  ipv4: {
    family: 'ipv4', pod: '192.0.2.10', prefix: 24, peer: '192.0.2.20', loopback: '127.0.0.1', extraLoopback: [],
    remotes: ['198.51.100.53', '198.51.100.100', '203.0.113.5', '203.0.113.34'],
    cidrs: ['192.0.2.10/32', '127.0.0.1/32', '127.0.0.6/32', '127.0.0.0/8', '198.51.100.0/24', '203.0.113.0/24', '192.0.2.0/24', '198.51.100.53/32', '198.51.100.0/25'],
  },
  ipv6: {
    family: 'ipv6', pod: '2001:db8::10', prefix: 64, peer: '2001:db8::20', loopback: '::1', extraLoopback: ['::6/128'],
    remotes: ['2001:db8:96::a', '2001:db8:96::35', '2001:db8:1::5'],
    cidrs: ['2001:db8::10/128', '::1/128', '::6/128', '2001:db8:96::/48', '2001:db8::/64', '2001:db8:1::/48', '2001:db8:96::35/128'],
  },
};

const PORTS = [53, 80, 443, 3306, 8080, 9000, 15001, 15006, 15008, 15020, 15021, 15053, 15090];
const IDS = [0, 1000, 1337, 888];

type Hook = 'PREROUTING' | 'INPUT' | 'FORWARD' | 'OUTPUT' | 'POSTROUTING';
/** Hooks every generated table uses, then the ones it may use. */
const TABLE_HOOKS: Record<string, { always: Hook[]; maybe: Hook[] }> = {
  raw: { always: ['PREROUTING', 'OUTPUT'], maybe: [] },
  mangle: { always: ['PREROUTING', 'OUTPUT'], maybe: ['INPUT', 'FORWARD', 'POSTROUTING'] },
  nat: { always: ['PREROUTING', 'OUTPUT'], maybe: ['INPUT', 'POSTROUTING'] },
  filter: { always: ['INPUT', 'OUTPUT'], maybe: ['FORWARD'] },
};
const ABBREVIATION: Record<Hook, string> = { PREROUTING: 'IN', INPUT: 'LOCAL', FORWARD: 'FWD', OUTPUT: 'OUT', POSTROUTING: 'POST' };
/** What the kernel allows at each hook: an input interface, an output interface, a sending socket. */
const hasIn = (h: Hook) => h === 'PREROUTING' || h === 'INPUT' || h === 'FORWARD';
const hasOut = (h: Hook) => h === 'OUTPUT' || h === 'FORWARD' || h === 'POSTROUTING';
const hasOwner = (h: Hook) => h === 'OUTPUT' || h === 'POSTROUTING';
interface ChainPlan {
  name: string;
  hook: Hook;
  rules: string[];
}

function matchWords(rng: Rng, a: PodAddressing, hook: Hook, table: string, needProto: boolean): { words: string[]; proto?: string } {
  const words: string[] = [];
  const bang = (p = 0.25) => (rng.chance(p) ? '! ' : '');
  let proto: string | undefined;
  if (needProto || rng.chance(0.6)) {
    proto = rng.pick(['tcp', 'tcp', 'udp']);
    words.push(`-p ${proto}`);
  }
  if (rng.chance(0.3)) words.push(`${bang()}-d ${rng.pick(a.cidrs)}`);
  if (rng.chance(0.2)) words.push(`${bang()}-s ${rng.pick(a.cidrs)}`);
  if (hasIn(hook) && rng.chance(0.25)) words.push(`${bang()}-i ${rng.pick(['lo', 'eth0', 'eth+', 'veth+'])}`);
  if (hasOut(hook) && rng.chance(0.3)) words.push(`${bang()}-o ${rng.pick(['lo', 'eth0', 'eth+'])}`);
  if (proto && rng.chance(0.5)) {
    const which = rng.pick(['--dport', '--dport', '--sport']);
    if (rng.chance(0.2)) words.push(`${bang()}${which} ${rng.pick([[15000, 15099], [1, 1023], [8000, 9999]]).join(':')}`);
    else words.push(`${bang()}${which} ${rng.pick(PORTS)}`);
  } else if (proto && rng.chance(0.2)) {
    const list = [...new Set([rng.pick(PORTS), rng.pick(PORTS), rng.pick(PORTS)])].join(',');
    words.push(`-m multiport ${bang()}${rng.pick(['--dports', '--sports'])} ${list}`);
  }
  if (hasOwner(hook) && rng.chance(0.35)) words.push(`-m owner ${bang(0.4)}${rng.pick(['--uid-owner', '--gid-owner'])} ${rng.pick(IDS)}`);
  if (table !== 'raw' && rng.chance(0.15)) words.push(`-m mark ${bang()}--mark ${rng.pick([1337, 1338])}`);
  if (table !== 'raw' && rng.chance(0.1)) words.push(`-m connmark ${bang()}--mark 1337`);
  if (rng.chance(table === 'raw' ? 0.08 : 0.15)) words.push(`-m conntrack ${bang(0.2)}--ctstate ${rng.pick(['NEW', 'RELATED,ESTABLISHED', 'INVALID', 'NEW,ESTABLISHED', 'DNAT'])}`);
  if (rng.chance(0.1)) words.push(`-m addrtype ${bang()}--${rng.pick(['dst', 'src'])}-type ${rng.pick(['LOCAL', 'UNICAST', 'MULTICAST'])}`);
  if (table === 'mangle' && hook === 'PREROUTING' && rng.chance(0.08)) words.push(`-m socket${rng.chance(0.5) ? ' --transparent' : ''}`);
  if (rng.chance(0.05)) words.push('-m comment --comment "random rule"');
  return { words, proto };
}

function targetWords(rng: Rng, table: string, hook: Hook, later: ChainPlan[], proto: string | undefined): string {
  const options: string[] = ['-j RETURN', '-j RETURN'];
  for (const c of later) options.push(`-j ${c.name}`, `-${rng.chance(0.15) ? 'g' : 'j'} ${c.name}`);
  if (rng.chance(0.05)) options.push('-j ACCEPT');
  if (table === 'filter') options.push('-j ACCEPT', rng.chance(0.3) ? '-j DROP' : '-j RETURN');
  if (table === 'nat' && (hook === 'PREROUTING' || hook === 'OUTPUT')) options.push(`-j REDIRECT --to-ports ${rng.pick([15001, 15006, 15053])}`);
  if (table === 'mangle') {
    options.push(`-j MARK --set-mark ${rng.pick([1337, 1338])}`, rng.pick(['-j CONNMARK --save-mark', '-j CONNMARK --restore-mark']));
    if (hook === 'PREROUTING' && proto === 'tcp') options.push(`-j TPROXY --tproxy-mark 1337/0xffffffff --on-port ${rng.pick([15006, 15006, 15002])}`);
  }
  if (table === 'raw') options.push(`-j CT --zone ${rng.pick([1, 2])}`);
  return rng.pick(options);
}

/** A random payload for one family; `tproxy` says whether it holds a TPROXY rule (needs policy routing). */
export function randomPayload(rng: Rng, family: Family): { payload: string; tproxy: boolean } {
  const a = ADDRESSING[family];
  const out: string[] = [];
  for (const table of ['raw', 'mangle', 'nat', 'filter']) {
    if (!rng.chance(table === 'nat' ? 0.95 : table === 'filter' ? 0.3 : 0.5)) continue;
    out.push(`* ${table}`);
    const chains: ChainPlan[] = [];
    const hooks = [...TABLE_HOOKS[table].always, ...TABLE_HOOKS[table].maybe.filter(() => rng.chance(0.4))];
    for (const hook of hooks) {
      const n = rng.int(1, 3);
      for (let i = 0; i < n; i++) chains.push({ name: `ISTIO_${ABBREVIATION[hook]}_${table.toUpperCase()}_${i}`, hook, rules: [] });
    }
    for (const c of chains) out.push(`-N ${c.name}`);
    const body: string[] = [];
    for (const hook of hooks) {
      const mine = chains.filter((c) => c.hook === hook);
      const builtinRules = rng.int(1, 3);
      for (let i = 0; i < builtinRules; i++) {
        const { words } = matchWords(rng, a, hook, table, false);
        const jump = i === 0 ? mine[0].name : rng.pick(mine).name;
        body.push(`-A ${hook} ${rng.chance(0.5) ? '' : words.join(' ') + ' '}-j ${jump}`.replace(/\s+/g, ' '));
      }
      mine.forEach((c, idx) => {
        const n = rng.int(2, 7);
        for (let i = 0; i < n; i++) {
          const target = targetWords(rng, table, hook, mine.slice(idx + 1), undefined);
          const needsProto = target.includes('TPROXY') || target.includes('REDIRECT');
          const { words, proto } = matchWords(rng, a, hook, table, needsProto);
          const finalTarget = target.includes('TPROXY') && proto !== 'tcp' ? '-j RETURN' : target;
          c.rules.push(`${words.join(' ')} ${finalTarget}`.trim());
        }
        for (const r of c.rules) body.push(`-A ${c.name} ${r}`);
        // An insert at a valid kernel position, as istio-iptables does for its early RETURNs.
        if (rng.chance(0.4)) {
          const { words } = matchWords(rng, a, hook, table, false);
          body.push(`-I ${c.name} ${rng.int(1, c.rules.length + 1)} ${words.join(' ')} -j RETURN`.replace(/\s+/g, ' '));
          c.rules.push('inserted');
        }
      });
    }
    // Chains are declared first, rules come in an order where every jump target already exists.
    out.push(...body, 'COMMIT');
  }
  const payload = out.join('\n') + '\n';
  return { payload, tproxy: payload.includes('TPROXY') };
}

/** A random packet of the family; `sport` is unique per packet so conntrack never sees one twice. */
export function randomPacket(rng: Rng, family: Family, sport: number): TracePacket {
  const a = ADDRESSING[family];
  const proto = rng.pick(['tcp', 'tcp', 'udp'] as const);
  const dport = rng.pick(PORTS);
  if (rng.chance(0.35)) {
    const src = rng.chance(0.8) ? a.peer : a.remotes[rng.int(0, a.remotes.length - 1)];
    const dst = rng.chance(0.85) ? a.pod : a.remotes[1];
    const p: TracePacket = { family, direction: 'inbound', proto, src: { addr: src, port: sport }, dst: { addr: dst, port: dport }, iface: 'eth0', state: 'new' };
    if (proto === 'tcp' && rng.chance(0.15)) p.tcpFlags = rng.pick(['SF', 'A', 'R', 'FA']);
    else if (proto === 'tcp' && dst === a.pod && rng.chance(0.2)) established(rng, p, dport);
    return p;
  }
  const loop = family === 'ipv4' ? ['127.0.0.1', '127.0.0.6'] : ['::1', '::6'];
  const fromLoopback = rng.chance(0.25);
  const src = fromLoopback ? rng.pick(loop) : a.pod;
  const locals = [a.pod, a.loopback, ...(family === 'ipv4' ? ['127.0.0.53'] : ['::6'])];
  const dst = fromLoopback || rng.chance(0.3) ? rng.pick(locals) : rng.pick(a.remotes);
  const uid = rng.pick(IDS);
  const gid = rng.chance(0.7) ? uid : rng.pick(IDS);
  const p: TracePacket = { family, direction: 'outbound', proto, src: { addr: src, port: sport }, dst: { addr: dst, port: dport }, iface: 'eth0', state: 'new', uid, gid };
  if (rng.chance(0.15)) p.mark = rng.pick([1337, 1338]);
  else if (proto === 'tcp' && locals.includes(dst) && rng.chance(0.2)) established(rng, p, dport);
  return p;
}

/**
 * The packets of one random configuration, source ports 40000 up: three configurations in ten
 * forward every packet through the pod (the FORWARD hook), the others none.
 */
export function randomPackets(rng: Rng, family: Family, count: number): TracePacket[] {
  const forwarding = rng.chance(0.3);
  return Array.from({ length: count }, (_, k) => ({ ...randomPacket(rng, family, 40000 + k), ...(forwarding ? { forwarding } : {}) }));
}

/** Turns a packet into a later segment of a completed connection, with a listener where it is going. */
function established(rng: Rng, p: TracePacket, dport: number): void {
  p.state = 'established';
  p.probe = rng.pick(['client', 'server'] as const);
  if (dport !== 15001 && dport !== 15006) p.listeners = [dport];
}
