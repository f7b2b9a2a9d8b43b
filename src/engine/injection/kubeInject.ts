import { cloneJson, decodeKubeYaml, kubeInjectTypeOf } from '../kube/index.ts';
import { MASTER_BEHAVIOUR } from '../releases/index.ts';
import { workloadOfPod, type WorkloadMeta } from './deploymentMeta.ts';
import type { InjectionEngine } from './engine.ts';
import { kubeInjectRequired } from './injectDecision.ts';
import { injectPod, type InjectPodParams, type InjectPodResult } from './injectPod.ts';
import type { Pod } from './postprocess/containers.ts';
import { splitYamlChunks } from './yamlChunks.ts';

/** The objects kube-inject's scheme decodes (apiVersion/kind, else the Kind alone); anything else passes through verbatim. */
const isInjectable = (o: Record<string, unknown>) => kubeInjectTypeOf(o) !== undefined;

export type KubeInjectSettings = Omit<InjectPodParams, 'pod' | 'workload' | 'kubeInject'>;

/** One pod template kube-inject ran the injector on (or skipped). */
export interface KubeInjectedWorkload {
  kind: string;
  name: string;
  namespace: string;
  /** 0-based document index in the stream. */
  document: number;
  skipped?: string;
  result?: InjectPodResult;
}

export interface KubeInjectOutput {
  /** The stream as istioctl kube-inject prints it; absent on error. */
  output?: string;
  warnings: string[];
  error?: string;
  workloads: KubeInjectedWorkload[];
}

/** Hostile-input budget: documents (and List items) kube-inject will look at. */
export const MAX_DOCUMENTS = 2000;

/**
 * One document of kube-inject's input stream: its text as written (passed through verbatim when
 * it holds nothing to inject) and its value as sigs.k8s.io/yaml decodes it, or the decode error.
 */
export interface KubeInjectDocument {
  text?: string;
  value?: unknown;
  error?: string;
}

/** istioctl kube-inject over a YAML stream (spec §4.3, §11). */
export function kubeInjectStream(text: string, settings: KubeInjectSettings, engine: InjectionEngine): KubeInjectOutput {
  const { chunks, error } = splitYamlChunks(text);
  if (error) return { warnings: [], workloads: [], error };
  if (chunks.length > MAX_DOCUMENTS) return { warnings: [], workloads: [], error: `too many documents (${chunks.length}); meshsim injects at most ${MAX_DOCUMENTS}` };
  return kubeInjectDocuments(
    chunks.map((chunk) => {
      const decoded = decodeKubeYaml(chunk);
      const errors = decoded.diagnostics.filter((d) => d.severity === 'error');
      return errors.length ? { text: chunk, error: errors[0].message } : { text: chunk, value: decoded.documents[0]?.value };
    }),
    settings,
    engine,
  );
}

/** kube-inject over documents already split and decoded (the scenario reads them once for every view). */
export function kubeInjectDocuments(documents: readonly KubeInjectDocument[], settings: KubeInjectSettings, engine: InjectionEngine): KubeInjectOutput {
  const out: KubeInjectOutput = { warnings: [], workloads: [] };
  let output = '';
  const roundTrip = { zeroTimeAsNull: (settings.release ?? MASTER_BEHAVIOUR).kubeInject.creationTimestampNull };
  for (const [index, doc] of documents.entries()) {
    if (doc.error !== undefined) return { ...out, error: doc.error };
    const value = doc.value as Record<string, unknown> | null | undefined;
    if (!value || typeof value !== 'object' || Array.isArray(value) || !isInjectable(value)) {
      output += (doc.text ?? engine.toYaml(value ?? null)) + '---\n';
      continue;
    }
    const injected = injectObject(value, index, settings, engine, out, roundTrip);
    if (out.error) return out;
    output += engine.toYaml(engine.roundTripObject(injected, roundTrip)) + '---\n';
  }
  out.output = output;
  return out;
}

