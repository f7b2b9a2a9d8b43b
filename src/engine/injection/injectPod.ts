import { cloneJson } from '../kube/index.ts';
import { parseAnnotationYaml } from './annotationYaml.ts';
import { mergeProxyConfig, normalizeProxyConfig, type MeshConfig, type ProxyConfig } from '../mesh/index.ts';
import type { WorkloadMeta } from './deploymentMeta.ts';
import type { InjectionEngine } from './engine.ts';
import { proxyImages } from './images.ts';
import type { InjectionInstall } from './install.ts';
import { applyPrometheusMerge, applySecurePort } from './postprocess/prometheus.ts';
import { probeRewriteEnabled, rewriteAppProbes } from './postprocess/appProbes.ts';
import { overwriteClusterInfo, proxyEnvsFor } from './postprocess/clusterInfo.ts';
import { ensureMeta, PROXY_CONTAINER, type Container, type Pod } from './postprocess/containers.ts';
import { reorderContainers } from './postprocess/reorder.ts';
import { adjustInitContainerUser, OVERRIDES_ANNOTATION, reapplyOverwrittenContainers, reinsertOverrides } from './reapplyOverrides.ts';
import { selectTemplates, unknownTemplateError } from './selectTemplates.ts';
import { STATUS_ANNOTATION, stripPod } from './stripPod.ts';
import { templateData } from './templateData.ts';
import { istioTemplateFunctions } from './templateFunctions.ts';
import { multiErrorText, validateAnnotations } from './validateAnnotations.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';
import { parseGoBool } from '../go/index.ts';
import { sprigFunctionsMissing } from './templateFunctions.ts';
import { withoutUnknownFields } from './proxyConfigForRelease.ts';
import { remembered } from './injectionMemo.ts';

export const PROXY_CONFIG_ANNOTATION = 'proxy.istio.io/config';

export interface InjectPodParams {
  /** The pod as it arrives (webhook) or the workload's pod template as a pod (kube-inject). */
  pod: Pod;
  /**
   * Whether `pod` is already decoded into corev1.Pod (the webhook decodes its request first); such
   * a pod is the caller's own copy, handed over: the injection reads it and never changes it.
   */
  podTyped?: boolean;
  workload: WorkloadMeta;
  install: InjectionInstall;
  /** kube-inject mode: the annotation-applied ProxyConfig also drives post-processing. */
  kubeInject: boolean;
  revision: string;
  /** The cluster-level native sidecar decision; the pod annotation may override it. */
  nativeSidecars: boolean;
  proxyUID: number;
  proxyGID: number;
  istiodEnv: Record<string, string>;
  webhookPath: string;
  /** ProxyConfig resources without a selector (root namespace, then the pod's), applied before the annotation. */
  proxyConfigOverlays?: ProxyConfig[];
  /** The ProxyConfig resource selecting this pod: it wins over the annotation. */
  proxyConfigForWorkload?: ProxyConfig;
  /** kube-inject ignores the Config's injectedAnnotations. */
  injectedAnnotations: Record<string, string>;
  defaultTemplates: string[];
  /** How the simulated Istio release behaves (src/engine/releases); master when absent. */
  release?: ReleaseBehaviour;
}

export interface InjectPodResult {
  /** The injected pod; absent when the injection failed. */
  pod?: Pod;
  /** What the templates produced, merged together (names listed in the status annotation). */
  templatePod?: Pod;
  templates: string[];
  proxyConfig: ProxyConfig;
  /** Rendered text of every template, in order (for the UI's "what did the template write"). */
  rendered: { name: string; text: string }[];
  error?: string;
  /** Where in which template the error is, when a template failed to parse or run. */
  errorAt?: { template: string; line?: number; column?: number };
}

/** The template pod before any template ran (empty; compared by identity). */
const NO_TEMPLATE_YET: Pod = Object.freeze({}) as Pod;

