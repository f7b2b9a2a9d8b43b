/**
 * The Go types of the cluster objects meshsim reads beside workloads, as the API server decodes
 * them: admissionregistration.k8s.io/v1 MutatingWebhookConfiguration, and core/v1 Namespace and
 * ConfigMap (Kubernetes 1.34). Used to say what the API server refuses to decode (a map where a
 * webhook's name goes); `[]byte` fields (caBundle, binaryData) are base64 strings in JSON.
 */
import { META_V1 } from './coreV1Schema.ts';
import { fields, type StructTable } from './schemaTypes.ts';

export const CLUSTER_CONFIG_TYPES: StructTable = {
  ...META_V1,
  MutatingWebhookConfiguration: fields('inline TypeMeta', 'metadata ObjectMeta omitempty', 'webhooks []MutatingWebhook omitempty merge key=name'),
  MutatingWebhook: fields(
    'name string',
    'clientConfig WebhookClientConfig',
    'rules []RuleWithOperations omitempty',
    'failurePolicy *string omitempty',
    'matchPolicy *string omitempty',
    'namespaceSelector *LabelSelector omitempty',
    'objectSelector *LabelSelector omitempty',
    'sideEffects *string',
    'timeoutSeconds *int32 omitempty',
    'admissionReviewVersions []string',
    'reinvocationPolicy *string omitempty',
    'matchConditions []MatchCondition omitempty merge key=name',
  ),
  WebhookClientConfig: fields('url *string omitempty', 'service *ServiceReference omitempty', 'caBundle string omitempty'),
  ServiceReference: fields('namespace string', 'name string', 'path *string omitempty', 'port *int32 omitempty'),
  RuleWithOperations: fields('operations []string omitempty', 'inline Rule'),
  Rule: fields('apiGroups []string omitempty', 'apiVersions []string omitempty', 'resources []string omitempty', 'scope *string omitempty'),
  MatchCondition: fields('name string', 'expression string'),
  Namespace: fields('inline TypeMeta', 'metadata ObjectMeta omitempty', 'spec NamespaceSpec omitempty', 'status NamespaceStatus omitempty'),
  NamespaceSpec: fields('finalizers []string omitempty'),
  NamespaceStatus: fields('phase string omitempty', 'conditions []Raw omitempty merge key=type'),
  ConfigMap: fields('inline TypeMeta', 'metadata ObjectMeta omitempty', 'immutable *bool omitempty', 'data map[string]string omitempty', 'binaryData map[string]string omitempty'),
};
