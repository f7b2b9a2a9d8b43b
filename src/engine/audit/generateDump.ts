import { parse, stringify } from 'yaml';
import { cniConfigMapText } from '../ambient/index.ts';
import type { Verdict } from '../admission/index.ts';
import { classifyDocument } from '../documents/index.ts';
import { builtinInstallDocuments } from '../injection/index.ts';
import { BUILTIN_INSTALL_LABEL, BUILTIN_INSTALL_VALUE } from '../releases/index.ts';
import { defaultEngine } from '../injection/index.ts';
import { webhookInject } from '../injection/index.ts';
import { revisionInstalls } from './installs.ts';
import { indexCluster } from './clusterIndex.ts';
import type { DumpObject } from './readDump.ts';
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
  /** How many workloads (ReplicaSets) the pods belong to (default: one per 33 pods). */
  workloads?: number;
  /** Pods that share nothing: each its own ReplicaSet with a template of its own (for the linear-growth bench). */
  unique?: boolean;
  /**
   * Ambient mode too: istio-cni's ConfigMap (the ambient profile's), namespaces labelled
   * istio.io/dataplane-mode=ambient whose pods the node agent enrolled, and planted ambient drift —
   * a selected pod never enrolled, an enrolled pod whose namespace no longer asks, a sidecar pod in
   * an ambient namespace.
   */
  ambient?: boolean;
}

/** What the generator planted in a pod, for the tests to find. */
export type Planted = 'image-drift' | 'rendered-rejected' | 'hand-edited' | 'ambient-missed' | 'ambient-stale' | 'ambient-sidecar';

/** What the generator meant each pod to be, so tests can hold the audit to it. */
export interface GeneratedPod {
  name: string;
  namespace: string;
  verdict: Verdict;
  drift: DriftKind[];
  injectedBy: string[];
  /** The drift planted on purpose, beyond revisions and labels. */
  planted?: Planted;
}

/** The old revision still running in some namespaces. */
const OLD = 'stable';
/**
 * Image tags of each revision's install. meshsim's built-in install is master's chart, so its
 * images carry development tags, which read as master (a numbered tag would make istiod of that
 * release fail on the master templates' newer functions).
 */
export const PROXY_TAG: Record<string, string> = { default: '1.29-dev', canary: '1.30-dev', [OLD]: '1.28-dev' };
/** The tag the image-drift pods were injected with: the default revision before its upgrade. */
export const DRIFTED_TAG = '1.28-dev';

type NamespaceKind = 'injection' | 'canary' | 'old' | 'plain' | 'disabled' | 'ambient';

/** The state of a workload's pods: the revision whose sidecar they run (or none), the case's expected audit. */
interface PodCase {
  weight: number;
  sidecar?: string;
  optOut?: boolean;
  planted?: Planted;
  /** istio-cni's node agent enrolled the running pod (`ambient.istio.io/redirection: enabled`). */
  enrolled?: boolean;
  /** Only in a dump with ambient mode. */
  ambientOnly?: boolean;
  verdict: Verdict;
  by: string[];
  drift: DriftKind[];
}

