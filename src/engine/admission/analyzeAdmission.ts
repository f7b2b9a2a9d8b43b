import { diagnostic, messageOf } from '../diagnostics.ts';
import type { ScenarioDocuments, Workload } from '../documents/scenarioDocuments.ts';
import { IGNORED_NAMESPACES } from '../policy/injectRequired.ts';
import { NAMESPACE_NAME_LABEL } from '../webhooks/admissionRequest.ts';
import { admitPod } from './admitPod.ts';
import type { PodSubject } from './podSubject.ts';
import { indexScenario, locatorOf, type ScenarioIndex } from './scenarioIndex.ts';
import { newTrialBudget, suggestChanges, type SubjectDocuments, type TrialBudget } from './suggestions.ts';
import { onlyKeys, relevantLabelKeys } from './relevantLabels.ts';
import { injectionTruthTable, type TruthTable } from './truthTable.ts';
import type { AdmissionOptions, AdmissionResult, WorkloadAdmission } from './types.ts';

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

function analyzeWorkload(w: Workload, index: ScenarioIndex, options: AdmissionOptions, budget: TrialBudget, tables: Map<string, TruthTable>): WorkloadAdmission {
  const ignored = options.ignoredNamespaces ?? IGNORED_NAMESPACES;
  const { subject, docs } = subjectOf(w, index, options.defaultNamespace ?? 'default');
  const core = admitPod(subject, index, ignored);
  if (!w.namespace) core.diagnostics.push(diagnostic('admission', 'info', `${w.kind} ${w.name} names no namespace; assuming ${subject.namespace}`, subject.locateWorkload(['metadata'])));
  const suggestions = options.suggestions === false ? [] : suggestChanges(subject, index, core, docs, ignored, budget);
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
  return {
    workload: { kind: w.kind, name: w.name, namespace: subject.namespace, input: w.doc.input, documentIndex: w.doc.index, ...(subject.locateWorkload([]) ? { source: subject.locateWorkload([]) } : {}) },
    ...core,
    ...(truthTable ? { truthTable } : {}),
    suggestions,
  };
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
  } catch (err) {
    return { workloads: [], diagnostics: [diagnostic('admission', 'error', `internal error: ${messageOf(err)}`)] };
  }
  const workloads: WorkloadAdmission[] = [];
  const budget = newTrialBudget();
  const tables = new Map<string, TruthTable>();
  for (const w of docs.workloads) {
    try {
      workloads.push(analyzeWorkload(w, index, options, budget, tables));
    } catch (err) {
      index.diagnostics.push(diagnostic('admission', 'error', `internal error analysing ${w.kind} ${w.name}: ${messageOf(err)}`, w.doc.locate(w.path)));
    }
  }
  if (budget.left <= 0) index.diagnostics.push(diagnostic('admission', 'info', 'the scenario is large: suggestions were searched for the first workloads only'));
  return { workloads, diagnostics: index.diagnostics };
}
