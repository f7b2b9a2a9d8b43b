/**
 * Controllers outside Kubernetes' own workload kinds that create pods from a pod template: an Argo
 * Rollout, a Knative Service or Configuration, and any custom resource with a template where the
 * built-in kinds keep theirs. Istio never sees these objects: the injection webhook is called for
 * each Pod their controller creates, and `istioctl kube-inject` copies a kind it has not registered
 * unchanged. So meshsim admits and injects the pod the controller would create from the template,
 * named and owned as that controller names and owns it (which decides ISTIO_META_WORKLOAD_NAME and
 * ISTIO_META_OWNER), and says what else the controller adds that it does not simulate.
 *
 * A new controller is one entry of CONTROLLERS; everything else uses the generic rule.
 */

type Obj = Record<string, any>;

/** The pod's metadata as the controller writes it, from the template's (already copied). */
export type PodShaper = (owner: Obj, metadata: Obj, spec: Obj) => void;

export interface PodController {
  /** The API group (apiVersion before `/`); the Kind must match exactly, as the API server's does. */
  group: string;
  kind: string;
  /** Who it is, in a user's words ("an Argo Rollout"). */
  title: string;
  /** Path from the object to its pod template ({metadata, spec}). */
  templatePath: readonly string[];
  shape: PodShaper;
  /** What the controller does to its pods that meshsim does not simulate, in one sentence. */
  notSimulated?: string;
  /** Why an object of this kind without a template has no pod to simulate, when it can say. */
  noTemplate?: (owner: Obj) => string | undefined;
}

/** What a pasted object is to the pod-template machinery. */
export interface TemplatedKind {
  /** The matching entry, or undefined for the generic rule. */
  controller?: PodController;
  title: string;
  templatePath: readonly string[];
  notSimulated?: string;
}

const HASH = 'meshsim';

const groupOf = (apiVersion: unknown): string => {
  const s = typeof apiVersion === 'string' ? apiVersion : '';
  return s.includes('/') ? s.slice(0, s.indexOf('/')) : '';
};
const nameOf = (o: Obj): string => String(o?.metadata?.name ?? '');
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** A pod owned by the ReplicaSet `<rs>` (named `<rs>-<hash>` by a Deployment). */
function ownedByReplicaSet(metadata: Obj, replicaSet: string, hashLabel: string): void {
  metadata.generateName = `${replicaSet}-`;
  metadata.labels = { ...(isObj(metadata.labels) ? metadata.labels : {}), [hashLabel]: HASH };
  metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: replicaSet, controller: true }];
}

/** Knative: the revision a Service or Configuration creates first, and the Deployment behind it. */
function knativePods(configurationOf: (o: Obj) => { service?: string; configuration: string }): PodShaper {
  return (owner, metadata, spec) => {
    const { service, configuration } = configurationOf(owner);
    // The template may name its revision; otherwise Knative numbers them from 00001.
    const revision = typeof metadata.name === 'string' && metadata.name ? metadata.name : `${configuration}-00001`;
    delete metadata.name;
    const labels: Obj = isObj(metadata.labels) ? { ...metadata.labels } : {};
    if (service) labels['serving.knative.dev/service'] = service;
    labels['serving.knative.dev/configuration'] = configuration;
    labels['serving.knative.dev/revision'] = revision;
    if (labels.app === undefined) labels.app = revision;
    metadata.labels = labels;
    ownedByReplicaSet(metadata, `${revision}-deployment-${HASH}`, 'pod-template-hash');
    // Knative names an unnamed container (a Service usually has one) user-container.
    if (Array.isArray(spec.containers)) spec.containers = spec.containers.map((c: unknown) => (isObj(c) && (c.name === undefined || c.name === '') ? { ...c, name: 'user-container' } : c));
  };
}

const KNATIVE_NOT_SIMULATED =
  'Knative also adds its queue-proxy container, and the env, ports and probes that go with it, to every pod; meshsim injects the pod as the template writes it, without queue-proxy.';