/** Istio's injectPod: RunTemplate, re-apply user overrides, post-process (spec §9). */
export function injectPod(p: InjectPodParams, engine: InjectionEngine): InjectPodResult {
  const release = p.release ?? MASTER_BEHAVIOUR;
  // The typed round trip builds a new pod, so neither branch copies: nothing below changes `original`.
  const original = p.podTyped ? p.pod : engine.roundTripPod(p.pod);
  const annotations: Record<string, string> = original.metadata?.annotations ?? {};
  const result: InjectPodResult = { templates: [], proxyConfig: {}, rendered: [] };

  const annotationErrors = validateAnnotations(annotations, release.validation);
  if (annotationErrors.length) {
    result.error = `failed to run injection template: ${multiErrorText(annotationErrors.map((e) => e.message))}`;
    return result;
  }

  const { proxyConfig, data, funcs, meshStatusPort, postMesh } = prepareRender(p, original, engine);
  result.proxyConfig = proxyConfig;

  const native = movesProxyToInit(annotations, p, release);
  result.templates = selectTemplates(annotations, { defaultTemplates: p.defaultTemplates, aliases: p.install.config.aliases });

  // The strategic merge copies what it merges, so the pod is copied only if no template ran.
  let merged: Pod = original;
  let templatePod: Pod = NO_TEMPLATE_YET;
  for (const name of result.templates) {
    const text = p.install.config.templates[name];
    if (text === undefined) {
      result.error = `failed to run injection template: ${unknownTemplateError(name, p.install.config.templates)}`;
      return result;
    }
    const rendered = engine.render(name, text, data, funcs, sprigFunctionsMissing(release));
    if ('error' in rendered) {
      result.error = `failed to run injection template: ${rendered.error}`;
      result.errorAt = { template: name, line: rendered.line, column: rendered.column };
      return result;
    }
    result.rendered.push({ name, text: rendered.output });
    const parsed = engine.parseYaml(rendered.output);
    if ('error' in parsed) {
      result.error = `failed to run injection template: failed parsing generated injected YAML (check Istio sidecar injector configuration): ${parsed.error}`;
      return result;
    }
    const patch = (parsed.value ?? {}) as Pod;
    if (native) merged = moveProxyToInit(merged, patch);
    // What the templates add on their own, as a pod: for the first template that is its text
    // alone, the same for kube-inject's view and the webhook's, so it is merged once per memo.
    // Everything downstream only reads it.
    const nextTemplate = templatePod === NO_TEMPLATE_YET
      ? remembered('template pod', rendered.output, () => engine.mergePod({}, patch))
      : engine.mergePod(templatePod, patch);
    const nextMerged = engine.mergePod(merged, patch);
    if ('error' in nextTemplate || 'error' in nextMerged) {
      const e = 'error' in nextTemplate ? nextTemplate.error : (nextMerged as { error: string }).error;
      result.error = `failed to run injection template: failed applying injection overlay: ${e}`;
      return result;
    }
    // mergePod already decoded the merge into corev1.Pod (a typed round trip is a fixed point).
    templatePod = nextTemplate.value;
    merged = nextMerged.value;
  }
  if (templatePod === NO_TEMPLATE_YET) templatePod = {};
  result.templatePod = templatePod;
  if (merged === original) merged = cloneJson(original);

  const reapplied = reapplyOverwrittenContainers(merged, original, templatePod, (base, user) => engine.mergeContainer(base, user), release.injection.dropUserRunAsUserOnOverlay);
  if (reapplied.error) {
    result.error = `failed to process pod: ${reapplied.error}`;
    return result;
  }
  if (reapplied.recorded) {
    ensureMeta(merged).annotations[OVERRIDES_ANNOTATION] = overridesJSON(reapplied.recorded, engine);
  }
  const tproxy = (annotations['sidecar.istio.io/interceptionMode'] ?? String(proxyConfig.interceptionMode ?? 'REDIRECT')) === 'TPROXY';
  if (release.injection.adjustInitContainerUser) adjustInitContainerUser(merged, original, tproxy);

  const error = postProcess(merged, templatePod, original, p, postMesh, meshStatusPort, proxyConfig);
  if (error) {
    result.error = `failed to process pod: ${error}`;
    return result;
  }
  result.pod = engine.roundTripPod(merged);
  return result;
}


