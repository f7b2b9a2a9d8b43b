import { parse as parseYaml, parseDocument } from 'yaml';
import { injectScenario, type InstallDocuments } from '../../engine/injection/index.ts';
import { jobNeverCompletes, masterChartNote } from '../../engine/injection/index.ts';
import { isBuiltinInstall } from '../../engine/releases/index.ts';
import type { Diagnostic } from '../../engine/index.ts';
import { boolFlag, CliError, InputError, outputFormat, parseFlags, readInput, type CliIO } from '../io.ts';
import { placedDocumentErrors } from '../../engine/yaml/index.ts';
import { readScenarioDocuments, WORKLOAD_KINDS } from '../../engine/documents/index.ts';
import { diagnosticLine, onceEach } from './format.ts';
import { RELEASE_FLAG, releaseOfInput } from '../release.ts';

/** The kinds kube-inject edits; a pod of any other kind comes from another controller's template. */
const KUBE_INJECT_KINDS: ReadonlySet<string> = new Set(WORKLOAD_KINDS);

/** A file that is a ConfigMap gives its data keys; any other file is the key's text itself (as istioctl's flags take it). */
function configMapOrText(path: string, io: CliIO): { configMap?: Record<string, any>; text: string } {
  const text = readInput(path, io);
  let parsed: any;
  try {
    parsed = parseYaml(text);
  } catch {
    return { text };
  }
  return parsed && typeof parsed === 'object' && parsed.kind === 'ConfigMap' ? { configMap: parsed, text } : { text };
}

/** A flag's file as YAML, or its first YAML error in plain words at file:line:column (the same words as check's). */
function parseText(text: string | undefined, what: string): unknown {
  if (text === undefined) return undefined;
  const doc = parseDocument(text);
  if (doc.errors.length) {
    const e = placedDocumentErrors(doc, text)[0];
    throw new InputError(`${what}:${e.line}:${e.column}: error: ${e.message}`);
  }
  return doc.toJS();
}

/**
 * The files joined into one YAML stream (as kube-inject reads them), and a way back from a line of
 * the stream to the file and line it came from, so problems are reported where the user wrote them.
 */
function joinFiles(files: { name: string; text: string }[]) {
  let stream = '';
  const starts: { name: string; line: number }[] = [];
  let line = 1;
  for (const f of files) {
    if (stream !== '') {
      const sep = `${stream.endsWith('\n') ? '' : '\n'}---\n`;
      stream += sep;
      line += sep.split('\n').length - 1;
    }
    starts.push({ name: f.name, line });
    stream += f.text;
    line += f.text.split('\n').length - 1;
  }
  const place = (d: Diagnostic): Diagnostic => {
    if (!d.source) return d;
    const from = [...starts].reverse().find((s) => s.line <= d.source!.line) ?? starts[0];
    const shift = (l: number) => l - from.line + 1;
    return { ...d, source: { ...d.source, input: from.name, line: shift(d.source.line), ...(d.source.endLine ? { endLine: shift(d.source.endLine) } : {}) } };
  };
  return { stream, place };
}

