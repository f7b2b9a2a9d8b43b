import fc from 'fast-check';
import { stringify } from 'yaml';
import { anyText, cidrList, maybe, portList, wildValue } from './hostileValues.ts';
import { hostileLabels, hostileSelector } from './labelSelectors.ts';
import { templateText } from './templates.ts';

/*
 * Kubernetes documents for each editor tab, shaped like the real thing but with any field liable to
 * hold the wrong type, a hostile selector or an enormous list.
 */

const name = maybe(fc.oneof(fc.constantFrom('reviews', 'bookinfo', 'istio-system', 'istio-sidecar-injector', 'istio', 'kube-system', ''), fc.string({ maxLength: 10 })));
const workloadKind = fc.constantFrom('Pod', 'Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'CronJob', 'ReplicationController', 'DeploymentConfig', 'List', 'Service', 'ConfigMap', '');
const apiVersion = fc.constantFrom('v1', 'apps/v1', 'batch/v1', 'apps.openshift.io/v1', 'admissionregistration.k8s.io/v1', 'x/y/z', '');

const annotationValue = fc.oneof(portList, cidrList, anyText, fc.constantFrom('true', 'false', 'REDIRECT', 'TPROXY', 'NONE', '{}', '{"holdApplicationUntilProxyStarts": true}', 'proxyMetadata: {A: b}', '[sidecar]', 'sidecar,grpc-agent', '100m', '1Gi'));
const annotationKey = fc.oneof(
  fc.constantFrom(
    'sidecar.istio.io/inject', 'istio.io/rev', 'sidecar.istio.io/status', 'sidecar.istio.io/interceptionMode', 'proxy.istio.io/config',
    'traffic.sidecar.istio.io/includeInboundPorts', 'traffic.sidecar.istio.io/excludeInboundPorts', 'traffic.sidecar.istio.io/includeOutboundPorts',
    'traffic.sidecar.istio.io/excludeOutboundPorts', 'traffic.sidecar.istio.io/includeOutboundIPRanges', 'traffic.sidecar.istio.io/excludeOutboundIPRanges',
    'traffic.sidecar.istio.io/kubevirtInterfaces', 'traffic.sidecar.istio.io/excludeInterfaces', 'inject.istio.io/templates', 'sidecar.istio.io/proxyCPU',
    'sidecar.istio.io/proxyMemory', 'sidecar.istio.io/logLevel', 'status.sidecar.istio.io/port', 'readiness.status.sidecar.istio.io/applicationPorts',
    'sidecar.istio.io/rewriteAppHTTPProbers', 'proxy.istio.io/overrides', 'sidecar.istio.io/agentLogLevel', 'prometheus.io/port',
  ),
  fc.string({ maxLength: 10 }),
);
const annotations = maybe(fc.dictionary(annotationKey, maybe(annotationValue), { maxKeys: 6 }));

const containerPort = fc.record({ containerPort: maybe(fc.integer({ min: -1, max: 70000 })), name: maybe(fc.string({ maxLength: 6 })), protocol: maybe(fc.constantFrom('TCP', 'UDP', 'SCTP')) }, { requiredKeys: [] });
const container = fc.record(
  {
    name: name,
    image: maybe(fc.constantFrom('app:1', 'docker.io/istio/proxyv2:1.24.0', 'auto', '')),
    ports: maybe(fc.oneof(fc.array(containerPort, { maxLength: 3 }), fc.integer({ min: 100, max: 400 }).map((n) => Array.from({ length: n }, (_, i) => ({ containerPort: i + 1 }))))),
    securityContext: maybe(fc.record({ runAsUser: maybe(fc.integer()), runAsGroup: maybe(fc.integer()), privileged: maybe(fc.boolean()) }, { requiredKeys: [] })),
    env: maybe(fc.array(fc.record({ name: name, value: maybe(anyText) }, { requiredKeys: [] }), { maxLength: 3 })),
    readinessProbe: maybe(fc.record({ httpGet: maybe(fc.record({ path: maybe(anyText), port: maybe(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }))) }, { requiredKeys: [] })) }, { requiredKeys: [] })),
    restartPolicy: maybe(fc.constantFrom('Always', 'Never')),
  },
  { requiredKeys: [] },
);
const podSpec = fc.record(
  {
    containers: maybe(fc.array(maybe(container), { maxLength: 3 })),
    initContainers: maybe(fc.array(maybe(container), { maxLength: 2 })),
    hostNetwork: maybe(fc.boolean()),
    serviceAccountName: name,
    securityContext: maybe(fc.record({ runAsUser: maybe(fc.integer()), fsGroup: maybe(fc.integer()) }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
);
const objectMeta = fc.record({ name, namespace: name, generateName: name, labels: hostileLabels, annotations }, { requiredKeys: [] });
const podTemplate = fc.record({ metadata: maybe(objectMeta), spec: maybe(podSpec) }, { requiredKeys: [] });

export const workloadDocument = fc.record(
  {
    apiVersion,
    kind: workloadKind,
    metadata: maybe(objectMeta),
    spec: maybe(fc.oneof(podSpec, fc.record({ selector: maybe(hostileSelector), template: maybe(podTemplate), jobTemplate: maybe(fc.record({ spec: fc.record({ template: podTemplate }) })) }, { requiredKeys: [] }))),
    items: maybe(fc.array(wildValue, { maxLength: 2 })),
  },
  { requiredKeys: ['kind'] },
);

export const namespaceDocument = fc.record({ apiVersion: fc.constant('v1'), kind: maybe(fc.constant('Namespace')), metadata: maybe(fc.record({ name, labels: hostileLabels }, { requiredKeys: [] })) }, { requiredKeys: ['kind'] });

const celExpression = fc.oneof(
  fc.constantFrom("object.metadata.labels['a'] == 'b'", "!has(object.metadata.annotations)", 'true', '1 +', "request.namespace == 'x'", 'object.spec.containers.all(c, c.name != "")', '[1,2,3].map(x, x * 2).size() > 2'),
  fc.integer({ min: 50, max: 2000 }).map((n) => `${'('.repeat(n)}true${')'.repeat(n)}`),
  fc.integer({ min: 50, max: 500 }).map((n) => Array.from({ length: n }, () => 'true').join(' && ')),
  fc.string({ maxLength: 20 }),
);
const webhook = fc.record(
  {
    name: maybe(fc.constantFrom('namespace.sidecar-injector.istio.io', 'object.sidecar-injector.istio.io', 'rev.namespace.sidecar-injector.istio.io', 'x')),
    clientConfig: maybe(fc.record({ service: maybe(fc.record({ name: maybe(fc.constantFrom('istiod', 'istiod-canary', 'other')), namespace: name, path: maybe(fc.constantFrom('/inject', '/inject/cluster/x/net/y', '/x')), port: maybe(fc.integer()) }, { requiredKeys: [] })), url: maybe(anyText) }, { requiredKeys: [] })),
    rules: maybe(fc.array(fc.record({ operations: maybe(fc.array(fc.constantFrom('CREATE', 'UPDATE', '*', 'x'), { maxLength: 2 })), apiGroups: maybe(fc.array(fc.constantFrom('', '*', 'apps'), { maxLength: 2 })), apiVersions: maybe(fc.array(fc.constantFrom('v1', '*'), { maxLength: 2 })), resources: maybe(fc.array(fc.constantFrom('pods', '*', 'pods/*', 'deployments'), { maxLength: 2 })), scope: maybe(fc.constantFrom('*', 'Namespaced', 'Cluster')) }, { requiredKeys: [] }), { maxLength: 3 })),
    namespaceSelector: hostileSelector,
    objectSelector: hostileSelector,
    matchConditions: maybe(fc.array(fc.record({ name: maybe(fc.string({ maxLength: 5 })), expression: maybe(celExpression) }, { requiredKeys: [] }), { maxLength: 3 })),
    failurePolicy: maybe(fc.constantFrom('Fail', 'Ignore')),
    reinvocationPolicy: maybe(fc.constantFrom('Never', 'IfNeeded')),
    matchPolicy: maybe(fc.constantFrom('Exact', 'Equivalent')),
  },
  { requiredKeys: [] },
);
export const webhookDocument = fc.record({
  apiVersion: fc.constantFrom('admissionregistration.k8s.io/v1', 'admissionregistration.k8s.io/v1beta1'),
  kind: fc.constantFrom('MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'),
  metadata: maybe(fc.record({ name, labels: hostileLabels }, { requiredKeys: [] })),
  webhooks: maybe(fc.oneof(fc.array(webhook, { maxLength: 4 }), fc.integer({ min: 100, max: 400 }).map((n) => Array.from({ length: n }, (_, i) => ({ name: `w${i}.sidecar-injector.istio.io`, namespaceSelector: { matchLabels: { a: `${i}` } } }))))),
});

/** An istio-sidecar-injector ConfigMap whose config, values and templates are all fair game. */
export const injectorDocument = fc
  .record({
    name: fc.constantFrom('istio-sidecar-injector', 'istio-sidecar-injector-canary', 'other'),
    policy: maybe(fc.constantFrom('enabled', 'disabled', '')),
    never: maybe(fc.array(hostileSelector, { maxLength: 2 })),
    always: maybe(fc.array(hostileSelector, { maxLength: 2 })),
    injectedAnnotations: maybe(fc.dictionary(fc.string({ maxLength: 6 }), anyText, { maxKeys: 2 })),
    defaultTemplates: maybe(fc.array(fc.constantFrom('sidecar', 'custom', 'missing'), { maxLength: 2 })),
    sidecar: templateText(20),
    custom: templateText(20),
    values: fc.oneof(fc.constant('{"global":{"proxy":{"image":"proxyv2"}}}'), wildValue.map((v) => JSON.stringify(v) ?? ''), anyText),
  })
  .map((r) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: r.name, namespace: 'istio-system' },
    data: {
      config: stringify({ policy: r.policy, neverInjectSelector: r.never, alwaysInjectSelector: r.always, injectedAnnotations: r.injectedAnnotations, defaultTemplates: r.defaultTemplates, templates: { sidecar: r.sidecar, custom: r.custom } }),
      values: r.values,
    },
  }));

export const meshDocument = fc
  .record({ mesh: fc.oneof(wildValue.map((v) => stringify(v)), fc.record({ defaultConfig: maybe(fc.record({ proxyMetadata: maybe(fc.dictionary(fc.string({ maxLength: 8 }), anyText, { maxKeys: 3 })), holdApplicationUntilProxyStarts: maybe(fc.boolean()), interceptionMode: maybe(fc.constantFrom('REDIRECT', 'TPROXY', 'NONE')), concurrency: maybe(fc.integer()), drainDuration: maybe(fc.constantFrom('5s', '1h', '-1s', 'x')) }, { requiredKeys: [] })), outboundTrafficPolicy: wildValue }, { requiredKeys: [] }).map((m) => stringify(m)), anyText) })
  .map(({ mesh }) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'istio', namespace: 'istio-system' }, data: { mesh } }));

/** A YAML stream of the given documents (a stringified document never fails to render). */
export function yamlStream(docs: fc.Arbitrary<unknown>, maxDocs = 3): fc.Arbitrary<string> {
  return fc.array(docs, { minLength: 1, maxLength: maxDocs }).map((ds) => ds.map((d) => stringify(d, { aliasDuplicateObjects: false })).join('---\n'));
}