const POD_CASES: Record<NamespaceKind, PodCase[]> = {
  injection: [
    { weight: 45, sidecar: 'default', verdict: 'injected', by: ['default'], drift: [] },
    { weight: 12, sidecar: 'default', planted: 'image-drift', verdict: 'injected', by: ['default'], drift: ['sidecar-changes'] },
    { weight: 6, sidecar: 'default', planted: 'rendered-rejected', verdict: 'rejected', by: [], drift: ['would-be-rejected'] },
    { weight: 10, verdict: 'injected', by: ['default'], drift: ['missing-sidecar'] },
    { weight: 10, optOut: true, verdict: 'not-injected', by: [], drift: [] },
    { weight: 10, sidecar: OLD, verdict: 'injected', by: ['default'], drift: ['old-revision', 'sidecar-changes'] },
  ],
  canary: [
    { weight: 70, sidecar: 'canary', verdict: 'injected', by: ['canary'], drift: [] },
    { weight: 20, sidecar: 'default', verdict: 'injected', by: ['canary'], drift: ['old-revision', 'sidecar-changes'] },
    { weight: 10, verdict: 'injected', by: ['canary'], drift: ['missing-sidecar'] },
  ],
  old: [
    { weight: 90, sidecar: OLD, verdict: 'injected', by: [OLD], drift: [] },
    { weight: 10, verdict: 'injected', by: [OLD], drift: ['missing-sidecar'] },
  ],
  plain: [
    { weight: 85, verdict: 'not-injected', by: [], drift: [] },
    { weight: 15, sidecar: 'default', verdict: 'not-injected', by: [], drift: ['unwanted-sidecar'] },
    // Enrolled while its namespace was labelled for ambient; the label has since gone.
    { weight: 8, enrolled: true, planted: 'ambient-stale', ambientOnly: true, verdict: 'not-injected', by: [], drift: ['data-plane'] },
  ],
  disabled: [
    { weight: 80, verdict: 'not-injected', by: [], drift: [] },
    { weight: 20, sidecar: 'canary', verdict: 'not-injected', by: [], drift: ['unwanted-sidecar'] },
  ],
  ambient: [
    { weight: 80, enrolled: true, verdict: 'not-injected', by: [], drift: [] },
    { weight: 10, planted: 'ambient-missed', verdict: 'not-injected', by: [], drift: ['data-plane'] },
    { weight: 10, sidecar: 'default', planted: 'ambient-sidecar', verdict: 'not-injected', by: [], drift: ['unwanted-sidecar', 'data-plane'] },
  ],
};

