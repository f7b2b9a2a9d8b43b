import { analyzeAdmission, type AdmissionResult, type TraceStep, type WorkloadAdmission } from '../../engine/admission/index.ts';
import { readScenarioDocuments } from '../../engine/documents/index.ts';
import type { Diagnostic } from '../../engine/index.ts';
import { ambientForDocuments, withoutSidecarAdvice, type DocumentsAmbient } from '../../engine/ambient/index.ts';
import { createOutcomeInjector, injectionSubject, readInstallModels, withInjectionOutcome, type InjectionOutcomeResult } from '../../engine/scenario/index.ts';
import defaultWebhooks from '../../examples/default/webhooks.yaml?raw';
import { CliError, outputFormat, parseFlags, readInput, type CliIO } from '../io.ts';
import { releaseSetting } from '../release.ts';
import { clusterFromFlags, SETTING_FLAGS } from '../settings.ts';
import { renderAmbient, renderInpodRules } from './ambientText.ts';
import { firstContainerPort } from '../../engine/traffic/index.ts';

/** The app's first container port (the traced packets' destination), as the Traffic panel picks it. */
const appPortOf = (w: { podTemplate: { spec: Record<string, any> } } | undefined) => (w ? firstContainerPort({ spec: w.podTemplate.spec }) : undefined) ?? 8080;
import { isBuiltinInstall, releaseOfRevision, releasesOfDocuments } from '../../engine/releases/index.ts';
import { masterChartNote } from '../../engine/injection/index.ts';
import { diagnosticKey, diagnosticLine, onceEach, structuredOutput, table } from './format.ts';

const MARK: Record<TraceStep['outcome'], string> = { pass: '✔', fail: '✘', skip: '-', decisive: '➜' };
const VERDICT: Record<WorkloadAdmission['verdict'], string> = { injected: 'INJECTED', 'not-injected': 'NOT INJECTED', rejected: 'REJECTED' };

/** The name the default install's webhooks go by in messages, when the input has none. */
export const BUILTIN_WEBHOOKS = '(default install webhooks)';

const at = (s?: { input: string; line: number; column: number }) => (s ? `${s.input}:${s.line}:${s.column}` : '');

const INJECTION_KEYS = ['istio-injection', 'istio.io/rev', 'sidecar.istio.io/inject'];
const injectionLabels = (labels: Record<string, string>) =>
  Object.entries(labels).filter(([k]) => INJECTION_KEYS.includes(k)).map(([k, v]) => `${k}=${v}`).join(',') || '(none)';

function renderTruthTable(w: WorkloadAdmission): string[] {
  if (!w.truthTable) return [];
  const rows = w.truthTable.rows.map((r) => [r.current ? '→' : '', injectionLabels(r.namespaceLabels), injectionLabels(r.podLabels), r.called.map((c) => `${c.revision} (${c.configuration}/${c.webhook})`).join(' + ') || '-']);
  return ['', `Truth table (${w.truthTable.note}):`, ...table([['', 'NAMESPACE', 'POD', 'INJECTORS CALLED'], ...rows]).map((l) => `  ${l}`)];
}

function render(w: WorkloadAdmission, options: { truthTable: boolean; suggestions: boolean; ambientIntent?: boolean }): string[] {
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
    out.push(`istiod revision ${inj.revision}${inj.release ? ` (${inj.release})` : ''} (via ${inj.webhook}, ${cm}):`);
    for (const s of w.steps.filter((x) => x.id.startsWith(`istiod:${inj.revision}:${inj.configuration}/${inj.webhook}:`) && !x.id.endsWith(':config'))) {
      const seen = s.values.filter((v) => v.source).map((v) => `${v.name} at ${at(v.source)}`);
      out.push(`  ${MARK[s.outcome]} ${s.title}: ${s.detail}${seen.length ? `  (${seen.join(', ')})` : ''}`);
    }
    out.push(`  => ${inj.decision.message}`);
  }
  if (w.doubleInjection) out.push('', `DOUBLE INJECTION: ${w.doubleInjection.message}`);
  if (options.truthTable) out.push(...renderTruthTable(w));
  // Each problem is said once: the double injection line above already says its own.
  const notes = onceEach(w.diagnostics.filter((d) => d.message !== w.doubleInjection?.message));
  if (notes.length) out.push('', 'Notes:', ...notes.map((d) => `  ${diagnosticLine(d)}`));
  if (options.suggestions && !w.suggestions.length && w.verdict !== 'rejected' && !options.ambientIntent) out.push('', 'No change of up to three labels, annotations or settings examined turns the verdict around.');
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