export const CONTROLLERS: readonly PodController[] = [
  {
    group: 'argoproj.io',
    kind: 'Rollout',
    title: 'an Argo Rollout',
    templatePath: ['spec', 'template'],
    // Its pods belong to ReplicaSets named <rollout>-<hash> and carry rollouts-pod-template-hash.
    shape: (owner, metadata) => ownedByReplicaSet(metadata, `${nameOf(owner)}-${HASH}`, 'rollouts-pod-template-hash'),
    noTemplate: (owner) => {
      const ref = owner?.spec?.workloadRef;
      if (!isObj(ref)) return undefined;
      return `Argo Rollout ${nameOf(owner)} takes its pod template from ${String(ref.kind ?? 'a workload')} ${String(ref.name ?? '')} (spec.workloadRef): paste that ${String(ref.kind ?? 'workload')} too, and meshsim injects its pods`;
    },
  },
  {
    group: 'serving.knative.dev',
    kind: 'Service',
    title: 'a Knative Service',
    templatePath: ['spec', 'template'],
    shape: knativePods((o) => ({ service: nameOf(o), configuration: nameOf(o) })),
    notSimulated: KNATIVE_NOT_SIMULATED,
  },
  {
    group: 'serving.knative.dev',
    kind: 'Configuration',
    title: 'a Knative Configuration',
    templatePath: ['spec', 'template'],
    shape: knativePods((o) => ({ service: o?.metadata?.labels?.['serving.knative.dev/service'], configuration: nameOf(o) })),
    notSimulated: KNATIVE_NOT_SIMULATED,
  },
];

/** The generic rule: a template with containers where Kubernetes' own kinds keep theirs. */
const GENERIC_PATHS: readonly (readonly string[])[] = [
  ['spec', 'template'],
  ['spec', 'jobTemplate', 'spec', 'template'],
];

function at(o: Obj, path: readonly string[]): unknown {
  let v: unknown = o;
  for (const k of path) v = isObj(v) ? v[k] : undefined;
  return v;
}

function controllerOf(o: Obj): PodController | undefined {
  const group = groupOf(o.apiVersion);
  return CONTROLLERS.find((c) => c.kind === o.kind && c.group === group);
}

/**
 * Whether an object of a kind Kubernetes does not define carries a pod template: a known
 * controller's (found even when the template is malformed, so the document is read as a workload
 * and its problem said), else the generic rule (a template that has containers). Undefined when it
 * has none.
 */
export function templatedKindOf(o: unknown): TemplatedKind | undefined {
  if (!isObj(o) || typeof o.kind !== 'string' || !o.kind) return undefined;
  const c = controllerOf(o);
  if (c) {
    if (!isObj(at(o, c.templatePath))) return undefined;
    return { controller: c, title: c.title, templatePath: c.templatePath, ...(c.notSimulated ? { notSimulated: c.notSimulated } : {}) };
  }
  for (const path of GENERIC_PATHS) {
    if (Array.isArray(at(o, [...path, 'spec', 'containers']))) return { title: `a ${o.kind} (${o.apiVersion ?? 'no apiVersion'})`, templatePath: path };
  }
  return undefined;
}

/** For an object with no template: why a known controller's has no pod here, in a sentence. */
export function whyNoPodTemplate(o: unknown): string | undefined {
  if (!isObj(o)) return undefined;
  return controllerOf(o)?.noTemplate?.(o);
}

/**
 * The pod such a controller creates from the template, as the API server hands it to the
 * webhook: the template's metadata and spec, named and owned as the controller does.
 */
export function podOfTemplated(o: Obj, kind: TemplatedKind): { metadata: Obj; spec: Obj } | undefined {
  const template = at(o, kind.templatePath);
  if (!isObj(template)) return undefined;
  const metadata: Obj = isObj(template.metadata) ? structuredClone(template.metadata) : {};
  const spec: Obj = isObj(template.spec) ? structuredClone(template.spec) : {};
  if (kind.controller) kind.controller.shape(o, metadata, spec);
  else {
    // A controller we do not know: its pods are taken as owned by the object itself.
    metadata.generateName = `${nameOf(o)}-`;
    metadata.ownerReferences = [{ apiVersion: String(o.apiVersion ?? ''), kind: o.kind, name: nameOf(o), controller: true }];
  }
  return { metadata, spec };
}
