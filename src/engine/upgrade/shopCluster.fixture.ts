import type { UpgradeStep } from '../audit/index.ts';

/*
 * A small cluster written by hand, for the tests of the upgrade preview (`preview.test.ts`) and of
 * the worker that runs it (`worker/auditClient.test.ts`): one istio-sidecar-injector webhook on the
 * classic namespace label, namespace `shop` labelled for it, one pod; the steps take the label off.
 */

const webhooks = [
  'apiVersion: admissionregistration.k8s.io/v1',
  'kind: MutatingWebhookConfiguration',
  'metadata: {name: istio-sidecar-injector}',
  'webhooks:',
  '- name: namespace.sidecar-injector.istio.io',
  '  clientConfig: {service: {name: istiod, namespace: istio-system, path: /inject}}',
  '  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]',
  '  namespaceSelector: {matchLabels: {istio-injection: enabled}}',
  '  sideEffects: None',
  '  admissionReviewVersions: [v1]',
].join('\n');

/** The scenario's editor texts (every other input left to its default). */
export const shopTexts = {
  webhooks,
  namespaces: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {istio-injection: enabled}\n',
  workloads: 'apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: shop}\nspec:\n  containers: [{name: web, image: web}]\n',
};

/** `kubectl label namespace shop istio-injection-`: a new pod of shop meets no injection webhook. */
export const unlabelShop: UpgradeStep[] = [{ kind: 'label', namespace: 'shop', labels: { 'istio-injection': null } }];
