import { cloneJson, createJsonPatch, type JsonValue } from '../kube/index.ts';
import { normalizeProxyConfig, type ProxyConfig } from '../mesh/index.ts';
import { injectRequired, type PolicyDecision } from '../injectionPolicy/index.ts';
import { workloadOfPod } from './deploymentMeta.ts';
import type { InjectionEngine } from './engine.ts';
import { injectPod, type InjectPodParams, type InjectPodResult } from './injectPod.ts';
import { withInjectionMemo } from './injectionMemo.ts';
import type { InjectionInstall } from './install.ts';
import type { Pod } from './postprocess/containers.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';

/** What the cluster and istiod's process supply to a webhook call. */
export interface ClusterContext {
  /** The cluster-level native sidecar decision (ENABLE_NATIVE_SIDECARS and node versions). */
  nativeSidecars: boolean;
  /** istiod's PLATFORM: "" or "openshift". */
  platform: string;
  /** The pod's Namespace object, when istiod can read it (OpenShift UID ranges). */
  namespace: Record<string, any> | null;
  istiodEnv: Record<string, string>;
  /** ProxyConfig resources (networking.istio.io/v1beta1) visible to istiod. */
  proxyConfigs: Record<string, any>[];
  /** istiod's REVISION. */
  revision: string;
  /** URL path of the webhook call, e.g. /inject or /inject/cluster/c1/net/n1. */
  webhookPath: string;
  /** How istiod's release behaves (src/engine/releases); master when absent. */
  release?: ReleaseBehaviour;
}

export interface JsonPatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

export interface WebhookResult {
  allowed: boolean;
  /** Why the pod was not injected (allowed without a patch). */
  skipped?: PolicyDecision;
  /** The rejection message (allowed = false). */
  error?: string;
  /** RFC 6902 patch from the request pod to the injected pod. */
  patch?: JsonPatchOperation[];
  before: Pod;
  after?: Pod;
  injection?: InjectPodResult;
}

/** istiod's /inject handler for a pod CREATE (spec §1 step 2-4). */
export function webhookInject(
  requestPod: Pod,
  requestNamespace: string,
  install: InjectionInstall,
  context: ClusterContext,
  engine: InjectionEngine,
  /** istiod's inject decision for this pod when it was already made (the scenario's admission makes it once). */
  decided?: PolicyDecision,
): WebhookResult {
  // In the caller's injection memo, else one of its own (each annotation's YAML read once).
  return withInjectionMemo(undefined, () => webhookInjectIn(requestPod, requestNamespace, install, context, engine, decided));
}

function webhookInjectIn(requestPod: Pod, requestNamespace: string, install: InjectionInstall, context: ClusterContext, engine: InjectionEngine, decided: PolicyDecision | undefined): WebhookResult {
  // The pod as the API server holds it: decoded with its case-sensitive decoder (sigs.k8s.io/json),
  // so a key in another case (`Image:`) is an unknown field, dropped (the unknown-field warning
  // says so), never read as `image`. The round trip builds a new pod (the request is not
  // changed); istiod's working copy is another.
  const before = engine.roundTripPod(requestPod, { caseSensitive: true });
  const pod = cloneJson(before);
  pod.metadata ??= {};
  delete pod.metadata.managedFields;
  if (!pod.metadata.namespace && requestNamespace) pod.metadata.namespace = requestNamespace;
  const decision = decided ?? injectRequired(
    {
      namespace: String(pod.metadata.namespace ?? ''),
      labels: pod.metadata.labels ?? {},
      annotations: pod.metadata.annotations ?? {},
      hostNetwork: pod.spec?.hostNetwork === true,
    },
    {
      policy: install.config.policy,
      neverInjectSelector: install.config.neverInjectSelector,
      alwaysInjectSelector: install.config.alwaysInjectSelector,
      injectValue: context.release?.injection.injectValue,
    },
  );
  if (!decision.inject) return { allowed: true, skipped: decision, before };

  const release = context.release ?? MASTER_BEHAVIOUR;
  if (install.valuesUnreadable && release.injection.unparsableValues === 'reject') {
    return { allowed: false, error: 'failed to parse values.yaml; check Istiod logs for errors', before };
  }
  const { uid, gid } = proxyIdentity(context);
  if (context.platform === 'openshift') clearProxyUserMatchingApp(pod, release.injection.openshiftClearProxyUser);
  const params: InjectPodParams = {
    pod,
    podTyped: true,
    workload: workloadOfPod(pod),
    install,
    kubeInject: false,
    revision: context.revision,
    nativeSidecars: context.nativeSidecars,
    proxyUID: uid,
    proxyGID: gid,
    istiodEnv: context.istiodEnv,
    webhookPath: context.webhookPath,
    ...proxyConfigLayers(context.proxyConfigs, String(pod.metadata.namespace ?? ''), String(install.mesh.rootNamespace ?? 'istio-system'), pod.metadata.labels ?? {}),
    injectedAnnotations: install.config.injectedAnnotations,
    defaultTemplates: install.config.defaultTemplates,
    release: context.release,
  };
  const injection = injectPod(params, engine);
  if (injection.error || !injection.pod) return { allowed: false, error: injection.error, before, injection };
  // The namespace filled from the request is istiod's working copy; the patch does not add it.
  if (!before.metadata?.namespace && injection.pod.metadata) delete injection.pod.metadata.namespace;
  return { allowed: true, patch: createJsonPatch(before as JsonValue, injection.pod as JsonValue) as JsonPatchOperation[], before, after: injection.pod, injection };
}

