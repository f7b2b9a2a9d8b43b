import type { InputName } from '../worker/protocol.ts';

/**
 * The app's words for its five inputs: the tab's label and hint (the editor, the tabs, the error
 * list), and the heading the Markdown report gives a text where it differs from the label (a
 * report is read away from the app, so it names the Kubernetes kind the tab holds).
 * It lives in state/ because the UI and the editor widget both read it, and the editor sits below
 * the UI: imports run UI → editor widget → state → worker client → engine.
 */
export const INPUT_LABELS: Record<InputName, { label: string; hint: string; reportLabel?: string }> = {
  workloads: { label: 'Workloads', hint: 'Pods, Deployments, StatefulSets, Jobs… whose pods Kubernetes admits' },
  namespaces: { label: 'Namespaces', hint: 'Namespace objects: their labels select webhooks' },
  webhooks: { label: 'Webhooks', hint: 'MutatingWebhookConfigurations in the cluster', reportLabel: 'MutatingWebhookConfigurations' },
  injector: { label: 'Injector ConfigMap', hint: 'kubectl get configmap istio-sidecar-injector -n istio-system -o yaml' },
  mesh: { label: 'Mesh ConfigMap', hint: 'kubectl get configmap istio -n istio-system -o yaml' },
};

/** The heading the Markdown report gives an input's text. */
export function reportLabel(name: InputName): string {
  return INPUT_LABELS[name].reportLabel ?? INPUT_LABELS[name].label;
}