const NAMESPACE_KINDS: { kind: NamespaceKind; weight: number }[] = [
  { kind: 'injection', weight: 35 },
  { kind: 'canary', weight: 25 },
  { kind: 'old', weight: 10 },
  { kind: 'plain', weight: 20 },
  { kind: 'disabled', weight: 10 },
  { kind: 'ambient', weight: 15 },
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

/**
 * A template some pods ask for with `inject.istio.io/templates: sidecar,debug`. It reads
 * `index .Values.debug "image"`: the installs these pods were created with had `debug` in their
 * values; the current default install dropped it, so istiod now fails to render them (Go's
 * text/template cannot index a nil value) and a restart would leave them uncreated.
 */
const DEBUG_TEMPLATE = 'metadata:\n  annotations:\n    debug.example.com/image: {{ index .Values.debug "image" | quote }}\n';

interface InjectorShape {
  tag?: string;
  debug?: boolean;
}

function injectorConfigMap(revision: string, shape: InjectorShape = {}) {
  // meshsim's built-in install, so a pod opened from the dump as a scenario injects as it would in the app.
  const install = builtinInstallDocuments();
  const config = install.config as Record<string, any>;
  const values = install.values as Record<string, any>;
  return {
    apiVersion: 'v1',
    data: {
      config: stringify({ ...config, templates: { sidecar: config.templates.sidecar, debug: DEBUG_TEMPLATE } }, { lineWidth: 0 }),
      values: JSON.stringify({
        ...values,
        global: { ...values.global, tag: shape.tag ?? PROXY_TAG[revision] },
        revision: revision === 'default' ? '' : revision,
        ...(shape.debug ? { debug: { image: 'registry.example.com/debug:1' } } : {}),
      }),
    },
    kind: 'ConfigMap',
    metadata: { labels: { 'istio.io/rev': revision, [BUILTIN_INSTALL_LABEL]: BUILTIN_INSTALL_VALUE }, name: revision === 'default' ? 'istio-sidecar-injector' : `istio-sidecar-injector-${revision}`, namespace: 'istio-system' },
  };
}

/** istio-cni's ConfigMap as Istio's ambient profile installs it. */
function cniConfigMap(): Record<string, any> {
  return parse(cniConfigMapText()) as Record<string, any>;
}

const MESH = { apiVersion: 'v1', data: { mesh: 'defaultConfig:\n  discoveryAddress: istiod.istio-system.svc:15012\nrootNamespace: istio-system\ntrustDomain: cluster.local\n' }, kind: 'ConfigMap', metadata: { name: 'istio', namespace: 'istio-system' } };

function configMaps(namespaces: string[]) {
  return [
    ...namespaces.map((ns) => ({ apiVersion: 'v1', data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' }, kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: ns } })),
    injectorConfigMap('default'),
    injectorConfigMap('canary'),
    injectorConfigMap(OLD),
    MESH,
  ];
}

/**
 * Injects a pod template as the install it was created with would have: the same pipeline the
 * audit renders with (`revisionInstalls` + istiod's webhook), so a pod whose install has not
 * changed since shows no drift, and the drift planted by an older install is exactly that install's.
 */
function injector(nativeSidecars: boolean | undefined) {
  const cache = new Map<string, ReturnType<ReturnType<typeof revisionInstalls>>>();
  return (revision: string, shape: InjectorShape, pod: Record<string, any>): Record<string, any> => {
    const key = `${revision}|${shape.tag ?? ''}|${shape.debug ?? ''}`;
    let inst = cache.get(key);
    if (!inst) {
      const objects: DumpObject[] = [injectorConfigMap(revision, shape), MESH].map((value) => ({ value, role: classifyDocument(value) }));
      inst = revisionInstalls(objects, indexCluster(objects, 'generator'), { nativeSidecars })(revision);
      cache.set(key, inst);
    }
    const r = webhookInject(pod, String(pod.metadata.namespace), inst.install, inst.context, defaultEngine);
    if (!r.after) throw new Error(`the generator could not inject ${String(pod.metadata.generateName)}: ${r.error ?? r.skipped?.message}`);
    return r.after;
  };
}

interface Workload {
  namespace: string;
  app: string;
  hash: string;
  podCase: PodCase;
  replicas: number;
  /** The pod as its ReplicaSet creates it (no name yet), and as it runs once admitted. */
  template: Record<string, any>;
  admitted?: Record<string, any>;
}

function podTemplate(rand: () => number, namespace: string, app: string, hash: string, optOut: boolean, debug: boolean, extraLabels: Record<string, string>): Record<string, any> {
  const labels: Record<string, string> = { app, 'pod-template-hash': hash, version: 'v1', ...extraLabels };
  const annotations: Record<string, string> = { 'kubectl.kubernetes.io/restartedAt': '2026-11-02T09:14:00Z' };
  if (optOut) labels['sidecar.istio.io/inject'] = 'false';
  if (debug) annotations['inject.istio.io/templates'] = 'sidecar,debug';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      annotations,
      generateName: `${app}-${hash}-`,
      labels,
      namespace,
      ownerReferences: [{ apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'ReplicaSet', name: `${app}-${hash}`, uid: uid(rand) }],
    },
    spec: {
      containers: [{ image: `registry.example.com/${app}:1.${Math.floor(rand() * 20)}`, name: app, ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }], resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
      restartPolicy: 'Always',
      serviceAccountName: app,
    },
  };
}

/** One running pod of a workload: the admitted template with what the API server and the node add. */
function runningPod(rand: () => number, w: Workload): { name: string; value: Record<string, any> } {
  const base = structuredClone(w.admitted ?? w.template);
  const name = `${w.app}-${w.hash}-${suffix(rand, 5)}`;
  const value = {
    ...base,
    metadata: { ...base.metadata, creationTimestamp: '2026-11-02T09:14:07Z', name, resourceVersion: String(100000 + Math.floor(rand() * 900000)), uid: uid(rand) },
    spec: { ...base.spec, nodeName: `node-${Math.floor(rand() * 12)}` },
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
    case 'ambient':
      return { 'istio.io/dataplane-mode': 'ambient' };
    default:
      return {};
  }
}

/** The CPU request a hand-edited pod's annotation asks for (its running proxy still has the install's). */
export const HAND_EDITED_CPU = '300m';

/** The dump as objects, with what each pod was meant to be. */
export function synthesizeDump(options: DumpOptions): { list: Record<string, any>; pods: GeneratedPod[] } {
  const rand = random(options.seed ?? 1);
  const podCount = Math.max(0, Math.floor(options.pods));
  // Every tenth pod is a kube-system pod, which istiod never injects into.
  const systemPods = Math.floor(podCount / 10);
  const appPods = podCount - systemPods;
  const workloadCount = options.unique ? appPods : Math.max(1, Math.min(appPods, options.workloads ?? Math.ceil(appPods / 33)));
  const kinds = options.ambient ? NAMESPACE_KINDS : NAMESPACE_KINDS.filter((k) => k.kind !== 'ambient');
  const casesOf = (kind: NamespaceKind) => (options.ambient ? POD_CASES[kind] : POD_CASES[kind].filter((c) => !c.ambientOnly));
  const namespaceCount = Math.max(kinds.length, Math.ceil((options.unique ? appPods / 8 : workloadCount) / 6));
  const namespaces: { name: string; kind: NamespaceKind; object: Record<string, any> }[] = [];
  for (let i = 0; i < namespaceCount; i++) {
    // The first ones cover every kind, whatever the seed.
    const kind = i < kinds.length ? kinds[i].kind : pick(rand, kinds).kind;
    const name = `${TEAMS[i % TEAMS.length]}-${kind}-${i}`;
    const labels = { 'kubernetes.io/metadata.name': name, team: TEAMS[i % TEAMS.length], ...namespaceLabels(kind) };
    namespaces.push({ name, kind, object: { apiVersion: 'v1', kind: 'Namespace', metadata: { labels, name, uid: uid(rand) }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } } });
  }
  const system = ['kube-system', 'istio-system'].map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { labels: { 'kubernetes.io/metadata.name': name }, name, uid: uid(rand) }, status: { phase: 'Active' } }));

  const inject = injector(undefined);
  const workloads: Workload[] = [];
  // Rendered once per kind of pod: pods that share nothing get copies with a label of their own.
  const shared = new Map<string, Record<string, any>>();
  for (let i = 0; i < workloadCount; i++) {
    const ns = namespaces[i % namespaces.length];
    // The first workloads of the first namespace cover its every case, whatever the seed.
    const cases = casesOf(ns.kind);
    const podCase = i < namespaces.length * cases.length && Math.floor(i / namespaces.length) < cases.length ? cases[Math.floor(i / namespaces.length)] : pick(rand, cases);
    const app = APPS[Math.floor(rand() * APPS.length)];
    const hash = suffix(rand, 10);
    const replicas = Math.floor(appPods / workloadCount) + (i < appPods % workloadCount ? 1 : 0);
    const extra: Record<string, string> = options.unique ? { instance: String(i) } : {};
    const template = podTemplate(rand, ns.name, app, hash, podCase.optOut ?? false, podCase.planted === 'rendered-rejected', extra);
    const w: Workload = { namespace: ns.name, app, hash, podCase, replicas, template };
    if (podCase.sidecar) {
      const shape: InjectorShape = podCase.planted === 'image-drift' ? { tag: DRIFTED_TAG } : podCase.planted === 'rendered-rejected' ? { debug: true } : {};
      const key = `${ns.name}|${podCase.sidecar}|${JSON.stringify(shape)}|${podCase.planted ?? ''}`;
      if (options.unique && shared.has(key)) {
        const copy = structuredClone(shared.get(key)!);
        copy.metadata = { ...copy.metadata, labels: { ...copy.metadata.labels, ...extra, 'pod-template-hash': hash }, generateName: `${app}-${hash}-`, ownerReferences: template.metadata.ownerReferences };
        w.admitted = copy;
      } else {
        w.admitted = inject(podCase.sidecar, shape, template);
        if (options.unique) shared.set(key, w.admitted);
      }
    }
    workloads.push(w);
  }

  const pods: GeneratedPod[] = [];
  const podObjects: Record<string, any>[] = [];
  let handEdited = false;
  let next = 0;
  const emitApp = (w: Workload) => {
    const p = runningPod(rand, w);
    const c = w.podCase;
    if (c.enrolled) p.value.metadata.annotations = { ...p.value.metadata.annotations, 'ambient.istio.io/redirection': 'enabled' };
    const meant: GeneratedPod = { name: p.name, namespace: w.namespace, verdict: c.verdict, drift: c.drift, injectedBy: c.by, ...(c.planted ? { planted: c.planted } : {}) };
    // One pod of a clean, injected workload is annotated by hand after it started: its own render asks for more CPU.
    if (!handEdited && c.sidecar === 'default' && !c.planted && c.drift.length === 0 && w.replicas > 1 && podObjects.some((o) => o.metadata.generateName === w.template.metadata.generateName)) {
      handEdited = true;
      p.value.metadata.annotations = { ...p.value.metadata.annotations, 'sidecar.istio.io/proxyCPU': HAND_EDITED_CPU };
      Object.assign(meant, { drift: ['sidecar-changes'], planted: 'hand-edited' });
    }
    podObjects.push(p.value);
    pods.push(meant);
  };
  const remaining = workloads.map((w) => w.replicas);
  const coredns: Workload = { namespace: 'kube-system', app: 'coredns', hash: 'c0ffee1234', podCase: POD_CASES.plain[0], replicas: systemPods, template: podTemplate(rand, 'kube-system', 'coredns', 'c0ffee1234', false, false, {}) };
  for (let i = 0; i < podCount; i++) {
    if (i % 10 === 9 && systemPods > 0) {
      const p = runningPod(rand, coredns);
      podObjects.push(p.value);
      pods.push({ name: p.name, namespace: 'kube-system', verdict: 'not-injected', drift: [], injectedBy: [] });
      continue;
    }
    // Workloads take turns (the dump is sorted as kubectl sorts it at the end).
    let k = next % workloads.length;
    while (remaining[k] === 0) k = (k + 1) % workloads.length;
    remaining[k]--;
    next = k + 1;
    emitApp(workloads[k]);
  }
  // kubectl lists pods by namespace, then name: the pods of one ReplicaSet sit together.
  const order = podObjects.map((_, i) => i).sort((a, b) => byName(podObjects[a], podObjects[b]));
  const sortedObjects = order.map((i) => podObjects[i]);
  const sortedPods = order.map((i) => pods[i]);
  const allNamespaces = [...system, ...namespaces.map((n) => n.object)];
  const list = {
    apiVersion: 'v1',
    items: [...allNamespaces, ...sortedObjects, ...webhookConfigurations(), ...configMaps(allNamespaces.map((n) => n.metadata.name)), ...(options.ambient ? [cniConfigMap()] : [])],
    kind: 'List',
    metadata: { resourceVersion: '' },
  };
  return { list, pods: sortedPods };
}

const byName = (a: Record<string, any>, b: Record<string, any>) => {
  const ka = `${a.metadata.namespace}/${a.metadata.name}`;
  const kb = `${b.metadata.namespace}/${b.metadata.name}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** A List as YAML, laid out as kubectl prints it (sequences at their key's indent, no anchors). */
export function printDump(list: Record<string, any>): string {
  return stringify(list, { indentSeq: false, lineWidth: 0, aliasDuplicateObjects: false });
}

/** The dump as YAML, laid out as kubectl prints it. */
export function generateDump(options: DumpOptions): string {
  return printDump(synthesizeDump(options).list);
}
