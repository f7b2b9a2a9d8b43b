import type { InputName } from '../worker/protocol.ts';

export const INPUT_LABELS: Record<InputName, { label: string; hint: string }> = {
  workloads: { label: 'Workloads', hint: 'Pods, Deployments, StatefulSets, Jobs… whose pods Kubernetes admits' },
  namespaces: { label: 'Namespaces', hint: 'Namespace objects: their labels select webhooks' },
  webhooks: { label: 'Webhooks', hint: 'MutatingWebhookConfigurations in the cluster' },
  injector: { label: 'Injector ConfigMap', hint: 'kubectl get configmap istio-sidecar-injector -n istio-system -o yaml' },
  mesh: { label: 'Mesh ConfigMap', hint: 'kubectl get configmap istio -n istio-system -o yaml' },
};
