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
  const fwmark = spec?.network?.policyRouting?.fwmark;
  const listeners = Array.isArray(spec?.network?.podListeners)
    ? spec.network.podListeners.map(listenerOf).filter((l: PodListener | undefined): l is PodListener => !!l)
    : undefined;
  return {
    iface: pod.iface,
    addresses: [pod.addr].filter((a): a is string => typeof a === 'string'),
    loopback: Array.isArray(pod.loopback) ? pod.loopback.filter((a: unknown): a is string => typeof a === 'string') : undefined,
    tproxyFwmark: typeof fwmark === 'number' ? fwmark : undefined,
    listeners,
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
  const mismatched = diffs.length > 0;
  for (const d of result.diagnostics) diffs.push(`  ${d.severity}: ${d.message}${d.source ? ` (${d.source.input}:${d.source.line}:${d.source.column})` : ''}`);
  // Rules the engine could not read fail the case, even when the expected answer is "no rule matched".
  const pass = !mismatched && result.ok && !result.diagnostics.some((d) => d.severity === 'error');
  return { pass, diff: pass ? undefined : diffs.join('\n'), detail: { hits: result.hits, final: result.final, delivery: result.delivery } };
};
