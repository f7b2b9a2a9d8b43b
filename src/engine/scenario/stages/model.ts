import { textOf } from '../../diagnostics.ts';
import { combineInputDocuments, type ScenarioDocuments, type Workload } from '../../documents/index.ts';
import { defineStage } from '../../stages/index.ts';
import { INPUT_NAMES, type InputSummary, type WorkloadSummary } from '../types.ts';

/** `model`: every input's objects as one scenario, in input order. */
export const modelStage = defineStage({
  id: 'model',
  reads: (ctx) => INPUT_NAMES.map((name) => ctx.get(`parse:${name}`)),
  run: (ctx) => combineInputDocuments(INPUT_NAMES.map((name) => ctx.get(`parse:${name}`))),
  fallback: () => ({ objects: [], workloads: [], diagnostics: [] }),
});

/** `selection`: which workload the pod, environment and traffic views are about (clamped). */
export const selectionStage = defineStage({
  id: 'selection',
  reads: (ctx) => [ctx.input.selectedWorkload ?? 0, ctx.get('model').workloads.length],
  run: (ctx) => Math.max(0, Math.min(ctx.input.selectedWorkload ?? 0, ctx.get('model').workloads.length - 1)),
  fallback: () => 0,
});

/** `summary`: the workloads and what each input contributed, as the UI lists them. */
export const summaryStage = defineStage({
  id: 'summary',
  reads: (ctx) => [ctx.get('model')],
  run: (ctx) => {
    const docs = ctx.get('model');
    return { workloads: docs.workloads.map(summarise), inputs: summariseInputs(docs) };
  },
  fallback: () => ({ workloads: [], inputs: { workloads: 0, namespaces: 0, webhookConfigurations: 0, injectorConfigMaps: 0, meshConfigMaps: 0, other: 0 } }),
});

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
  const names = (list: unknown) => (Array.isArray(list) ? list.map((c: any) => textOf(c?.name)) : []);
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
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, textOf(x)]));
}
