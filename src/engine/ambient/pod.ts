/**
 * The parts of a Pod and its Namespace that istio-cni reads, taken out of parsed YAML without
 * trusting its shape: labels and annotations as strings, the containers' names, env and args, and
 * the status fields the node agent looks at.
 */
import type { SourceRef } from '../diagnostics.ts';
import { setOwn } from '../kube/index.ts';

export interface PodContainer {
  name: string;
  /** Literal env values by name (valueFrom entries read as ""); a repeated name keeps its last value. */
  env: Record<string, string>;
  /** Where each env name was (last) written in the container's env list. */
  envIndex: Record<string, number>;
  args: string[];
}

export interface AmbientPod {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  uid?: string;
  hostNetwork: boolean;
  containers: PodContainer[];
  initContainers: PodContainer[];
  nodeName?: string;
  /** status.phase ("" when absent). */
  phase: string;
  podIP: string;
  podIPs: string[];
}

export interface AmbientNamespace {
  name: string;
  labels: Record<string, string>;
}

/**
 * Where a value the decision read was written. Paths are from the pod's own root (metadata, spec,
 * status) — for a workload, the scenario maps them into its pod template — and from the Namespace's.
 */
export interface Locator {
  pod(path: readonly (string | number)[]): SourceRef | undefined;
  namespace(path: readonly (string | number)[]): SourceRef | undefined;
}

export const NO_LOCATOR: Locator = { pod: () => undefined, namespace: () => undefined };

const MAX_LIST = 1000;

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** A value as written: a map or list where a string goes (hostile input) reads as its JSON, never "[object Object]". */
function asWritten(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** A map of strings as the API server would store it (YAML scalars read as their text, null as ""). */
export function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(record(v))) setOwn(out, k, asWritten(x));
  return out;
}

function readContainers(v: unknown): PodContainer[] {
  if (!Array.isArray(v)) return [];
  // Hostile input: a pod with a million containers is cut at the API server's own order of magnitude.
  return v.slice(0, MAX_LIST).map((c) => {
    const o = record(c);
    const env: Record<string, string> = {};
    const envIndex: Record<string, number> = {};
    if (Array.isArray(o.env)) {
      for (const [i, e] of o.env.slice(0, MAX_LIST).entries()) {
        const r = record(e);
        if (typeof r.name !== 'string') continue;
        setOwn(env, r.name, asWritten(r.value));
        setOwn(envIndex, r.name, i);
      }
    }
    return { name: asWritten(o.name), env, envIndex, args: Array.isArray(o.args) ? o.args.slice(0, MAX_LIST).map(asWritten) : [] };
  });
}

/** Reads a Pod (or a pod template: metadata + spec) as istio-cni sees it. */
export function readAmbientPod(value: unknown, namespaceFallback = ''): AmbientPod {
  const o = record(value);
  const meta = record(o.metadata);
  const spec = record(o.spec);
  const status = record(o.status);
  const podIPs = Array.isArray(status.podIPs) ? status.podIPs.slice(0, MAX_LIST).map((p) => asWritten(record(p).ip)).filter((ip) => ip !== '') : [];
  return {
    name: asWritten(meta.name),
    namespace: typeof meta.namespace === 'string' ? meta.namespace : namespaceFallback,
    labels: stringMap(meta.labels),
    annotations: stringMap(meta.annotations),
    ...(meta.uid !== undefined ? { uid: asWritten(meta.uid) } : {}),
    hostNetwork: spec.hostNetwork === true,
    containers: readContainers(spec.containers),
    initContainers: readContainers(spec.initContainers),
    ...(typeof spec.nodeName === 'string' ? { nodeName: spec.nodeName } : {}),
    phase: typeof status.phase === 'string' ? status.phase : '',
    podIP: typeof status.podIP === 'string' ? status.podIP : '',
    podIPs,
  };
}

/** A Namespace object ({metadata: {name, labels}}) or the corpus' {name, labels}. */
export function readAmbientNamespace(value: unknown, nameFallback = ''): AmbientNamespace {
  const o = record(value);
  const meta = record(o.metadata);
  const name = typeof meta.name === 'string' ? meta.name : typeof o.name === 'string' ? o.name : nameFallback;
  return { name, labels: stringMap(o.metadata !== undefined ? meta.labels : o.labels) };
}

/** The pod's IPs as util.GetPodIPsIfPresent reads them: status.podIPs, else status.podIP. */
export function podIPsOf(pod: AmbientPod): string[] {
  if (pod.podIPs.length) return pod.podIPs;
  return pod.podIP ? [pod.podIP] : [];
}

export const isTerminated = (pod: AmbientPod) => pod.phase === 'Succeeded' || pod.phase === 'Failed';
