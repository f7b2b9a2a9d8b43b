import type { ReactNode } from 'react';

/** Short explanations of the Istio and Kubernetes words the panels use, shown on hover or focus. */
export const GLOSSARY = {
  revision: 'A named istiod control plane (e.g. "canary"). Namespaces and pods choose one with the istio.io/rev label.',
  webhook: 'A MutatingWebhook: Kubernetes sends the new pod to it (here istiod) when its rules and selectors match.',
  namespaceSelector: 'A label selector on the namespace: the webhook is only called for pods in matching namespaces.',
  objectSelector: "A label selector on the pod's own labels (never its annotations).",
  istiod: "Istio's control plane; its /inject endpoint decides whether to inject and patches the pod.",
  'istio-init': 'An init container that runs istio-iptables to redirect the pod’s traffic to the proxy before the app starts.',
  CNI: 'With the Istio CNI plugin, the node sets up the redirect when the pod’s network is created; no privileged init container is needed.',
  JSONPatch: 'The RFC 6902 list of operations the webhook returns; the API server applies it to the pod.',
  'native sidecar': 'An init container with restartPolicy: Always (Kubernetes ≥ 1.29): it starts before and stops after the app.',
} as const;

/** `inControl`: inside a button, the term must not take focus itself (no nested interactive elements). */
export function Term({ name, children, inControl = false }: { name: keyof typeof GLOSSARY; children?: ReactNode; inControl?: boolean }) {
  return (
    <abbr className="term" title={GLOSSARY[name]} tabIndex={inControl ? undefined : 0}>
      {children ?? name}
    </abbr>
  );
}