function injectObject(
  obj: Record<string, any>,
  index: number,
  settings: KubeInjectSettings,
  engine: InjectionEngine,
  out: KubeInjectOutput,
  roundTrip: { zeroTimeAsNull: boolean },
): Record<string, any> {
  const kind = String(obj.kind ?? '');
  if (kind === 'List') {
    const items = Array.isArray(obj.items) ? obj.items : [];
    if (items.length > MAX_DOCUMENTS) {
      out.error = `List with too many items (${items.length}); meshsim injects at most ${MAX_DOCUMENTS}`;
      return obj;
    }
    return {
      ...obj,
      items: items.map((item: any) => {
        if (out.error || !item || typeof item !== 'object' || !isInjectable(item)) return item;
        // Each item is decoded into its own Go type, so it round-trips on its own.
        return engine.roundTripObject(injectObject(item, index, settings, engine, out, roundTrip), roundTrip);
      }),
    };
  }
  const copy = cloneJson(obj);
  const slot = podSlot(copy);
  if (!slot) return copy;
  const deployMeta = copy.metadata ?? {};
  const meta = slot.getMeta();
  const spec = slot.getSpec();
  const name = String(meta.name || deployMeta.name || '');
  const fullName = deployMeta.namespace ? `${deployMeta.namespace}/${name}` : name;
  const label = kind ? `${kind} ${JSON.stringify(fullName)}` : JSON.stringify(fullName);
  const record: KubeInjectedWorkload = { kind, name: String(deployMeta.name ?? ''), namespace: String(deployMeta.namespace ?? ''), document: index };
  out.workloads.push(record);
  if (spec.hostNetwork === true) {
    record.skipped = 'host networking';
    out.warnings.push(`===> Skipping injection because ${label} has host networking enabled\n`);
    return copy;
  }
  const decision = kubeInjectRequired(meta, (settings.release ?? MASTER_BEHAVIOUR).injection.injectValue);
  if (!decision.inject) {
    record.skipped = decision.reason;
    out.warnings.push(`===> Skipping injection because ${label} has sidecar injection disabled\n`);
    return copy;
  }
  // A bare pod is attributed the way the webhook attributes it (to its controller, if any).
  const workload: WorkloadMeta = kind === 'Pod'
    ? workloadOfPod(copy)
    : { name: String(deployMeta.name ?? ''), namespace: String(deployMeta.namespace ?? ''), kind, apiVersion: String(copy.apiVersion ?? '') };
  const pod: Pod = { metadata: cloneJson(meta), spec: cloneJson(spec) };
  const result = injectPod({ ...settings, pod, workload, kubeInject: true }, engine);
  record.result = result;
  if (result.error || !result.pod) {
    out.error = result.error ?? 'injection failed';
    return copy;
  }
  slot.setMeta(result.pod.metadata ?? {});
  slot.setSpec(result.pod.spec ?? {});
  return copy;
}

/** Where a workload keeps the pod metadata kube-inject edits and the pod spec. */
function podSlot(obj: Record<string, any>) {
  const kind = obj.kind;
  if (kind === 'Pod') {
    return {
      getMeta: () => (obj.metadata ??= {}),
      getSpec: () => (obj.spec ??= {}),
      setMeta: (m: any) => (obj.metadata = m),
      setSpec: (s: any) => (obj.spec = s),
    };
  }
  if (kind === 'CronJob') {
    // kube-inject edits the Job template's metadata, not the pod template's.
    const jt = ((obj.spec ??= {}).jobTemplate ??= {});
    const tmpl = ((jt.spec ??= {}).template ??= {});
    return {
      getMeta: () => (jt.metadata ??= {}),
      getSpec: () => (tmpl.spec ??= {}),
      setMeta: (m: any) => (jt.metadata = m),
      setSpec: (s: any) => (tmpl.spec = s),
    };
  }
  const template = (obj.spec ??= {}).template;
  if (!template || typeof template !== 'object') return undefined;
  return {
    getMeta: () => (template.metadata ??= {}),
    getSpec: () => (template.spec ??= {}),
    setMeta: (m: any) => (template.metadata = m),
    setSpec: (s: any) => (template.spec = s),
  };
}
