import { stringify } from 'yaml';
import type { Verdict } from '../admission/types.ts';
import { builtinInstallDocuments } from '../injection/builtin/index.ts';
import { BUILTIN_INSTALL_LABEL, BUILTIN_INSTALL_VALUE } from '../releases/fromPaste.ts';
import type { DriftKind } from './types.ts';

/**
 * A deterministic synthetic cluster dump, shaped like
 * `kubectl get namespaces,pods,mutatingwebhookconfigurations,configmaps -A -o yaml`: namespaces
 * labelled for the default revision, for a canary, for an old revision, or not at all; the three
 * revisions' webhook configurations plus an unrelated one; injector ConfigMaps; and pods that are
 * injected, not injected, injected by an old revision, or out of step with their namespace.
 * For tests, the bench and the e2e suite.
 */
export interface DumpOptions {
  pods: number;
  seed?: number;
}

/** What the generator meant each pod to be, so tests can hold the audit to it. */
export interface GeneratedPod {
  name: string;
  namespace: string;
  verdict: Verdict;
  drift: DriftKind[];
  injectedBy: string[];
}

const OLD = '1-22';
const PROXY_TAG: Record<string, string> = { default: '1.24.2', canary: '1.25.0', [OLD]: '1.22.6' };

type NamespaceKind = 'injection' | 'canary' | 'old' | 'plain' | 'disabled';

/** How a pod of each kind of namespace looks, with weights: [sidecar revision | none, opt-out label, expected drift]. */
const POD_CASES: Record<NamespaceKind, { weight: number; sidecar?: string; native?: boolean; optOut?: boolean; verdict: Verdict; by: string[]; drift: DriftKind[] }[]> = {
  injection: [
    { weight: 55, sidecar: 'default', verdict: 'injected', by: ['default'], drift: [] },
    { weight: 15, sidecar: 'default', native: true, verdict: 'injected', by: ['default'], drift: [] },
    { weight: 10, verdict: 'injected', by: ['default'], drift: ['missing-sidecar'] },
    { weight: 10, optOut: true, verdict: 'not-injected', by: [], drift: [] },
    { weight: 10, sidecar: OLD, verdict: 'injected', by: ['default'], drift: ['old-revision'] },
  ],
  canary: [
    { weight: 70, sidecar: 'canary', verdict: 'injected', by: ['canary'], drift: [] },
    { weight: 20, sidecar: 'default', verdict: 'injected', by: ['canary'], drift: ['old-revision'] },
    { weight: 10, verdict: 'injected', by: ['canary'], drift: ['missing-sidecar'] },
  ],
  old: [
    { weight: 90, sidecar: OLD, verdict: 'injected', by: [OLD], drift: [] },
    { weight: 10, verdict: 'injected', by: [OLD], drift: ['missing-sidecar'] },
  ],
  plain: [
    { weight: 85, verdict: 'not-injected', by: [], drift: [] },
    { weight: 15, sidecar: 'default', verdict: 'not-injected', by: [], drift: ['unwanted-sidecar'] },
  ],
  disabled: [
    { weight: 80, verdict: 'not-injected', by: [], drift: [] },
    { weight: 20, sidecar: 'canary', native: true, verdict: 'not-injected', by: [], drift: ['unwanted-sidecar'] },
  ],
};

const NAMESPACE_KINDS: { kind: NamespaceKind; weight: number }[] = [
  { kind: 'injection', weight: 35 },
  { kind: 'canary', weight: 25 },
  { kind: 'old', weight: 10 },
  { kind: 'plain', weight: 20 },
  { kind: 'disabled', weight: 10 },
];

const APPS = ['web', 'api', 'cart', 'checkout', 'search', 'auth', 'billing', 'catalog', 'ratings', 'mailer'];
const TEAMS = ['payments', 'storefront', 'platform', 'data'];

