import { analyzeAdmission } from '../admission/analyzeAdmission.ts';
import type { YamlEdit } from '../admission/types.ts';
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { readScenarioDocuments, type ScenarioDocuments, type Workload } from '../documents/scenarioDocuments.ts';
import { yamlStreamEditor } from '../yaml/applyEdits.ts';
import { analyzeInjection } from './injectionSection.ts';
import { withInjectionOutcome } from './rejectedByIstiod.ts';
import { analyzeTraffic } from './trafficSection.ts';
import { INPUT_NAMES, type InputName, type InputSummary, type ScenarioAdmission, type ScenarioInput, type ScenarioResult, type WorkloadSummary } from './types.ts';

/**
 * The engine's single entry for the app: every input text in, a plain, structured-clone-friendly
 * result out. It never throws; whatever goes wrong becomes a diagnostic.
 */
export function analyzeScenario(input: ScenarioInput, now: () => number = () => Date.now()): ScenarioResult {
  const started = now();
  const diagnostics: Diagnostic[] = [];
  let docs: ScenarioDocuments;
  try {
    docs = readScenarioDocuments(INPUT_NAMES.map((name) => ({ name, text: input.texts[name] ?? '' })));
  } catch (err) {
    docs = { objects: [], workloads: [], diagnostics: [diagnostic('engine', 'error', `internal error: ${messageOf(err)}`)] };
  }
  diagnostics.push(...docs.diagnostics);
  const selected = Math.max(0, Math.min(input.selectedWorkload ?? 0, docs.workloads.length - 1));
  const admission = guarded('admission', diagnostics, () => withAppliedTexts(analyzeAdmission(docs), input, selected), { workloads: [], diagnostics: [] });
  diagnostics.push(...admission.diagnostics, ...admission.workloads.flatMap((w) => w.diagnostics));
  const workload = docs.workloads[selected];
  const verdict = admission.workloads[selected];
  // Only a pod istiod would inject gets patched; the others keep their spec as written.
  const injection =
    workload && verdict?.verdict === 'injected' ? guarded('injection', diagnostics, () => analyzeInjection(docs, workload, verdict, input.cluster, input.texts), undefined) : undefined;
  if (injection) diagnostics.push(...injection.diagnostics);
  if (verdict) admission.workloads[selected] = withInjectionOutcome(verdict, injection);
  const capturedPod = (injection?.pod?.after as Record<string, any> | undefined) ?? (workload ? podOf(workload) : undefined);
  const traffic = capturedPod ? guarded('traffic', diagnostics, () => analyzeTraffic(capturedPod, input.traffic), undefined) : undefined;
  if (traffic) diagnostics.push(...traffic.diagnostics.filter((d) => d.source));
  return {
    workloads: docs.workloads.map(summarise),
    inputs: summariseInputs(docs),
    admission,
    selectedWorkload: selected,
    injection,
    traffic,
    diagnostics,
    elapsedMs: now() - started,
  };
}

/** Runs one section of the analysis; an internal error becomes a diagnostic, never an exception. */
function guarded<T>(section: string, diagnostics: Diagnostic[], run: () => T, fallback: T): T {
  try {
    return run();
  } catch (err) {
    diagnostics.push(diagnostic(section, 'error', `internal error in ${section}: ${messageOf(err)}`));
    return fallback;
  }
}

/**
 * Pre-computes the texts the selected workload's suggestions would leave in the editors. Only the
 * selected one's: each text is a whole input, so doing it for every workload of a large paste
 * would cost workloads × suggestions × text length; selecting another workload computes its own.
 */
function withAppliedTexts(result: ReturnType<typeof analyzeAdmission>, input: ScenarioInput, selected: number): ScenarioAdmission {
  const editors = new Map<InputName, ReturnType<typeof yamlStreamEditor>>();
  const editorOf = (name: InputName) => {
    if (!editors.has(name)) editors.set(name, yamlStreamEditor(input.texts[name] ?? ''));
    return editors.get(name)!;
  };
  return {
    ...result,
    workloads: result.workloads.map((w, i) => ({
      ...w,
      suggestions: w.suggestions.map((s) => ({ ...s, texts: i === selected ? textsAfter(s.edits, editorOf) : {} })),
    })),
  };
}

function textsAfter(edits: readonly YamlEdit[], editorOf: (name: InputName) => ReturnType<typeof yamlStreamEditor>): Partial<Record<InputName, string>> {
  const byInput = new Map<InputName, YamlEdit[]>();
  for (const e of edits) {
    const name = e.input as InputName;
    if (!INPUT_NAMES.includes(name)) continue;
    byInput.set(name, [...(byInput.get(name) ?? []), e]);
  }
  const texts: Partial<Record<InputName, string>> = {};
  for (const [name, list] of byInput) {
    const out = editorOf(name)(list);
    if (out !== undefined) texts[name] = out;
  }
  return texts;
}

/** The pod the workload's template would create, as the API server would see it. */
function podOf(w: Workload): Record<string, any> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { ...w.podTemplate.metadata, namespace: w.namespace || w.podTemplate.metadata.namespace },
    spec: w.podTemplate.spec,
  };
}

function summariseInputs(docs: ScenarioDocuments): InputSummary {
  const inputs: InputSummary = { workloads: 0, namespaces: 0, webhookConfigurations: 0, injectorConfigMaps: 0, meshConfigMaps: 0, other: 0 };
  for (const o of docs.objects) {
    const r = o.role.role;
    if (r === 'workload') inputs.workloads++;
    else if (r === 'namespace') inputs.namespaces++;
    else if (r === 'webhookConfiguration') inputs.webhookConfigurations++;
    else if (r === 'injectorConfigMap') inputs.injectorConfigMaps++;
    else if (r === 'meshConfigMap') inputs.meshConfigMaps++;
    else inputs.other++;
  }
  return inputs;
}

function summarise(w: Workload): WorkloadSummary {
  const names = (list: unknown) => (Array.isArray(list) ? list.map((c: any) => String(c?.name ?? '')) : []);
  return {
    kind: w.kind,
    name: w.name,
    namespace: w.namespace,
    labels: stringMap(w.podTemplate.metadata.labels),
    annotations: stringMap(w.podTemplate.metadata.annotations),
    containers: names(w.podTemplate.spec.containers),
    initContainers: names(w.podTemplate.spec.initContainers),
    source: w.doc.locate(w.path),
  };
}

function stringMap(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object') return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x)]));
}
