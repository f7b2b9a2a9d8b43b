import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import type { ScenarioDocuments, Workload } from '../documents/index.ts';
import { IGNORED_NAMESPACES } from '../injectionPolicy/index.ts';
import { NAMESPACE_NAME_LABEL } from '../webhooks/index.ts';
import { admitPod, type AdmissionCore } from './admitPod.ts';
import { refusedByApiServer } from './refusedVerdict.ts';
import type { PodSubject } from './podSubject.ts';
import { indexScenario, locatorOf, type ScenarioIndex } from './scenarioIndex.ts';
import { newTrialBudget, suggestChanges, type SubjectDocuments } from './suggestions.ts';
import { onlyKeys, relevantLabelKeys } from './relevantLabels.ts';
import { injectionTruthTable, type TruthTable } from './truthTable.ts';
import type { AdmissionOptions, AdmissionResult, Suggestion, WorkloadAdmission } from './types.ts';

function subjectOf(w: Workload, index: ScenarioIndex, defaultNamespace: string): { subject: PodSubject; docs: SubjectDocuments } {
  const namespace = w.namespace || defaultNamespace;
  const nsObject = index.namespaces.get(namespace);
  const templatePath = w.podTemplatePath.slice(w.path.length);
  return {
    subject: {
      kind: w.kind,
      name: w.name,
      value: w.value,
      templatePath,
      namespace,
      ...(nsObject ? { namespaceValue: nsObject.value, locateNamespace: locatorOf(nsObject) } : {}),
      locateWorkload: locatorOf(w),
    },
    docs: {
      workload: { input: w.doc.input, documentIndex: w.doc.index, path: w.path },
      ...(nsObject ? { namespace: { input: nsObject.doc.input, documentIndex: nsObject.doc.index, path: nsObject.path } } : {}),
    },
  };
}

/** One workload admitted (no suggestions yet), with what the suggestion search needs to start from it. */
export interface AdmittedWorkload {
  admission: WorkloadAdmission;
  subject: PodSubject;
  docs: SubjectDocuments;
  core: AdmissionCore;
}

/** The API server and istiod on every workload of the scenario, without the suggestion search. */
export function admitWorkloads(workloads: readonly Workload[], index: ScenarioIndex, options: AdmissionOptions = {}): { admitted: AdmittedWorkload[]; diagnostics: Diagnostic[] } {
  const admitted: AdmittedWorkload[] = [];
  const diagnostics: Diagnostic[] = [];
  const tables = new Map<string, TruthTable>();
  for (const w of workloads) {
    try {
      admitted.push(admitWorkload(w, index, options, tables));
    } catch (err) {
      diagnostics.push(diagnostic('admission', 'error', `internal error analysing ${w.kind} ${w.name}: ${messageOf(err)}`, w.doc.locate(w.path)));
    }
  }
  return { admitted, diagnostics };
}

function admitWorkload(w: Workload, index: ScenarioIndex, options: AdmissionOptions, tables: Map<string, TruthTable>): AdmittedWorkload {
  const ignored = options.ignoredNamespaces ?? IGNORED_NAMESPACES;
  const { subject, docs } = subjectOf(w, index, options.defaultNamespace ?? 'default');
  // An object the API server refuses is never created: its verdict says so (validation/).
  const core = refusedByApiServer(admitPod(subject, index, ignored), w.kind, w.refusals ?? []);
  if (!w.namespace) core.diagnostics.push(diagnostic('admission', 'info', `${w.kind} ${w.name} names no namespace; assuming ${subject.namespace}`, subject.locateWorkload(['metadata'])));
  let truthTable: TruthTable | undefined;
  if (options.truthTable !== false) {
    const { [NAMESPACE_NAME_LABEL]: _served, ...written } = core.namespaceLabels;
    // Labels no selector tests cannot change the table; leaving them out lets workloads share it.
    const keys = relevantLabelKeys(index);
    const ns = onlyKeys(written, keys);
    const pod = onlyKeys(core.podLabels, keys);
    const key = JSON.stringify([subject.namespace, ns, pod]);
    truthTable = tables.get(key) ?? injectionTruthTable(index.configurations.map((c) => c.configuration), subject.namespace, ns, pod);
    tables.set(key, truthTable);
  }
  const admission: WorkloadAdmission = {
    workload: { kind: w.kind, name: w.name, namespace: subject.namespace, input: w.doc.input, documentIndex: w.doc.index, ...(subject.locateWorkload([]) ? { source: subject.locateWorkload([]) } : {}) },
    ...core,
    ...(truthTable ? { truthTable } : {}),
    suggestions: [],
  };
  return { admission, subject, docs, core };
}

/**
 * The smallest verified edits that turn each workload's verdict around, searched within one budget
 * shared by the scenario (the first workloads get theirs when a paste is large).
 */
export function suggestForWorkloads(admitted: readonly AdmittedWorkload[], index: ScenarioIndex, options: AdmissionOptions = {}): { suggestions: Suggestion[][]; diagnostics: Diagnostic[] } {
  const ignored = options.ignoredNamespaces ?? IGNORED_NAMESPACES;
  const budget = newTrialBudget();
  const diagnostics: Diagnostic[] = [];
  const suggestions = admitted.map((a) => {
    // No label or setting makes the API server create an object it refuses; the refusal says what to fix.
    if (a.core.decidingStep.startsWith('apiserver:decode') || a.core.decidingStep === 'apiserver:validation') return [];
    try {
      return suggestChanges(a.subject, index, a.core, a.docs, ignored, budget);
    } catch (err) {
      diagnostics.push(diagnostic('admission', 'error', `internal error searching suggestions for ${a.admission.workload.kind} ${a.admission.workload.name}: ${messageOf(err)}`, a.admission.workload.source));
      return [];
    }
  });
  if (budget.left <= 0) diagnostics.push(diagnostic('admission', 'info', 'the scenario is large: suggestions were searched for the first workloads only'));
  return { suggestions, diagnostics };
}

/**
 * Why each workload of the scenario is (or is not) injected: the API server's webhook selection,
 * check-inject's rows, every istiod reached, the verdict, and verified edits that would change it.
 * Plain data; never throws.
 */
export function analyzeAdmission(docs: ScenarioDocuments, options: AdmissionOptions = {}): AdmissionResult {
  let index: ScenarioIndex;
  try {
    index = indexScenario(docs);
    if (options.releases) index = { ...index, releases: options.releases };
  } catch (err) {
    return { workloads: [], diagnostics: [diagnostic('admission', 'error', `internal error: ${messageOf(err)}`)] };
  }
  const { admitted, diagnostics } = admitWorkloads(docs.workloads, index, options);
  const found = options.suggestions === false ? { suggestions: admitted.map(() => []), diagnostics: [] } : suggestForWorkloads(admitted, index, options);
  return {
    workloads: admitted.map((a, i) => ({ ...a.admission, suggestions: found.suggestions[i] })),
    diagnostics: [...index.diagnostics, ...diagnostics, ...found.diagnostics],
  };
}