/** mulberry32: a small seeded generator, so the same seed always gives the same dump. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T extends { weight: number }>(rand: () => number, list: readonly T[]): T {
  const total = list.reduce((n, x) => n + x.weight, 0);
  let r = rand() * total;
  for (const x of list) if ((r -= x.weight) < 0) return x;
  return list[list.length - 1];
}

const suffix = (rand: () => number, n: number) => Array.from({ length: n }, () => 'bcdfghjklmnpqrstvwxz2456789'[Math.floor(rand() * 26)]).join('');
const uid = (rand: () => number) => [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('')).join('-');

function injectorWebhook(name: string, service: string, namespaceSelector: unknown, objectSelector: unknown) {
  return {
    admissionReviewVersions: ['v1'],
    clientConfig: { service: { name: service, namespace: 'istio-system', path: '/inject', port: 443 } },
    failurePolicy: 'Fail',
    matchPolicy: 'Equivalent',
    name,
    namespaceSelector,
    objectSelector,
    reinvocationPolicy: 'Never',
    rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'], scope: '*' }],
    sideEffects: 'None',
    timeoutSeconds: 10,
  };
}

const expr = (key: string, operator: string, values?: string[]) => ({ key, operator, ...(values ? { values } : {}) });
const NOT_OPTED_OUT = { matchExpressions: [expr('sidecar.istio.io/inject', 'NotIn', ['false'])] };

function revisionWebhooks(revision: string, service: string) {
  return [
    injectorWebhook('rev.namespace.sidecar-injector.istio.io', service, { matchExpressions: [expr('istio.io/rev', 'In', [revision]), expr('istio-injection', 'DoesNotExist')] }, NOT_OPTED_OUT),
    injectorWebhook('rev.object.sidecar-injector.istio.io', service, { matchExpressions: [expr('istio.io/rev', 'DoesNotExist'), expr('istio-injection', 'DoesNotExist')] }, {
      matchExpressions: [expr('sidecar.istio.io/inject', 'NotIn', ['false']), expr('istio.io/rev', 'In', [revision])],
    }),
  ];
}

function webhookConfigurations() {
  const configuration = (name: string, revision: string, webhooks: unknown[]) => ({
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { labels: { app: 'sidecar-injector', 'istio.io/rev': revision }, name },
    webhooks,
  });
  return [
    configuration('istio-sidecar-injector', 'default', [
      ...revisionWebhooks('default', 'istiod'),
      injectorWebhook('namespace.sidecar-injector.istio.io', 'istiod', { matchExpressions: [expr('istio-injection', 'In', ['enabled'])] }, NOT_OPTED_OUT),
      injectorWebhook('object.sidecar-injector.istio.io', 'istiod', { matchExpressions: [expr('istio-injection', 'DoesNotExist'), expr('istio.io/rev', 'DoesNotExist')] }, {
        matchExpressions: [expr('sidecar.istio.io/inject', 'In', ['true']), expr('istio.io/rev', 'DoesNotExist')],
      }),
    ]),
    configuration('istio-sidecar-injector-canary', 'canary', revisionWebhooks('canary', 'istiod-canary')),
    configuration(`istio-sidecar-injector-${OLD}`, OLD, revisionWebhooks(OLD, `istiod-${OLD}`)),
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'team-defaults' },
      webhooks: [
        {
          admissionReviewVersions: ['v1'],
          clientConfig: { service: { name: 'defaulter', namespace: 'platform-system', path: '/mutate', port: 443 } },
          failurePolicy: 'Ignore',
          name: 'defaults.platform.example.com',
          namespaceSelector: { matchLabels: { team: 'payments' } },
          rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
          sideEffects: 'None',
        },
      ],
    },
  ];
}

function configMaps(namespaces: string[]) {
  // meshsim's built-in install, so a pod opened from the dump as a scenario injects as it would in the app.
  const install = builtinInstallDocuments();
  const config = install.config as Record<string, any>;
  const injector = (revision: string) => ({
    apiVersion: 'v1',
    data: {
      config: stringify({ ...config, templates: { sidecar: config.templates.sidecar } }, { lineWidth: 0 }),
      values: JSON.stringify({ ...(install.values as Record<string, any>), revision: revision === 'default' ? '' : revision }),
    },
    kind: 'ConfigMap',
    metadata: { labels: { 'istio.io/rev': revision, [BUILTIN_INSTALL_LABEL]: BUILTIN_INSTALL_VALUE }, name: revision === 'default' ? 'istio-sidecar-injector' : `istio-sidecar-injector-${revision}`, namespace: 'istio-system' },
  });
  return [
    ...namespaces.map((ns) => ({ apiVersion: 'v1', data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' }, kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: ns } })),
    injector('default'),
    injector('canary'),
    injector(OLD),
    { apiVersion: 'v1', data: { mesh: 'defaultConfig:\n  discoveryAddress: istiod.istio-system.svc:15012\nrootNamespace: istio-system\ntrustDomain: cluster.local\n' }, kind: 'ConfigMap', metadata: { name: 'istio', namespace: 'istio-system' } },
  ];
}

function proxyContainer(revision: string, native: boolean) {
  return {
    args: ['proxy', 'sidecar', '--domain', '$(POD_NAMESPACE).svc.cluster.local', '--proxyLogLevel=warning'],
    env: [
      { name: 'PILOT_CERT_PROVIDER', value: 'istiod' },
      { name: 'CA_ADDR', value: `istiod${revision === 'default' ? '' : `-${revision}`}.istio-system.svc:15012` },
    ],
    image: `docker.io/istio/proxyv2:${PROXY_TAG[revision]}`,
    name: 'istio-proxy',
    ports: [{ containerPort: 15090, name: 'http-envoy-prom', protocol: 'TCP' }],
    ...(native ? { restartPolicy: 'Always' } : {}),
  };
}

function pod(rand: () => number, namespace: string, app: string, sidecar: string | undefined, native: boolean, optOut: boolean) {
  const hash = suffix(rand, 10);
  const name = `${app}-${hash}-${suffix(rand, 5)}`;
  const labels: Record<string, string> = { app, 'pod-template-hash': hash, version: 'v1' };
  const annotations: Record<string, string> = { 'kubectl.kubernetes.io/restartedAt': '2026-11-02T09:14:00Z' };
  if (optOut) labels['sidecar.istio.io/inject'] = 'false';
  const app0 = { image: `registry.example.com/${app}:1.${Math.floor(rand() * 20)}`, name: app, ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }], resources: { requests: { cpu: '100m', memory: '128Mi' } } };
  const containers: Record<string, any>[] = [app0];
  const initContainers: Record<string, any>[] = [];
  if (sidecar) {
    Object.assign(labels, { 'security.istio.io/tlsMode': 'istio', 'service.istio.io/canonical-name': app, 'service.istio.io/canonical-revision': 'v1' });
    annotations['istio.io/rev'] = sidecar;
    annotations['sidecar.istio.io/status'] = JSON.stringify({ initContainers: native ? ['istio-init', 'istio-proxy'] : ['istio-init'], containers: native ? [] : ['istio-proxy'], volumes: ['istio-envoy', 'istio-data', 'istio-podinfo', 'istio-token', 'istiod-ca-cert'], imagePullSecrets: null, revision: sidecar });
    initContainers.push({ args: ['istio-iptables', '-p', '15001', '-z', '15006', '-u', '1337', '-m', 'REDIRECT', '-i', '*', '-b', '*'], image: `docker.io/istio/proxyv2:${PROXY_TAG[sidecar]}`, name: 'istio-init' });
    if (native) initContainers.push(proxyContainer(sidecar, true));
    else containers.push(proxyContainer(sidecar, false));
  }
  const value = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      annotations,
      creationTimestamp: '2026-11-02T09:14:07Z',
      generateName: `${app}-${hash}-`,
      labels,
      name,
      namespace,
      ownerReferences: [{ apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'ReplicaSet', name: `${app}-${hash}`, uid: uid(rand) }],
      resourceVersion: String(100000 + Math.floor(rand() * 900000)),
      uid: uid(rand),
    },
    spec: {
      containers,
      ...(initContainers.length ? { initContainers } : {}),
      nodeName: `node-${Math.floor(rand() * 12)}`,
      restartPolicy: 'Always',
      serviceAccountName: app,
    },
    status: {
      hostIP: `10.0.0.${Math.floor(rand() * 250) + 2}`,
      phase: 'Running',
      podIP: `10.244.${Math.floor(rand() * 250)}.${Math.floor(rand() * 250) + 2}`,
      qosClass: 'Burstable',
      startTime: '2026-11-02T09:14:07Z',
    },
  };
  return { name, value };
}

function namespaceLabels(kind: NamespaceKind): Record<string, string> {
  switch (kind) {
    case 'injection':
      return { 'istio-injection': 'enabled' };
    case 'canary':
      return { 'istio.io/rev': 'canary' };
    case 'old':
      return { 'istio.io/rev': OLD };
    case 'disabled':
      return { 'istio-injection': 'disabled' };
    default:
      return {};
  }
}

/** The dump as objects, with what each pod was meant to be. */
export function synthesizeDump(options: DumpOptions): { list: Record<string, any>; pods: GeneratedPod[] } {
  const rand = random(options.seed ?? 1);
  const podCount = Math.max(0, Math.floor(options.pods));
  const namespaceCount = Math.max(5, Math.ceil(podCount / 50));
  const namespaces: { name: string; kind: NamespaceKind; object: Record<string, any> }[] = [];
  for (let i = 0; i < namespaceCount; i++) {
    // The first five cover every kind, whatever the seed.
    const kind = i < NAMESPACE_KINDS.length ? NAMESPACE_KINDS[i].kind : pick(rand, NAMESPACE_KINDS).kind;
    const name = `${TEAMS[i % TEAMS.length]}-${kind}-${i}`;
    const labels = { 'kubernetes.io/metadata.name': name, team: TEAMS[i % TEAMS.length], ...namespaceLabels(kind) };
    namespaces.push({ name, kind, object: { apiVersion: 'v1', kind: 'Namespace', metadata: { labels, name, uid: uid(rand) }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } } });
  }
  const system = ['kube-system', 'istio-system'].map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { labels: { 'kubernetes.io/metadata.name': name }, name, uid: uid(rand) }, status: { phase: 'Active' } }));
  const pods: GeneratedPod[] = [];
  const podObjects: Record<string, any>[] = [];
  for (let i = 0; i < podCount; i++) {
    // Every tenth pod of a large dump lives in kube-system, which istiod never injects into.
    if (i % 10 === 9) {
      const p = pod(rand, 'kube-system', 'coredns', undefined, false, false);
      podObjects.push(p.value);
      pods.push({ name: p.name, namespace: 'kube-system', verdict: 'not-injected', drift: [], injectedBy: [] });
      continue;
    }
    const ns = namespaces[i % namespaces.length];
    const c = pick(rand, POD_CASES[ns.kind]);
    const p = pod(rand, ns.name, APPS[Math.floor(rand() * APPS.length)], c.sidecar, c.native ?? false, c.optOut ?? false);
    podObjects.push(p.value);
    pods.push({ name: p.name, namespace: ns.name, verdict: c.verdict, drift: c.drift, injectedBy: c.by });
  }
  const allNamespaces = [...system, ...namespaces.map((n) => n.object)];
  const list = {
    apiVersion: 'v1',
    items: [...allNamespaces, ...podObjects, ...webhookConfigurations(), ...configMaps(allNamespaces.map((n) => n.metadata.name))],
    kind: 'List',
    metadata: { resourceVersion: '' },
  };
  return { list, pods };
}

/** A List as YAML, laid out as kubectl prints it (sequences at their key's indent, no anchors). */
export function printDump(list: Record<string, any>): string {
  return stringify(list, { indentSeq: false, lineWidth: 0, aliasDuplicateObjects: false });
}

/** The dump as YAML, laid out as kubectl prints it. */
export function generateDump(options: DumpOptions): string {
  return printDump(synthesizeDump(options).list);
}
