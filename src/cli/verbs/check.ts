import { readFileSync } from 'node:fs';
import { analyzeAdmission } from '../../engine/admission/analyzeAdmission.ts';
import type { AdmissionResult, TraceStep, WorkloadAdmission } from '../../engine/admission/types.ts';
import type { Diagnostic, SourceRef } from '../../engine/diagnostics.ts';
import { readScenarioDocuments } from '../../engine/documents/scenarioDocuments.ts';
import { analyzeInjection } from '../../engine/scenario/injectionSection.ts';
import { withInjectionOutcome } from '../../engine/scenario/rejectedByIstiod.ts';
import { parseFlags, type CliIO } from '../io.ts';

export const checkUsage = 'meshsim check -f FILE... [--json] [--no-suggestions] [--truth-table]   why each pod is (or is not) injected';

const MARK: Record<TraceStep['outcome'], string> = { pass: '✔', fail: '✘', skip: '-', decisive: '➜' };
const VERDICT: Record<WorkloadAdmission['verdict'], string> = { injected: 'INJECTED', 'not-injected': 'NOT INJECTED', rejected: 'REJECTED' };

const at = (s?: SourceRef) => (s ? `${s.input}:${s.line}:${s.column}` : '');

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - [...c].length))).join('   ').trimEnd());
}

function diagnosticLine(d: Diagnostic): string {
  return `  ${d.severity}: ${d.source ? `${at(d.source)}: ` : ''}${d.message}`;
}

const INJECTION_KEYS = ['istio-injection', 'istio.io/rev', 'sidecar.istio.io/inject'];
const injectionLabels = (labels: Record<string, string>) =>
  Object.entries(labels).filter(([k]) => INJECTION_KEYS.includes(k)).map(([k, v]) => `${k}=${v}`).join(',') || '(none)';

function renderTruthTable(w: WorkloadAdmission): string[] {
  if (!w.truthTable) return [];
  const rows = w.truthTable.rows.map((r) => [r.current ? '→' : '', injectionLabels(r.namespaceLabels), injectionLabels(r.podLabels), r.called.map((c) => `${c.revision} (${c.configuration}/${c.webhook})`).join(' + ') || '-']);
  return ['', `Truth table (${w.truthTable.note}):`, ...table([['', 'NAMESPACE', 'POD', 'INJECTORS CALLED'], ...rows]).map((l) => `  ${l}`)];
}