/** istioctl kube-inject: injected YAML on stdout, skip warnings on stderr; -o json|patch shows the webhook's view per pod. */
export function run(args: string[], io: CliIO): number {
  const { values, positional } = parseFlags(args, ['-f', '--filename', '--injector-config', '--values', '--mesh-config', '--revision', '--native-sidecars', RELEASE_FLAG, '-o', '--output']);
  const files = [...(values['-f'] ?? []), ...(values['--filename'] ?? [])];
  const output = outputFormat(values, ['yaml', 'json', 'patch'] as const, 'yaml');
  if (positional.length) throw new CliError(`unexpected argument ${JSON.stringify(positional[0])}: name files with -f`);
  if (!files.length) throw new CliError('no input: give the workloads with -f FILE (or -f - for standard input)');
  const install: Partial<InstallDocuments> = {};
  const injector = values['--injector-config']?.at(-1);
  let injectorConfigMap: Record<string, any> | undefined;
  if (injector) {
    const f = configMapOrText(injector, io);
    injectorConfigMap = f.configMap;
    const configText: string | undefined = f.configMap ? f.configMap.data?.config : f.text;
    let config: unknown;
    try {
      config = parseText(configText, injector);
    } catch {
      config = undefined; // template text that is not YAML on its own (e.g. {{ }} in a key position)
    }
    // istioctl's rule: an injector config without `templates:` is itself the sidecar template.
    const isConfig = config !== null && typeof config === 'object' && 'templates' in (config as object);
    install.config = isConfig ? config : configText;
    if (f.configMap?.data?.values !== undefined) install.values = parseText(f.configMap.data.values, `${injector} (data.values)`);
  }
  const valuesFile = values['--values']?.at(-1);
  if (valuesFile) install.values = parseText(readInput(valuesFile, io), valuesFile);
  const mesh = values['--mesh-config']?.at(-1);
  if (mesh) {
    const f = configMapOrText(mesh, io);
    install.mesh = parseText(f.configMap ? f.configMap.data?.mesh : f.text, mesh);
  }
  // As in the app and on current Kubernetes nodes; istioctl offline would say false.
  const nativeSidecars = boolFlag('--native-sidecars', values['--native-sidecars']?.at(-1)) ?? true;
  const inputs = files.map((f) => ({ name: f === '-' ? 'stdin' : f, text: readInput(f, io) }));
  const revision = values['--revision']?.at(-1) ?? '';
  // The release by the app's rule: the flag, else the injector ConfigMap, else the Istio images
  // of the workloads (an injected pod's proxy), else master.
  const release = releaseOfInput(values, readScenarioDocuments(inputs), { revision, injectorConfigMap });
  for (const n of release.notes) io.err(`meshsim: ${n}`);
  // The built-in install is master's chart: asked for another release, say that its templates and
  // proxy image tag are master's (the app's Patched pod panel says the same sentence).
  const builtinTemplates = install.config === undefined || isBuiltinInstall(injectorConfigMap);
  const masterChart = builtinTemplates ? masterChartNote(release.choice) : undefined;
  if (masterChart) io.err(`meshsim: ${masterChart} For ${release.choice.name}'s own, give your cluster's istio-sidecar-injector ConfigMap with --injector-config FILE.`);
  const { stream, place } = joinFiles(inputs);
  const result = injectScenario({
    workloads: stream,
    install,
    kubeInjectRevision: revision,
    context: { nativeSidecars, release: release.choice.behaviour },
  });
  const problems = onceEach(result.diagnostics.filter((d) => d.severity !== 'info').map(place));
  for (const d of problems) io.err(diagnosticLine(d));
  for (const w of result.kubeInject.warnings) io.err(w.trimEnd());
  // kube-inject passes a kind it does not know through; say so, or a Knative Service coming back unchanged looks like a bug.
  for (const p of result.pods) {
    if (!KUBE_INJECT_KINDS.has(p.kind)) io.err(`note: ${p.kind} ${p.namespace ? `${p.namespace}/` : ''}${p.name} is written unchanged, as istioctl kube-inject leaves a kind it does not know; the webhook injects the pods its controller creates (-o json shows them, meshsim check says why)`);
  }
  // As check and the app warn: a Job's pod with istio-proxy as an ordinary container never completes.
  for (const p of result.pods) {
    const never = p.after ? jobNeverCompletes(p.kind, undefined, p.after, true) : undefined;
    if (never) io.err(`warning: ${p.kind} ${p.namespace ? `${p.namespace}/` : ''}${p.name}: ${never}`);
  }
  if (problems.some((d) => d.severity === 'error' && d.origin === 'yaml')) return 2;
  if (result.kubeInject.error) {
    io.err(`Error: ${result.kubeInject.error}`);
    return 1;
  }
  if (output === 'yaml') {
    io.out(result.kubeInject.output ?? '');
  } else if (output === 'json') {
    io.out(JSON.stringify(result.pods, null, 2));
  } else {
    io.out(JSON.stringify(result.pods.map((p) => ({ kind: p.kind, name: p.name, namespace: p.namespace, skipped: p.skipped, error: p.error, patch: p.patch })), null, 2));
  }
  return 0;
}
