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
export function kubeInjectRequired(meta: Record<string, any>, injectValue: 'lenient' | 'strict' = 'strict'): KubeInjectDecision {
  if (IGNORED_NAMESPACES.includes(String(meta.namespace ?? ''))) return { inject: false, reason: 'ignored namespace' };
  const labels = meta.labels ?? {};
  const annotations = meta.annotations ?? {};
  const written = INJECT_KEY in labels ? String(labels[INJECT_KEY]) : INJECT_KEY in annotations ? String(annotations[INJECT_KEY]) : '';
  // 1.22–1.26 take y/yes/true/on (any case) as yes and any other value as no; 1.27+ only "false" is no.
  const lenientYes = ['y', 'yes', 'true', 'on'].includes(written.toLowerCase());
  const explicit = injectValue === 'lenient' && written !== '' ? (lenientYes ? 'true' : 'false') : written;
  if (explicit === 'false') return { inject: false, reason: `${INJECT_KEY}=${written}` };
  return { inject: true, reason: explicit === 'true' ? `${INJECT_KEY}=true` : 'policy enabled' };
}
