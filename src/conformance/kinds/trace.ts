import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { tracePacket } from '../../engine/packettrace/index.ts';
import type { PodListener, PodNetwork, TracePacket } from '../../engine/packettrace/index.ts';
import type { KindChecker } from '../types.ts';

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

/** A trace case passes when the ordered rule hits (`table/CHAIN#n`) and the final outcome are the kernel's. */
export const checkTrace: KindChecker = (c) => {
  const nft = c.spec?.rules?.backend === 'nftables';
  const payloadFile = c.spec?.rules?.payload ?? (nft ? 'rules.nft' : c.spec?.packet?.family === 'ipv6' ? 'rules-v6.txt' : 'rules-v4.txt');
  const payloadPath = join(c.dir, payloadFile);
  if (!existsSync(payloadPath)) return { pass: false, diff: `  the case's payload ${payloadFile} is missing` };
  const payload = readFileSync(payloadPath, 'utf8');
  const packet = c.spec.packet as TracePacket;
  const result = tracePacket(payload, packet, { network: networkOfCase(c.spec), input: payloadFile, backend: nft ? 'nftables' : 'iptables' });
  const expectedAt: string[] = (c.spec.expected?.hits ?? []).map((h: any) => h.at);
  const actualAt = result.hits.map((h) => h.at);
  const diffs: string[] = [];
  if (expectedAt.join('\n') !== actualAt.join('\n')) {
    diffs.push(`  hits expected: ${expectedAt.join(', ') || '(none)'}`, `  hits   actual: ${actualAt.join(', ') || '(none)'}`);
  }
  if (c.spec.expected?.final !== result.final) diffs.push(`  final expected: ${c.spec.expected?.final}`, `  final   actual: ${result.final}`);
  // The engine models the rest too: each hit's kernel text, payload line and count, where the kernel
  // delivered the packet, and the conntrack entry it left — all held against the recording.
  (c.spec.expected?.hits ?? []).forEach((h: any, i: number) => {
    const got = result.hits[i];
    if (!got || got.at !== h.at) return;
    if (h.rule !== undefined && h.rule !== got.rule) diffs.push(`  ${h.at} rule expected: ${h.rule}`, `  ${h.at} rule   actual: ${got.rule}`);
    if (h.payloadLine !== undefined && h.payloadLine !== got.payloadLine) diffs.push(`  ${h.at} payload line expected ${h.payloadLine}, actual ${got.payloadLine}`);
    if ((h.packets ?? 1) !== got.packets) diffs.push(`  ${h.at} packets expected ${h.packets ?? 1}, actual ${got.packets}`);
  });
  const ed = c.spec.expected?.delivery;
  if (ed) {
    const d = result.delivery;
    const same = ed.where === d.where && (ed.iface === undefined || ed.iface === d.iface) && (ed.src === undefined || ed.src === d.src) && (ed.dst === undefined || ed.dst === d.dst);
    if (!same) diffs.push(`  delivery expected: ${JSON.stringify(ed)}`, `  delivery   actual: ${JSON.stringify(d)}`);
  }
  const ec = c.spec.expected?.conntrack;
  if (ec) {
    const t = result.conntrack;
    const same = !!t && ec.zone === t.zone && ec.mark === t.mark && ec.original === t.original && ec.reply === t.reply;
    if (!same) diffs.push(`  conntrack expected: ${JSON.stringify(ec)}`, `  conntrack   actual: ${JSON.stringify(t ?? null)}`);
  }
  const mismatched = diffs.length > 0;
  for (const d of result.diagnostics) diffs.push(`  ${d.severity}: ${d.message}${d.source ? ` (${d.source.input}:${d.source.line}:${d.source.column})` : ''}`);
  // Rules the engine could not read fail the case, even when the expected answer is "no rule matched".
  const pass = !mismatched && result.ok && !result.diagnostics.some((d) => d.severity === 'error');
  return { pass, diff: pass ? undefined : diffs.join('\n'), detail: { hits: result.hits, final: result.final, delivery: result.delivery } };
};
