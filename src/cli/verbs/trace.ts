import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import { networkOfCase } from '../../conformance/kinds/trace.ts';
import { tracePacket, type TracePacket } from '../../engine/packettrace/index.ts';
import { parseFlags, type CliIO } from '../io.ts';

export const traceUsage = 'meshsim trace FILE [--json]   (FILE: a trace case.yaml with rules.payload + packet; expected is ignored)';

export async function trace(args: string[], io: CliIO): Promise<number> {
  const { flags, positional } = parseFlags(args, [], ['--json']);
  if (positional.length !== 1) {
    io.err(`usage: ${traceUsage}`);
    return 2;
  }
  const file = resolve(positional[0]);
  const spec = parse(readFileSync(file, 'utf8'));
  if (!spec?.packet) {
    io.err(`meshsim trace: ${file} has no packet`);
    return 2;
  }
  const payloadName = spec.rules?.payload ?? (spec.packet.family === 'ipv6' ? 'rules-v6.txt' : 'rules-v4.txt');
  const payloadFile = resolve(dirname(file), payloadName);
  if (!existsSync(payloadFile)) {
    io.err(`meshsim trace: the payload ${payloadFile} does not exist (rules.payload names it, relative to the case file)`);
    return 2;
  }
  const result = tracePacket(readFileSync(payloadFile, 'utf8'), spec.packet as TracePacket, { network: networkOfCase(spec), input: payloadName });
  if (flags.has('--json')) {
    io.out(JSON.stringify(result, null, 2));
    return result.ok ? 0 : 1;
  }
  const lines: string[] = [];
  for (const d of result.diagnostics) {
    const where = d.source ? `${d.source.input}:${d.source.line}:${d.source.column}: ` : '';
    lines.push(`${where}${d.severity}: ${d.message}`);
  }
  lines.push(result.hits.length ? 'hits:' : 'hits: (none)');
  for (const h of result.hits) {
    lines.push(`  ${h.at.padEnd(28)} ${h.rule}${h.packets > 1 ? `  [${h.packets} packets]` : ''}`);
    lines.push(`  ${''.padEnd(28)} line ${h.payloadLine} of ${payloadName}, at ${h.hook}`);
  }
  lines.push(`final: ${result.final}`);
  const d = result.delivery;
  lines.push(`delivery: ${d.where}${d.iface ? ` via ${d.iface}` : ''}${d.src ? ` ${d.src} -> ${d.dst}` : ''}`);
  lines.push(result.explanation);
  io.out(lines.join('\n'));
  return result.ok ? 0 : 1;
}
