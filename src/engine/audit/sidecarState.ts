import type { SidecarState } from './types.ts';

const PROXY = 'istio-proxy';
const STATUS_ANNOTATION = 'sidecar.istio.io/status';
const REV_KEY = 'istio.io/rev';

const named = (list: unknown, name: string): Record<string, any> | undefined =>
  Array.isArray(list) ? list.find((c) => c && typeof c === 'object' && c.name === name) : undefined;

/** The revision recorded in the status annotation istiod writes (`{"revision":"canary",...}`), if readable. */
function statusRevision(status: unknown): string | undefined {
  if (typeof status !== 'string' || !status.includes('revision')) return undefined;
  try {
    const parsed = JSON.parse(status);
    return typeof parsed?.revision === 'string' && parsed.revision ? parsed.revision : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a running pod already has Istio's sidecar, and which revision put it there. The status
 * annotation is istiod's own record, so it wins over the istio.io/rev annotation the template
 * writes, which wins over a label the user may have set to choose a revision.
 */
export function sidecarStateOf(pod: Record<string, any>): SidecarState {
  const annotations = pod.metadata?.annotations ?? {};
  const labels = pod.metadata?.labels ?? {};
  const container = named(pod.spec?.containers, PROXY);
  const init = named(pod.spec?.initContainers, PROXY);
  const native = !!init && init.restartPolicy === 'Always';
  const present = !!container || native || typeof annotations[STATUS_ANNOTATION] === 'string';
  if (!present) return { present: false, native: false };
  const fromStatus = statusRevision(annotations[STATUS_ANNOTATION]);
  if (fromStatus) return { present, native, revision: fromStatus, revisionFrom: 'status-annotation' };
  if (typeof annotations[REV_KEY] === 'string' && annotations[REV_KEY]) return { present, native, revision: annotations[REV_KEY], revisionFrom: 'annotation' };
  if (typeof labels[REV_KEY] === 'string' && labels[REV_KEY]) return { present, native, revision: labels[REV_KEY], revisionFrom: 'label' };
  return { present, native };
}
