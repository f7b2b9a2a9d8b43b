/**
 * Network namespaces for the kernel comparison suite: a "pod" namespace with a veth uplink to a
 * "peer" namespace, documentation addresses only. Every command that changes network state runs
 * inside a namespace this file created (`ip -n` / `ip netns exec`); the host is never touched.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADDRESSING } from './randomRules.ts';
import type { Family, TracePacket } from '../engine/packettrace/index.ts';

const DRIVER = fileURLToPath(new URL('./driver.py', import.meta.url));
let counter = 0;

/** Why the suite cannot run here, or undefined when it can. */
export function kernelUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not running as root';
  for (const tool of ['ip', 'iptables-restore', 'ip6tables-restore', 'iptables-save', 'nft', 'python3']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  }
  const probe = `msimprobe${process.pid}`;
  if (spawnSync('ip', ['netns', 'add', probe]).status !== 0) return 'cannot create network namespaces';
  spawnSync('ip', ['netns', 'del', probe]);
  return undefined;
}

function run(args: string[], input?: string): string {
  return execFileSync(args[0], args.slice(1), { input, encoding: 'utf8', timeout: 30_000, stdio: ['pipe', 'pipe', 'pipe'] });
}

export interface KernelHits {
  hits: Record<string, number>;
  error: string | null;
  /**
   * More copies of the packet the kernel sent (a TCP retransmission while the driver waited):
   * the driver's filter dropped them before any rule, so `hits` counts the one traced copy.
   */
  copies: number;
}

/** How the driver sends. `stallSeconds`: it holds still this long after each send, as a starved machine would. */
export interface SendOptions {
  sockets?: { tcp: number[]; udp?: number[] };
  stallSeconds?: number;
}

export interface Pod {
  name: string;
  family: Family;
  backend: 'iptables' | 'nftables';
  /**
   * Loads a restore payload with --noflush (or an nft script with `nft -f`) inside the pod; returns
   * the error text when the kernel refuses it.
   */
  load(payload: string): string | undefined;
  /** The rules as the kernel holds them: `iptables-save`, or `nft list ruleset` without our own probe tables. */
  save(): string;
  /**
   * Sends each packet and reports the rules whose counters rose. `sockets` replaces the default
   * transparent listeners (Envoy's 15001 and 15006, uid 0 gid 1337): ztunnel's in-pod sockets.
   */
  send(packets: DriverPacket[], options?: SendOptions): KernelHits[];
  destroy(): void;
}

export interface DriverPacket {
  direction: 'inbound' | 'outbound';
  proto: string;
  src: string;
  sport: number;
  dst: string;
  dport: number;
  uid?: number;
  gid?: number;
  mark?: number;
  transparent?: boolean;
  tcpFlags?: string;
  state?: 'new' | 'established';
  probe?: 'client' | 'server';
  /** One locally generated datagram sent (filters open) before the traced packet. */
  prelude?: { proto: string; src: string; sport: number; dst: string; dport: number; uid?: number; gid?: number };
  /** Extra pod listeners for this packet (uid/gid 1000). */
  listeners?: number[];
}

/** A traced packet as the driver takes it. */
export function toDriver(p: TracePacket): DriverPacket {
  return {
    direction: p.direction, proto: p.proto, src: p.src.addr, sport: p.src.port, dst: p.dst.addr, dport: p.dst.port,
    uid: p.uid, gid: p.gid, mark: p.mark, transparent: p.transparent, tcpFlags: p.tcpFlags,
    state: p.state, probe: p.probe, listeners: p.listeners,
    prelude: p.prelude && {
      proto: p.prelude.proto, src: p.prelude.src.addr, sport: p.prelude.src.port, dst: p.prelude.dst.addr, dport: p.prelude.dst.port, uid: p.prelude.uid, gid: p.prelude.gid,
    },
  };
}

const live = new Set<string>();
process.on('exit', () => {
  for (const ns of live) spawnSync('ip', ['netns', 'del', ns]);
});

