/**
 * Re-injection: a pod that carries `sidecar.istio.io/status` has the containers and init containers
 * that annotation lists removed (plus the Prometheus annotations the injector wrote), so the
 * templates see it as it was before the previous injection.
 */
import { cloneJson } from '../kube/index.ts';

export const STATUS_ANNOTATION = 'sidecar.istio.io/status';

export interface InjectionStatus {
  initContainers: string[] | null;
  containers: string[] | null;
  volumes: string[] | null;
  imagePullSecrets: string[] | null;
  revision: string;
}

export function parseStatus(text: string | undefined): InjectionStatus | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text);
    if (!v || typeof v !== 'object') return undefined;
    const list = (x: unknown) => (Array.isArray(x) ? x.map(String) : null);
    return { initContainers: list(v.initContainers), containers: list(v.containers), volumes: list(v.volumes), imagePullSecrets: list(v.imagePullSecrets), revision: String(v.revision ?? '') };
  } catch {
    return undefined;
  }
}

export function stripPod(pod: Record<string, any>, meshStatusPort: number): Record<string, any> {
  const out = cloneJson(pod);
  const annotations = out.metadata?.annotations;
  const status = parseStatus(annotations?.[STATUS_ANNOTATION]);
  if (!status) return out;
  const drop = (list: any[] | undefined, names: string[] | null) =>
    Array.isArray(list) ? list.filter((c) => !(names ?? []).includes(c?.name)) : list;
  out.spec = out.spec ?? {};
  if (out.spec.containers) out.spec.containers = drop(out.spec.containers, status.containers);
  if (out.spec.initContainers) out.spec.initContainers = drop(out.spec.initContainers, status.initContainers);
  delete annotations[STATUS_ANNOTATION];
  const portKey = Object.keys(annotations).find((k) => sanitizeAnnotationKey(k) === 'prometheus_io_port');
  if (portKey && annotations[portKey] === String(meshStatusPort)) {
    for (const k of Object.keys(annotations)) {
      if (['prometheus_io_port', 'prometheus_io_path', 'prometheus_io_scrape'].includes(sanitizeAnnotationKey(k))) delete annotations[k];
    }
  }
  return out;
}

/** Prometheus' label sanitising: every character outside [A-Za-z0-9_] becomes `_`. */
export function sanitizeAnnotationKey(key: string): string {
  return key.replace(/[^A-Za-z0-9_]/g, '_');
}