/** The template data and functions for one pod (also used to compare template texts on the same input). */
export function prepareRender(p: InjectPodParams, original: Pod, engine: Pick<InjectionEngine, 'toYaml'>) {
  const release = p.release ?? MASTER_BEHAVIOUR;
  const annotations: Record<string, string> = original.metadata?.annotations ?? {};
  let proxyConfig = p.install.mesh.defaultConfig;
  for (const overlay of p.proxyConfigOverlays ?? []) proxyConfig = mergeProxyConfig(proxyConfig, overlay);
  if (annotations[PROXY_CONFIG_ANNOTATION] !== undefined) {
    proxyConfig = mergeProxyConfig(proxyConfig, normalizeProxyConfig(parseAnnotationYaml(annotations[PROXY_CONFIG_ANNOTATION]).value).config);
  }
  if (p.proxyConfigForWorkload) proxyConfig = mergeProxyConfig(proxyConfig, p.proxyConfigForWorkload);
  // A ProxyConfig field the release's istio.io/api does not know was dropped when it was read.
  proxyConfig = withoutUnknownFields(proxyConfig, release);
  const postMesh: MeshConfig = p.kubeInject ? { ...p.install.mesh, defaultConfig: proxyConfig } : p.install.mesh;
  const meshStatusPort = Number(postMesh.defaultConfig.statusPort ?? 15020);

  const stripped = reinsertOverrides(stripPod(original, meshStatusPort));
  const { proxyImage, proxyInitImage } = proxyImages(
    p.install.values as Record<string, any>,
    proxyConfig.image as { imageType?: string } | undefined,
    annotations,
    release.injection.imageTypeFromAnyProxyConfigImage,
  );
  const env = istiodEnvFor(p, release);
  const fields = templateFeatures(p, release);
  const data = templateData({
    pod: stripped,
    workload: p.workload,
    proxyConfig,
    mesh: p.install.mesh,
    values: p.install.values,
    revision: p.revision,
    nativeSidecars: fields.nativeSidecarsField ? clusterNativeDecision(p, release) : undefined,
    proxyImage,
    proxyInitImage: fields.proxyInitImageField ? proxyInitImage : undefined,
    proxyUID: p.proxyUID,
    proxyGID: p.proxyGID,
    compliancePolicy: env.COMPLIANCE_POLICY ?? '',
  });
  const funcs = istioTemplateFunctions({ env, toYaml: (v) => engine.toYaml(v), release: { ...release, templates: fields } });

  return { proxyConfig, data, funcs, meshStatusPort, postMesh };
}

/**
 * The template data fields and functions the templates get. meshsim's built-in install is master's
 * chart, so its templates always get the fields and functions they were written for; the Go
 * helpers behind them (Multus) stay the release's.
 */
function templateFeatures(p: InjectPodParams, release: ReleaseBehaviour): ReleaseBehaviour['templates'] {
  if (!p.install.builtin) return release.templates;
  return { ...release.templates, nativeSidecarsField: true, proxyInitImageField: true, omitNil: true, otelResourceAttributes: true };
}

/**
 * Before 1.27 the templates read native sidecars from istiod's ENABLE_NATIVE_SIDECARS themselves;
 * a cluster-level "on" that the env does not already say is that env being "true".
 */
function istiodEnvFor(p: InjectPodParams, release: ReleaseBehaviour): Record<string, string> {
  if (release.nativeSidecars.mode === 'decision' || 'ENABLE_NATIVE_SIDECARS' in p.istiodEnv || !p.nativeSidecars) return p.istiodEnv;
  return { ...p.istiodEnv, ENABLE_NATIVE_SIDECARS: 'true' };
}

/** istiod's own native-sidecar decision: its node-aware one (1.27+) or ENABLE_NATIVE_SIDECARS read by Go's ParseBool. */
function clusterNativeDecision(p: InjectPodParams, release: ReleaseBehaviour): boolean {
  if (release.nativeSidecars.mode === 'decision') return p.nativeSidecars;
  return parseGoBool(istiodEnvFor(p, release).ENABLE_NATIVE_SIDECARS ?? '') ?? false;
}

/**
 * Whether istiod moves a user's istio-proxy into the init containers before merging (RunTemplate):
 * the pod annotation "true"/"false" wins from 1.24 on; otherwise istiod's decision (1.27+) or its
 * ENABLE_NATIVE_SIDECARS env read with Go's ParseBool (before).
 */