/** UID/GID 1337, or on OpenShift the end of the namespace's assigned ranges. */
function proxyIdentity(context: ClusterContext): { uid: number; gid: number } {
  if (context.platform !== 'openshift') return { uid: 1337, gid: 1337 };
  const annotations = context.namespace?.metadata?.annotations ?? {};
  const uid = rangeEnd(annotations['openshift.io/sa.scc.uid-range']) ?? 1337;
  const gid = rangeEnd(String(annotations['openshift.io/sa.scc.supplemental-groups'] ?? '').split(',')[0]) ?? uid;
  return { uid, gid };
}

/**
 * On OpenShift every container of a namespace runs with the same assigned UID unless told otherwise; a
 * user istio-proxy pinned to the app's UID would make iptables exempt the app's traffic, so istiod
 * drops that identity and lets the injected one apply. istiod compares the proxy's runAsUser with
 * the last app container's that sets one (both 0 when unset, so two unset values match); 1.23.1–1.26
 * look at `containers` only, 1.27+ at the init containers too, and 1.22.x–1.23.0 not at all.
 */
function clearProxyUserMatchingApp(pod: Pod, scan: ReleaseBehaviour['injection']['openshiftClearProxyUser']): void {
  if (scan === 'never') return;
  const containers: any[] = pod.spec?.containers ?? [];
  const inits: any[] = pod.spec?.initContainers ?? [];
  const proxy = [...containers, ...inits].find((c) => c?.name === 'istio-proxy');
  if (!proxy?.securityContext || typeof proxy.securityContext !== 'object') return;
  let proxyUser = 0;
  let appUser = 0;
  for (const c of scan === 'containers' ? containers : [...containers, ...inits]) {
    const user = c?.securityContext?.runAsUser;
    if (user === undefined || user === null) continue;
    if (c?.name === 'istio-proxy') proxyUser = Number(user);
    else if (c?.name !== 'istio-validation' && c?.name !== 'istio-init') appUser = Number(user);
  }
  if (proxyUser !== appUser) return;
  delete proxy.securityContext.runAsUser;
  delete proxy.securityContext.runAsGroup;
}

function rangeEnd(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const slash = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (slash) return Number(slash[1]) + Number(slash[2]) - 1;
  const dash = /^(\d+)-(\d+)$/.exec(text.trim());
  if (dash) return Number(dash[2]);
  return undefined;
}

/**
 * ProxyConfig resources as istiod layers them: root namespace without selector, then the pod's
 * namespace without selector (before the annotation), then the one whose selector matches the pod
 * (over the annotation). They carry concurrency, environmentVariables (→ proxyMetadata) and image.
 */
function proxyConfigLayers(resources: Record<string, any>[], namespace: string, rootNamespace: string, labels: Record<string, string>) {
  const toConfig = (r: Record<string, any>): ProxyConfig => {
    const spec = r.spec ?? {};
    const raw: Record<string, unknown> = {};
    if (spec.concurrency !== undefined) raw.concurrency = spec.concurrency;
    if (spec.environmentVariables) raw.proxyMetadata = spec.environmentVariables;
    if (spec.image) raw.image = spec.image;
    return normalizeProxyConfig(raw).config;
  };
  const ns = (r: Record<string, any>) => String(r.metadata?.namespace ?? '');
  const selector = (r: Record<string, any>) => r.spec?.selector?.matchLabels as Record<string, string> | undefined;
  const proxyConfigOverlays: ProxyConfig[] = [];
  const root = resources.find((r) => ns(r) === rootNamespace && !selector(r));
  if (root) proxyConfigOverlays.push(toConfig(root));
  const own = resources.find((r) => ns(r) === namespace && namespace !== rootNamespace && !selector(r));
  if (own) proxyConfigOverlays.push(toConfig(own));
  const workload = resources.find((r) => {
    const s = selector(r);
    return ns(r) === namespace && s && Object.entries(s).every(([k, v]) => labels[k] === v);
  });
  return { proxyConfigOverlays, proxyConfigForWorkload: workload ? toConfig(workload) : undefined };
}