/** What else a namespace needs before its rules load: the ambient node agent's policy route and probe sets. */
export interface PodSetup {
  /** `ip rule fwmark F/M pref P lookup T` with `local default dev lo` in T. */
  policyRoutes?: Array<{ fwmark: number; mask: number; table: number; priority?: number }>;
  /** ipsets (hash:ip with comments, as the node agent creates them) and their members. */
  ipsets?: Record<string, string[]>;
  /** An nft script loaded before the rules (e.g. the node agent's probe sets and their elements). */
  nftPrelude?: string;
  /** Addresses on lo instead of the family's `extraLoopback` (the node agent adds no ::6). */
  extraLoopback?: string[];
}

/** Creates the pod and peer namespaces; `tproxyMark` installs istio's TPROXY policy route. */
export function createPod(family: Family, tproxyMark?: number, forwarding = false, backend: 'iptables' | 'nftables' = 'iptables', setup: PodSetup = {}): Pod {
  const a = ADDRESSING[family];
  const name = `msim${process.pid}p${++counter}`;
  const peer = `${name}x`;
  const ip6 = family === 'ipv6' ? ['-6'] : [];
  const destroy = () => {
    for (const ns of [name, peer]) {
      spawnSync('ip', ['netns', 'del', ns]);
      live.delete(ns);
    }
  };
  try {
    for (const ns of [name, peer]) {
      run(['ip', 'netns', 'add', ns]);
      live.add(ns);
    }
    run(['ip', '-n', name, 'link', 'add', 'eth0', 'type', 'veth', 'peer', 'name', 'peer0', 'netns', peer]);
    const sysctl = (ns: string, kv: string) => run(['ip', 'netns', 'exec', ns, 'sysctl', '-q', '-w', kv]);
    for (const ns of [name, peer]) {
      sysctl(ns, 'net.ipv4.conf.all.rp_filter=0');
      sysctl(ns, 'net.ipv4.conf.default.rp_filter=0');
      sysctl(ns, 'net.ipv6.conf.all.accept_ra=0');
      sysctl(ns, 'net.ipv6.conf.default.accept_ra=0');
      sysctl(ns, 'net.ipv6.conf.default.router_solicitations=0');
    }
    if (forwarding) sysctl(name, family === 'ipv4' ? 'net.ipv4.ip_forward=1' : 'net.ipv6.conf.all.forwarding=1');
    const nodad = family === 'ipv6' ? ['nodad'] : [];
    run(['ip', '-n', name, 'link', 'set', 'lo', 'up']);
    run(['ip', '-n', peer, 'link', 'set', 'lo', 'up']);
    run(['ip', '-n', name, 'addr', 'add', `${a.pod}/${a.prefix}`, 'dev', 'eth0', ...nodad]);
    for (const extra of setup.extraLoopback ?? a.extraLoopback) run(['ip', '-n', name, 'addr', 'add', extra, 'dev', 'lo', ...nodad]);
    run(['ip', '-n', peer, 'addr', 'add', `${a.peer}/${a.prefix}`, 'dev', 'peer0', ...nodad]);
    run(['ip', '-n', name, 'link', 'set', 'eth0', 'up']);
    run(['ip', '-n', peer, 'link', 'set', 'peer0', 'up']);
    run(['ip', '-n', name, ...ip6, 'route', 'add', 'default', 'via', a.peer, 'dev', 'eth0']);
    run(['ip', '-n', peer, ...ip6, 'route', 'add', 'default', 'via', a.pod, 'dev', 'peer0']);
    // Static neighbours: no ARP/ND traffic of our own to count or to filter.
    const mac = (ns: string, dev: string) => JSON.parse(run(['ip', '-n', ns, '-j', 'link', 'show', dev]))[0].address as string;
    run(['ip', '-n', name, 'neigh', 'replace', a.peer, 'lladdr', mac(peer, 'peer0'), 'dev', 'eth0', 'nud', 'permanent']);
    run(['ip', '-n', peer, 'neigh', 'replace', a.pod, 'lladdr', mac(name, 'eth0'), 'dev', 'peer0', 'nud', 'permanent']);
    if (tproxyMark !== undefined) {
      run(['ip', '-n', name, ...ip6, 'rule', 'add', 'fwmark', String(tproxyMark), 'lookup', '133']);
      run(['ip', '-n', name, ...ip6, 'route', 'add', 'local', family === 'ipv4' ? '0.0.0.0/0' : '::/0', 'dev', 'lo', 'table', '133']);
    }
    for (const r of setup.policyRoutes ?? []) {
      run(['ip', '-n', name, ...ip6, 'rule', 'add', 'fwmark', `0x${r.fwmark.toString(16)}/0x${r.mask.toString(16)}`, ...(r.priority !== undefined ? ['pref', String(r.priority)] : []), 'lookup', String(r.table)]);
      run(['ip', '-n', name, ...ip6, 'route', 'add', 'local', family === 'ipv4' ? '0.0.0.0/0' : '::/0', 'dev', 'lo', 'table', String(r.table)]);
    }
    for (const [set, members] of Object.entries(setup.ipsets ?? {})) {
      run(['ip', 'netns', 'exec', name, 'ipset', 'create', set, 'hash:ip', 'family', family === 'ipv4' ? 'inet' : 'inet6', 'comment']);
      for (const m of members) run(['ip', 'netns', 'exec', name, 'ipset', 'add', set, m]);
    }
    if (setup.nftPrelude) run(['ip', 'netns', 'exec', name, 'nft', '-f', '-'], setup.nftPrelude);
    // Chains that run before the raw table and drop everything but one copy of the traced packet
    // (driver.py fills them per packet), so replies, ICMP errors, neighbour traffic and
    // retransmissions never move a counter.
    run(['ip', 'netns', 'exec', name, 'nft', '-f', '-'], [
      'table inet meshsim_probe {',
      '  chain out { type filter hook output priority -400; policy drop; }',
      '  chain pre { type filter hook prerouting priority -400; policy drop; }',
      '}',
    ].join('\n'));
    run(['ip', 'netns', 'exec', peer, 'nft', '-f', '-'], 'table inet meshsim_sink {\n  chain incoming { type filter hook input priority 0; policy drop; ct state established,related accept; }\n}');
  } catch (err) {
    destroy();
    throw err;
  }
  const nft = backend === 'nftables';
  return {
    name,
    family,
    backend,
    load(payload) {
      const cmd = nft ? ['nft', '-f', '-'] : [family === 'ipv4' ? 'iptables-restore' : 'ip6tables-restore', '--noflush'];
      const res = spawnSync('ip', ['netns', 'exec', name, ...cmd], { input: payload, encoding: 'utf8', timeout: 30_000 });
      return res.status === 0 ? undefined : (res.stderr || `exit ${res.status}`).trim();
    },
    save() {
      if (!nft) return run(['ip', 'netns', 'exec', name, family === 'ipv4' ? 'iptables-save' : 'ip6tables-save']);
      // Our probe filters live in tables of their own; the listing is the rest.
      const listing = run(['ip', 'netns', 'exec', name, 'nft', 'list', 'ruleset']);
      return listing.split(/(?=^table )/m).filter((t) => !/^table \S+ meshsim_/.test(t)).join('');
    },
    send(packets, { sockets, stallSeconds = 0 } = {}) {
      const spec = { family, backend, peerNetns: `/run/netns/${peer}`, listeners: sockets?.tcp ?? [15001, 15006], udpSockets: sockets?.udp ?? [], packets, stallSeconds };
      const out = run(['ip', 'netns', 'exec', name, 'python3', DRIVER], JSON.stringify(spec));
      return out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as KernelHits);
    },
    destroy,
  };
}
