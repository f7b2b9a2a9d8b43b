import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { networkOfCase, traceCaseRules } from '../../conformance/traceCase.ts';
import { tracePacket, type TracePacket } from '../../engine/packettrace/index.ts';
import { placedDocumentErrors } from '../../engine/yaml/index.ts';
import { CliError, InputError, outputFormat, parseFlags, readInput, type CliIO } from '../io.ts';

export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, flags, positional } = parseFlags(args, ['-o', '--output'], ['--json']);
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'json', 'yaml'] as const, 'text');
  if (positional.length !== 1) throw new CliError(positional.length ? 'give one trace case file' : 'no input: give a trace case file (case.yaml)');
  const file = resolve(positional[0]);
  const caseText = readInput(file, io);
  const doc = parseDocument(caseText);
  if (doc.errors.length) {
    const e = placedDocumentErrors(doc, caseText)[0];
    throw new InputError(`${positional[0]}:${e.line}:${e.column}: error: ${e.message}`);
  }
  const spec = doc.toJS();
  if (!spec?.packet) throw new CliError(`${positional[0]} has no packet`);
  const rules = traceCaseRules(dirname(file), spec);
  const payloadName = rules.name;
  if (!existsSync(rules.path)) throw new CliError(`the payload ${rules.path} does not exist (rules.payload names it, relative to the case file)`);
  // nft scripts (nftables-trace cases) and iptables-restore payloads alike; the case says which, else the text does.
  const result = tracePacket(readInput(rules.path, io), spec.packet as TracePacket, { network: networkOfCase(spec), input: payloadName, ...(rules.backend ? { backend: rules.backend } : {}) });
  if (format !== 'text') {
    io.out(format === 'json' ? JSON.stringify(result, null, 2) : stringify(result, { lineWidth: 0, aliasDuplicateObjects: false }));
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