function movesProxyToInit(annotations: Record<string, string>, p: InjectPodParams, release: ReleaseBehaviour): boolean {
  const clusterLevel = clusterNativeDecision(p, release);
  if (release.nativeSidecars.mode === 'env') return clusterLevel;
  const annotated = annotations['sidecar.istio.io/nativeSidecar'];
  return annotated === 'true' ? true : annotated === 'false' ? false : clusterLevel;
}

function postProcess(pod: Pod, templatePod: Pod, original: Pod, p: InjectPodParams, mesh: MeshConfig, meshStatusPort: number, pc: ProxyConfig): string | undefined {
  const meta = ensureMeta(pod);
  const values = p.install.values as Record<string, any>;
  const proxyEnvs = proxyEnvsFor(values, p.webhookPath, meta.labels);
  overwriteClusterInfo(pod, proxyEnvs);
  const release = p.release ?? MASTER_BEHAVIOUR;
  const promError = applyPrometheusMerge(pod, meshStatusPort, mesh.enablePrometheusMerge !== false, release.prometheus.scrapeTargets);
  if (promError) return promError;
  if (release.prometheus.securePort) applySecurePort(pod);
  if (probeRewriteEnabled(pod, values)) {
    const annotated = meta.annotations['status.sidecar.istio.io/port'];
    const statusPort = annotated !== undefined && /^\s*\d+\s*$/.test(annotated) ? Number(annotated.trim()) : meshStatusPort;
    rewriteAppProbes(pod, statusPort, original.metadata?.annotations?.[STATUS_ANNOTATION] !== undefined, release.probes);
  }
  if (proxyEnvs.ISTIO_META_NETWORK) meta.labels['topology.istio.io/network'] = proxyEnvs.ISTIO_META_NETWORK;
  meta.annotations[STATUS_ANNOTATION] = statusJSON(templatePod, p.revision);
  for (const [k, v] of Object.entries(p.injectedAnnotations)) meta.annotations[k] = v;
  const hold = pc.holdApplicationUntilProxyStarts === true || values.global?.proxy?.holdApplicationUntilProxyStarts === true;
  reorderContainers(pod, hold);
  return undefined;
}

/** The sidecar.istio.io/status annotation: what the templates added, by name, in Go field order. */
function statusJSON(templatePod: Pod, revision: string): string {
  const names = (list: unknown): string[] | null => {
    const n = Array.isArray(list) ? list.map((x: any) => String(x?.name ?? '')) : [];
    return n.length ? n : null;
  };
  const spec = templatePod.spec ?? {};
  return JSON.stringify({
    initContainers: names(spec.initContainers),
    containers: names(spec.containers),
    volumes: names(spec.volumes),
    imagePullSecrets: names(spec.imagePullSecrets),
    revision: revision || 'default',
  });
}

function overridesJSON(recorded: { containers?: Container[]; initContainers?: Container[] }, engine: InjectionEngine): string {
  const parts: string[] = [];
  if (recorded.containers?.length) parts.push(`"containers":[${recorded.containers.map((c) => engine.containerJSON(c)).join(',')}]`);
  if (recorded.initContainers?.length) parts.push(`"initContainers":[${recorded.initContainers.map((c) => engine.containerJSON(c)).join(',')}]`);
  return `{${parts.join(',')}}`;
}

/**
 * With native sidecars the template puts istio-proxy among the init containers; a user's istio-proxy
 * in `containers` is moved there first so the two merge into one. Returns a new pod when it moves
 * one (`merged` may be the original pod, which is not changed).
 */
function moveProxyToInit(merged: Pod, patch: Pod): Pod {
  const inPatchInit = (patch.spec?.initContainers ?? []).some((c: Container) => c?.name === PROXY_CONTAINER);
  const containers: Container[] = merged.spec?.containers ?? [];
  const at = containers.findIndex((c) => c?.name === PROXY_CONTAINER);
  if (!inPatchInit || at < 0) return merged;
  const spec = { ...merged.spec, containers: containers.filter((_, i) => i !== at), initContainers: [...(merged.spec.initContainers ?? []), containers[at]] };
  return { ...merged, spec };
}
