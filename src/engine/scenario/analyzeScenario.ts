import { diagnostic, messageOf } from '../diagnostics.ts';
import { readScenarioDocuments, type Workload } from '../documents/scenarioDocuments.ts';
import { INPUT_NAMES, type InputSummary, type ScenarioInput, type ScenarioResult, type WorkloadSummary } from './types.ts';

/**
 * The engine's single entry for the app: every input text in, a plain, structured-clone-friendly
 * result out. It never throws; whatever goes wrong becomes a diagnostic.
 */
export function analyzeScenario(input: ScenarioInput, now: () => number = () => Date.now()): ScenarioResult {
  const started = now();
  try {
    const docs = readScenarioDocuments(INPUT_NAMES.map((name) => ({ name, text: input.texts[name] ?? '' })));
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
    return { workloads: docs.workloads.map(summarise), inputs, diagnostics: docs.diagnostics, elapsedMs: now() - started };
  } catch (err) {
    return {
      workloads: [],
      inputs: { workloads: 0, namespaces: 0, webhookConfigurations: 0, injectorConfigMaps: 0, meshConfigMaps: 0, other: 0 },
      diagnostics: [diagnostic('engine', 'error', `internal error: ${messageOf(err)}`)],
      elapsedMs: now() - started,
    };
  }
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
