import { stringify } from 'yaml';
import { auditDump, summarizeAudit, type AuditRow, type AuditSummary } from '../../engine/audit/index.ts';
import { CliError, outputFormat, parseFlags, readInput, type CliIO } from '../io.ts';
import { diagnosticLine } from './format.ts';

const DRIFT: Record<string, string> = { 'missing-sidecar': 'needs restart', 'unwanted-sidecar': 'unwanted sidecar', 'old-revision': 'old revision' };

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd());
}

const shortWebhook = (w: string) => w.replace(/\.sidecar-injector\.istio\.io$/, '');

function line(r: AuditRow, wide: boolean): string[] {
  const verdict = r.verdict === 'injected' ? `injected (${r.injectedBy.join(', ')})` : r.verdict;
  const drift = r.drift.map((d) => (d === 'old-revision' ? `${DRIFT[d]} ${r.sidecar.revision}` : DRIFT[d])).join(', ');
  const cells = [r.name, r.namespace, r.webhooks.map(shortWebhook).join(', ') || '-', verdict, r.decidingRule, drift || '-'];
  return wide ? [...cells.slice(0, 5), r.sidecar.present ? `yes${r.sidecar.revision ? ` (${r.sidecar.revision})` : ''}` : 'no', drift || '-', r.driftDetail || '-'] : cells;
}

function totals(s: AuditSummary): string {
  return [
    `${s.pods} pods: ${s.injected} injected, ${s.notInjected} not injected${s.rejected ? `, ${s.rejected} rejected` : ''}; ${s.withSidecar} have a sidecar now`,
    `drift: ${s.drifting} pods (${s.drift['missing-sidecar']} need a restart to get a sidecar, ${s.drift['unwanted-sidecar']} have a sidecar they would not get now, ${s.drift['old-revision']} were injected by another revision than the one that would inject them now)`,
  ].join('\n');
}

const HEAD = ['POD', 'NAMESPACE', 'WEBHOOKS CALLED', 'VERDICT', 'DECIDING RULE', 'DRIFT'];
const WIDE_HEAD = ['POD', 'NAMESPACE', 'WEBHOOKS CALLED', 'VERDICT', 'DECIDING RULE', 'SIDECAR', 'DRIFT', 'WHY'];

/** `meshsim audit -f DUMP.yaml`: exit 0 when no pod drifts, 1 when some do, 2 on input it cannot read. */
export function run(args: string[], io: CliIO): number {
  const { values, flags, positional } = parseFlags(args, ['-f', '--filename', '-o', '--output'], ['--json']);
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'wide', 'json', 'yaml'] as const, 'text');
  const files = [...(values['-f'] ?? []), ...(values['--filename'] ?? []), ...positional];
  if (files.length !== 1) throw new CliError(files.length ? 'give one dump file' : 'no input: give the dump with -f DUMP.yaml (or -f - for standard input)');
  const file = files[0];
  const text = readInput(file, io);
  const { rows, overview } = auditDump(text, { input: file === '-' ? 'stdin' : file });
  const summary = summarizeAudit(rows);
  const errors = overview.diagnostics.filter((d) => d.severity === 'error');
  if (format === 'json' || format === 'yaml') {
    const report = { rows, summary, diagnostics: overview.diagnostics };
    io.out(format === 'json' ? JSON.stringify(report, null, 2) : stringify(report, { lineWidth: 0, aliasDuplicateObjects: false }));
  } else {
    for (const d of overview.diagnostics.filter((x) => x.severity !== 'info')) io.err(diagnosticLine(d));
    const wide = format === 'wide';
    if (rows.length) io.out([...table([wide ? WIDE_HEAD : HEAD, ...rows.map((r) => line(r, wide))]), '', totals(summary)].join('\n'));
  }
  if (errors.length) return 2;
  if (!rows.length) throw new CliError(`no Pod in ${file === '-' ? 'standard input' : file} (expected the output of kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml)`);
  return summary.drifting ? 1 : 0;
}
