/** Namespaces istiod never injects into. */
export const IGNORED_NAMESPACES = ['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage'];

const INJECT_KEY = 'sidecar.istio.io/inject';

export interface KubeInjectDecision {
  inject: boolean;
  reason: string;
}

/**
 * kube-inject's simplified injectRequired (spec §4.3): policy `enabled`, no selectors, so only the
 * pod's ignored namespace and its inject label (or, without the label, annotation) matter.
 */
export function kubeInjectRequired(meta: Record<string, any>): KubeInjectDecision {
  if (IGNORED_NAMESPACES.includes(String(meta.namespace ?? ''))) return { inject: false, reason: 'ignored namespace' };
  const labels = meta.labels ?? {};
  const annotations = meta.annotations ?? {};
  const explicit = INJECT_KEY in labels ? String(labels[INJECT_KEY]) : INJECT_KEY in annotations ? String(annotations[INJECT_KEY]) : '';
  if (explicit === 'false') return { inject: false, reason: `${INJECT_KEY}=false` };
  return { inject: true, reason: explicit === 'true' ? `${INJECT_KEY}=true` : 'policy enabled' };
}