function render(w: WorkloadAdmission, truthTable: boolean): string[] {
  const out: string[] = [];
  out.push(`${w.workload.kind} ${w.workload.namespace}/${w.workload.name}: ${VERDICT[w.verdict]}${w.workload.source ? `  (${at(w.workload.source)})` : ''}`);
  out.push(`  ${w.summary}`);
  out.push('');
  if (w.checkInject.rows.length) {
    out.push(...table([['WEBHOOK', 'REVISION', 'INJECTED', 'REASON'], ...w.checkInject.rows.map((r) => [r.webhook, r.revision, r.injected ? '✔' : '✘', r.reason])]));
  }
  if (w.checkInject.footer) out.push(w.checkInject.footer);
  out.push('');
  out.push('API server (configurations by name, webhooks in order):');
  if (!w.webhooks.length) out.push('  (no MutatingWebhookConfiguration in the input)');
  for (const h of w.webhooks) {
    const policies = h.called ? ` (failurePolicy ${h.failurePolicy}, reinvocationPolicy ${h.reinvocationPolicy})` : '';
    out.push(`  ${h.called ? '✔' : '✘'} ${h.configuration} / ${h.webhook}${h.injector && h.revision ? ` [istiod ${h.revision}]` : ''}: ${h.called ? 'called' : 'not called'} — ${h.reason.replace(/^called: /, '')}${policies}`);
  }
  for (const inj of w.injectors) {
    out.push('');
    const cm = inj.configMap ? `ConfigMap ${inj.configMap.namespace ? `${inj.configMap.namespace}/` : ''}${inj.configMap.name}` : 'no ConfigMap in the input: chart defaults assumed';
    out.push(`istiod revision ${inj.revision} (via ${inj.webhook}, ${cm}):`);
    for (const s of w.steps.filter((x) => x.id.startsWith(`istiod:${inj.revision}:${inj.configuration}/${inj.webhook}:`) && !x.id.endsWith(':config'))) {
      const seen = s.values.filter((v) => v.source).map((v) => `${v.name} at ${at(v.source)}`);
      out.push(`  ${MARK[s.outcome]} ${s.title}: ${s.detail}${seen.length ? `  (${seen.join(', ')})` : ''}`);
    }
    out.push(`  => ${inj.decision.message}`);
  }
  if (w.doubleInjection) out.push('', `DOUBLE INJECTION: ${w.doubleInjection.message}`);
  if (truthTable) out.push(...renderTruthTable(w));
  const notes = w.diagnostics;
  if (notes.length) out.push('', 'Notes:', ...notes.map(diagnosticLine));
  if (!w.suggestions.length && w.verdict !== 'rejected') out.push('', 'No change of up to three labels, annotations or settings examined turns the verdict around.');
  if (w.suggestions.length) {
    const goal = w.doubleInjection && w.verdict === 'injected' ? 'To have it injected once (each verified):' : w.verdict === 'injected' ? 'To keep it from being injected (each verified):' : 'To get it injected (each verified):';
    out.push('', goal);
    for (const s of w.suggestions) {
      out.push(`  - ${s.sentence}`);
      if (s.command) out.push(`      $ ${s.command}`);
    }
  }
  return out;
}

/** `meshsim check -f FILE...`: the verdict and the trace for every pod or workload in the files. */
export function check(args: string[], io: CliIO): number {
  const { values, flags, positional } = parseFlags(args, ['-f', '--filename'], ['--json', '--no-suggestions', '--truth-table']);
  const files = [...(values['-f'] ?? []), ...(values['--filename'] ?? []), ...positional];
  if (!files.length) {
    io.err(`usage: ${checkUsage}`);
    return 2;
  }
  const inputs: { name: string; text: string }[] = [];
  for (const f of files) {
    try {
      inputs.push({ name: f, text: readFileSync(f === '-' ? 0 : f, 'utf8') });
    } catch (err) {
      io.err(`meshsim check: cannot read ${f}: ${err instanceof Error ? err.message : String(err)}`);
      return 2;
    }
  }
  const docs = readScenarioDocuments(inputs);
  const admitted: AdmissionResult = analyzeAdmission(docs, { suggestions: !flags.has('--no-suggestions') });
  // A pod istiod decides to inject is rendered too: a template that fails rejects the pod.
  const texts = Object.fromEntries(inputs.map((i) => [i.name, i.text]));
  const result: AdmissionResult = {
    ...admitted,
    workloads: admitted.workloads.map((w, i) => (w.verdict === 'injected' ? withInjectionOutcome(w, analyzeInjection(docs, docs.workloads[i]!, w, {}, texts)) : w)),
  };
  if (flags.has('--json')) {
    io.out(JSON.stringify({ ...result, diagnostics: [...docs.diagnostics, ...result.diagnostics] }, null, 2));
  } else {
    for (const d of docs.diagnostics.filter((x) => x.severity !== 'info')) io.err(diagnosticLine(d).trim());
    for (const d of result.diagnostics) io.err(diagnosticLine(d).trim());
    result.workloads.forEach((w, i) => io.out((i ? '\n' : '') + render(w, flags.has('--truth-table')).join('\n')));
  }
  if (!result.workloads.length) {
    if (!flags.has('--json')) io.err('meshsim check: no Pod or workload (Deployment, StatefulSet, DaemonSet, Job, CronJob...) in the input');
    return 2;
  }
  if (docs.diagnostics.some((d) => d.origin === 'yaml' && d.severity === 'error')) return 2;
  return result.workloads.every((w) => w.verdict === 'injected') ? 0 : 1;
}
