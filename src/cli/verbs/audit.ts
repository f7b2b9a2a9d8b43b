import { readFileSync } from 'node:fs';
import { auditDump, summarizeAudit, type AuditRow, type AuditSummary } from '../../engine/audit/index.ts';
import type { Diagnostic } from '../../engine/diagnostics.ts';
import { parseFlags, type CliIO } from '../io.ts';

export const auditUsage = 'meshsim audit -f DUMP.yaml [--json]   every pod of a cluster dump: webhooks, verdict, deciding rule, drift';

const DRIFT: Record<string, string> = { 'missing-sidecar': 'needs restart', 'unwanted-sidecar': 'unwanted sidecar', 'old-revision': 'old revision' };

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd());
}

const shortWebhook = (w: string) => w.replace(/\.sidecar-injector\.istio\.io$/, '');

function line(r: AuditRow): string[] {
  const verdict = r.verdict === 'injected' ? `injected (${r.injectedBy.join(', ')})` : r.verdict;
  const drift = r.drift.map((d) => (d === 'old-revision' ? `${DRIFT[d]} ${r.sidecar.revision}` : DRIFT[d])).join(', ');
  return [r.name, r.namespace, r.webhooks.map(shortWebhook).join(', ') || '-', verdict, r.decidingRule, drift || '-'];
}

function totals(s: AuditSummary): string {
  return [
    `${s.pods} pods: ${s.injected} injected, ${s.notInjected} not injected${s.rejected ? `, ${s.rejected} rejected` : ''}; ${s.withSidecar} have a sidecar now`,
    `drift: ${s.drifting} pods (${s.drift['missing-sidecar']} need a restart to get a sidecar, ${s.drift['unwanted-sidecar']} have a sidecar they would not get now, ${s.drift['old-revision']} were injected by another revision than the one that would inject them now)`,
  ].join('\n');
}

const at = (d: Diagnostic) => (d.source ? `${d.source.input}:${d.source.line}:${d.source.column}: ` : '');

/** `meshsim audit -f DUMP.yaml`: exit 0 when no pod drifts, 1 when some do, 2 on input it cannot read. */
export function audit(args: string[], io: CliIO): number {
  const { values, flags, positional } = parseFlags(args, ['-f', '--filename'], ['--json']);
  const files = [...(values['-f'] ?? []), ...(values['--filename'] ?? []), ...positional];
  if (files.length !== 1) {
    io.err(`usage: ${auditUsage}`);
    return 2;
  }
  const file = files[0];
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (err) {
    io.err(`meshsim audit: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  const { rows, overview } = auditDump(text, { input: file });
  const summary = summarizeAudit(rows);
  const errors = overview.diagnostics.filter((d) => d.severity === 'error');
  if (flags.has('--json')) {
    io.out(JSON.stringify({ rows, summary, diagnostics: overview.diagnostics }, null, 2));
  } else {
    for (const d of overview.diagnostics.filter((x) => x.severity !== 'info')) io.err(`${d.severity}: ${at(d)}${d.message}`);
    if (rows.length) io.out([...table([['POD', 'NAMESPACE', 'WEBHOOKS CALLED', 'VERDICT', 'DECIDING RULE', 'DRIFT'], ...rows.map(line)]), '', totals(summary)].join('\n'));
  }
  if (errors.length) return 2;
  if (!rows.length) {
    io.err('meshsim audit: no Pod in the input (expected the output of kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml)');
    return 2;
  }
  return summary.drifting ? 1 : 0;
}
