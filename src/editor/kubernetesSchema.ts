/**
 * A pruned JSON Schema of the Kubernetes kinds meshsim reads, written for the editor's validation
 * (types, enums, required names). It is deliberately open (unknown fields allowed): the API server's
 * own strictness is not the point; catching the mistakes that change injection is — e.g. an
 * unquoted `sidecar.istio.io/inject: true`, which Kubernetes rejects because labels and
 * annotations must be strings.
 */
const stringMap = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Keys and values must be strings: quote values such as "true" or "1".',
};

const labelSelector = {
  type: ['object', 'null'],
  properties: {
    matchLabels: stringMap,
    matchExpressions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'operator'],
        properties: {
          key: { type: 'string' },
          operator: { enum: ['In', 'NotIn', 'Exists', 'DoesNotExist'] },
          values: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

const objectMeta = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    generateName: { type: 'string' },
    namespace: { type: 'string' },
    labels: stringMap,
    annotations: stringMap,
  },
};

const envVar = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, value: { type: 'string' }, valueFrom: { type: 'object' } },
};

const container = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    image: { type: 'string' },
    command: { type: 'array', items: { type: 'string' } },
    args: { type: 'array', items: { type: 'string' } },
    env: { type: 'array', items: envVar },
    ports: {
      type: 'array',
      items: {
        type: 'object',
        required: ['containerPort'],
        properties: {
          name: { type: 'string' },
          containerPort: { type: 'integer', minimum: 1, maximum: 65535 },
          protocol: { enum: ['TCP', 'UDP', 'SCTP'] },
        },
      },
    },
    resources: { type: 'object' },
    securityContext: { type: 'object' },
    restartPolicy: { type: 'string' },
  },
};

const podSpec = {
  type: 'object',
  properties: {
    containers: { type: 'array', items: container },
    initContainers: { type: 'array', items: container },
    volumes: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    hostNetwork: { type: 'boolean' },
    serviceAccountName: { type: 'string' },
  },
};

const podTemplate = { type: 'object', properties: { metadata: objectMeta, spec: podSpec } };

const webhook = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    clientConfig: { type: 'object' },
    rules: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          operations: { type: 'array', items: { enum: ['*', 'CREATE', 'UPDATE', 'DELETE', 'CONNECT'] } },
          apiGroups: { type: 'array', items: { type: 'string' } },
          apiVersions: { type: 'array', items: { type: 'string' } },
          resources: { type: 'array', items: { type: 'string' } },
          scope: { enum: ['*', 'Cluster', 'Namespaced'] },
        },
      },
    },
    namespaceSelector: labelSelector,
    objectSelector: labelSelector,
    failurePolicy: { enum: ['Fail', 'Ignore'] },
    reinvocationPolicy: { enum: ['Never', 'IfNeeded'] },
    sideEffects: { enum: ['None', 'NoneOnDryRun', 'Some', 'Unknown'] },
    matchPolicy: { enum: ['Exact', 'Equivalent'] },
    timeoutSeconds: { type: 'integer', minimum: 1, maximum: 30 },
    admissionReviewVersions: { type: 'array', items: { type: 'string' } },
    matchConditions: {
      type: 'array',
      items: { type: 'object', required: ['name', 'expression'], properties: { name: { type: 'string' }, expression: { type: 'string' } } },
    },
  },
};

const byKind: Record<string, object> = {
  Pod: { properties: { metadata: objectMeta, spec: podSpec } },
  Deployment: { properties: { metadata: objectMeta, spec: { type: 'object', properties: { replicas: { type: 'integer' }, selector: labelSelector, template: podTemplate } } } },
  StatefulSet: { properties: { metadata: objectMeta, spec: { type: 'object', properties: { template: podTemplate } } } },
  DaemonSet: { properties: { metadata: objectMeta, spec: { type: 'object', properties: { template: podTemplate } } } },
  ReplicaSet: { properties: { metadata: objectMeta, spec: { type: 'object', properties: { template: podTemplate } } } },
  Job: { properties: { metadata: objectMeta, spec: { type: 'object', properties: { template: podTemplate } } } },
  CronJob: {
    properties: {
      metadata: objectMeta,
      spec: { type: 'object', properties: { jobTemplate: { type: 'object', properties: { spec: { type: 'object', properties: { template: podTemplate } } } } } },
    },
  },
  Namespace: { properties: { metadata: objectMeta } },
  ConfigMap: { properties: { metadata: objectMeta, data: stringMap } },
  MutatingWebhookConfiguration: { properties: { metadata: objectMeta, webhooks: { type: 'array', items: webhook } } },
};

export const kubernetesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: objectMeta },
  allOf: Object.entries(byKind).map(([kind, schema]) => ({ if: { properties: { kind: { const: kind } }, required: ['kind'] }, then: schema })),
};
