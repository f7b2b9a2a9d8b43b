/**
 * The one reader of a trace case (the `trace`, `nftables-trace` and `ambient-trace` kinds, `meshsim
 * trace` and the kernel suites): the rules file it names, the packet, and the pod network it was
 * recorded in, as the tracer takes them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Backend } from '../engine/netfilter/index.ts';
import type { PodListener, PodNetwork, TracePacket } from '../engine/packettrace/index.ts';

/** "15001 (IP_TRANSPARENT, uid 0 gid 1337)" → a listener; undefined for text of another shape. */
export function listenerOf(text: unknown): PodListener | undefined {
  const m = /^(\d+)\s*\(([^)]*)\)/.exec(String(text));
  if (!m) return undefined;
  const uid = /uid (\d+)/.exec(m[2]);
  const gid = /gid (\d+)/.exec(m[2]);
  return { port: Number(m[1]), uid: Number(uid?.[1] ?? 0), gid: Number(gid?.[1] ?? 0), transparent: m[2].includes('IP_TRANSPARENT') };
}

/** The pod network a trace case describes, as the tracer takes it. */
export function networkOfCase(spec: any): PodNetwork {
  const pod = spec?.network?.pod ?? {};
  const routing = spec?.network?.policyRouting;
  const fwmark = routing?.fwmark;
  const family = spec?.packet?.family === 'ipv6' ? 'ipv6' : 'ipv4';
  const sets = spec?.network?.ipsets && typeof spec.network.ipsets === 'object' ? spec.network.ipsets as Record<string, string[]> : undefined;
  const listeners = Array.isArray(spec?.network?.podListeners)
    ? spec.network.podListeners.map(listenerOf).filter((l: PodListener | undefined): l is PodListener => !!l)
    : undefined;
  return {
    iface: pod.iface,
    addresses: [pod.addr].filter((a): a is string => typeof a === 'string'),
    loopback: Array.isArray(pod.loopback) ? pod.loopback.filter((a: unknown): a is string => typeof a === 'string') : undefined,
    // A masked rule (the node agent's `fwmark 0x111/0xfff`) is a policy route; a bare fwmark is TPROXY's.
    ...(typeof fwmark === 'number' && typeof routing?.mask === 'number'
      ? { policyRoutes: [{ family, fwmark, mask: routing.mask, table: Number(routing.table ?? 0), ...(typeof routing.priority === 'number' ? { priority: routing.priority } : {}), route: { type: 'local' as const, dev: 'lo' } }] }
      : { tproxyFwmark: typeof fwmark === 'number' ? fwmark : undefined }),
    listeners,
    ...(sets ? { sets } : {}),
  };
}

/** The rules file of a trace case: where it is, and the backend the case states (else the text decides). */
export interface TraceCaseRules {
  /** As the case names it (`rules.payload`), else the corpus' default name for the backend and family. */
  name: string;
  /** Resolved against the case's folder. */
  path: string;
  backend?: Backend;
}

export function traceCaseRules(dir: string, spec: any): TraceCaseRules {
  const backend = spec?.rules?.backend === 'nftables' ? 'nftables' : spec?.rules?.backend ? 'iptables' : undefined;
  const name = spec?.rules?.payload ?? (backend === 'nftables' ? 'rules.nft' : spec?.packet?.family === 'ipv6' ? 'rules-v6.txt' : 'rules-v4.txt');
  return { name: String(name), path: resolve(dir, String(name)), ...(backend ? { backend } : {}) };
}

export interface TraceCase {
  rules: TraceCaseRules & { text: string };
  packet: TracePacket;
  network: PodNetwork;
}

/** Reads a trace case in `dir` (its parsed case.yaml is `spec`); a missing rules file is the error. */
export function readTraceCase(dir: string, spec: any): TraceCase | { error: string } {
  const rules = traceCaseRules(dir, spec);
  if (!existsSync(rules.path)) return { error: `the case's payload ${rules.name} is missing` };
  return { rules: { ...rules, text: readFileSync(rules.path, 'utf8') }, packet: spec.packet as TracePacket, network: networkOfCase(spec) };
}
