import { tracePacket } from '../../engine/packettrace/index.ts';
import { readTraceCase } from '../traceCase.ts';
import type { KindChecker } from '../types.ts';

/** A trace case passes when the ordered rule hits (`table/CHAIN#n`) and the final outcome are the kernel's. */
export const checkTrace: KindChecker = (c) => {
  const read = readTraceCase(c.dir, c.spec);
  if ('error' in read) return { pass: false, diff: `  ${read.error}` };
  const { rules, packet, network } = read;
  const result = tracePacket(rules.text, packet, { network, input: rules.name, backend: rules.backend ?? 'iptables' });
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