/**
 * What rendering the pod says about the workload itself (a Job that never completes while
 * istio-proxy runs, a Rollout whose pods its controller makes, an annotation meshsim cannot
 * render), among its notes, as the app shows them. The install's own warnings are not repeated
 * for every workload.
 */
function renderWarningsAt(w: WorkloadAdmission, injection: InjectionOutcomeResult): Diagnostic[] {
  const at = w.workload.source;
  return injection.diagnostics.filter((d) => d.severity !== 'error' && at && d.source?.input === at.input && d.source.line === at.line);
}

/** `meshsim check -f FILE...`: the verdict and the trace for every pod or workload in the files. */
export function run(args: string[], io: CliIO): number {
  const { values, flags, positional } = parseFlags(args, ['-f', '--filename', '-o', '--output', ...SETTING_FLAGS], ['--json', '--no-suggestions', '--truth-table', '--rules']);
  const format = flags.has('--json') ? 'json' : outputFormat(values, ['text', 'wide', 'json', 'yaml'] as const, 'text');
  // A release meshsim does not simulate is refused here, in the same words as every verb's.
  const releaseNote = releaseSetting(values).note;
  const cluster = clusterFromFlags(values);
  const files = [...(values['-f'] ?? []), ...(values['--filename'] ?? []), ...positional];
  if (!files.length) throw new CliError('no input: give the files to check with -f FILE (or -f - for standard input)');
  const inputs = files.map((f) => ({ name: f === '-' ? 'stdin' : f, text: readInput(f, io) }));
  const started = performance.now();
  let docs = readScenarioDocuments(inputs);
  const notices: string[] = [];
  // As the app opens on a default install's webhooks, so does check when none is given (a given one
  // the API server would refuse is not replaced: the cluster has no webhooks then, as said at its line).
  const webhooksGiven = [...docs.objects, ...(docs.refused ?? [])].some((o) => o.role.role === 'webhookConfiguration');
  if (!webhooksGiven) {
    inputs.push({ name: BUILTIN_WEBHOOKS, text: defaultWebhooks });
    docs = readScenarioDocuments(inputs);
    notices.push(
      'No MutatingWebhookConfiguration in the input: using the webhooks of a default Istio install (revision default), as the app does.',
      'For your cluster\'s, add -f with the output of kubectl get mutatingwebhookconfigurations -o yaml.',
    );
  }
  const suggestions = !flags.has('--no-suggestions');
  // The release each revision runs: the flag's, else what the pasted injector ConfigMaps show.
  const releases = releasesOfDocuments(docs, cluster.istioRelease);
  const admitted: AdmissionResult = analyzeAdmission(docs, { suggestions, releases });
  // A pod istiod decides to inject is rendered too: a template that fails rejects the pod. Only the
  // outcome is computed (no kube-inject output, YAML or diff), each revision's install built once,
  // so a dump of thousands of pods costs what their verdicts cost (bench/check.bench.ts).
  const installs = readInstallModels(docs);
  const injector = createOutcomeInjector(cluster, releases);
  const subjects = admitted.workloads.map((w, i) => (w.verdict === 'injected' ? injectionSubject(installs, docs.workloads[i]!, w) : undefined));
  const injections: (InjectionOutcomeResult | undefined)[] = subjects.map((s) => s && injector.outcomeOf(s));
  // Both data planes: istio-cni's decision on each pod as admitted (ambient/), as the app's Ambient tab shows it.
  const ambient: DocumentsAmbient = ambientForDocuments(docs, { cluster, injectedPods: injections.map((x) => x?.after), fixes: suggestions });
  const notesOf = admitted.workloads.map((w, i) => (injections[i] ? renderWarningsAt(w, injections[i]) : []));
  const result: AdmissionResult = {
    ...admitted,
    workloads: admitted.workloads.map((w, i) => {
      // Advice to add a sidecar does not apply to a pod in the ambient world (the data plane part says what does).
      const own = { ...w, suggestions: withoutSidecarAdvice(w.suggestions, ambient.workloads[i]?.dataPlane.ambientIntent) };
      return injections[i] ? withInjectionOutcome(notesOf[i].length ? { ...own, diagnostics: [...own.diagnostics, ...notesOf[i]] } : own, injections[i]) : own;
    }),
  };
  // What reading the install and rendering found (a values JSON error at its line, a pod Kubernetes
  // cannot read, istiod's render error), each said once; a workload's own warnings are among its notes.
  const injectionProblems = [
    ...[...installs.injectors, ...installs.meshes].flatMap((m) => m.diagnostics),
    ...releases.diagnostics,
    ...injector.installDiagnostics(),
    ...injections.flatMap((x, i) => (x ? x.diagnostics.filter((d) => !notesOf[i].includes(d)) : [])),
  ];
  const usesBuiltin = { injector: subjects.some((s) => s && !s.injector), mesh: subjects.some((s) => s && !s.mesh) };
  if (usesBuiltin.injector || usesBuiltin.mesh) {
    const missing = [usesBuiltin.injector ? 'istio-sidecar-injector' : '', usesBuiltin.mesh ? 'istio' : ''].filter(Boolean).join(' or ');
    notices.push(`No ${missing} ConfigMap in the input: pods are injected with meshsim's built-in default install, as in the app.`);
  }
  // MESHSIM_TIMING=1: how long the engine itself took, for the CLI benchmark (bench/cli.bench.ts).
  if (io.env.MESHSIM_TIMING === '1') io.err(`engine: ${(performance.now() - started).toFixed(1)} ms`);
  const ambientProblems = [...ambient.settings.diagnostics, ...ambient.workloads.flatMap((w) => w.diagnostics.filter((d) => !ambient.settings.diagnostics.includes(d)))];
  // Which release each injecting revision is simulated as, and why, in the app's words.
  const revisions = [...new Set(result.workloads.flatMap((w) => w.injectors.map((i) => i.revision)))];
  for (const rev of revisions) notices.push(releaseOfRevision(releases, rev)!.reason);
  // The built-in install is master's chart: a revision simulated as another release says so, as the app's Patched pod panel does.
  const builtinRevisions = new Set(subjects.flatMap((s) => (s && (!s.injector || isBuiltinInstall(s.injector.object.value)) ? [s.revision] : [])));
  for (const rev of builtinRevisions) {
    const choice = releaseOfRevision(releases, rev)!;
    const note = masterChartNote(choice);
    if (note) notices.push(`${note} For ${choice.name}'s own, add -f with your cluster's istio-sidecar-injector ConfigMap.`);
  }
  if (releaseNote) notices.unshift(releaseNote);
  const diagnostics: Diagnostic[] = onceEach([...docs.diagnostics, ...result.diagnostics, ...injectionProblems, ...ambientProblems]);
  if (format === 'json' || format === 'yaml') {
    io.out(structuredOutput({ ...result, ambient, notices, diagnostics }, format));
  } else {
    // Every problem and note the JSON has, said once: a note a workload's own "Notes:" already
    // shows (beside its verdict) is not repeated here; the rest (an object the simulation does not
    // use, a setting read from a ConfigMap) would otherwise only be in -o json.
    const shown = new Set(result.workloads.flatMap((w) => w.diagnostics.map(diagnosticKey)));
    const problems = diagnostics.filter((d) => d.severity !== 'info' || !shown.has(diagnosticKey(d)));
    for (const d of problems) io.err(diagnosticLine(d));
    // Notes on what was assumed are noise while the input does not even parse.
    if (!docs.diagnostics.some((d) => d.origin === 'yaml' && d.severity === 'error')) for (const n of notices) io.err(`note: ${n}`);
    const options = { truthTable: flags.has('--truth-table') || format === 'wide', suggestions };
    result.workloads.forEach((w, i) => io.out((i ? '\n' : '') + [...render(w, { ...options, ambientIntent: ambient.workloads[i]?.dataPlane.ambientIntent }), ...(ambient.workloads[i] ? [...renderAmbient(ambient.workloads[i], ambient.settings, options), ...renderInpodRules(ambient.workloads[i], ambient.settings, appPortOf(docs.workloads[i]), flags.has('--rules'))] : [])].join('\n')));
  }
  const yamlBroken = docs.diagnostics.some((d) => d.origin === 'yaml' && d.severity === 'error');
  if (yamlBroken) return 2; // the YAML error above says what to fix; the rest follows from it
  if (!result.workloads.length) {
    if (format === 'text' || format === 'wide') io.err(`meshsim check: no Pod or workload (Deployment, StatefulSet, DaemonSet, Job, CronJob, or an object with a pod template such as an Argo Rollout) in ${files.join(', ')}`);
    return 2;
  }
  // In the mesh, with a sidecar or in ambient mode, is a "yes".
  return result.workloads.every((w, i) => w.verdict === 'injected' || ambient.workloads[i]?.dataPlane.mode === 'ambient') ? 0 : 1;
}
