import type { AmbientClusterOptions } from '../ambient/index.ts';
import type { WorkloadAdmission } from '../admission/index.ts';
import { diagnostic, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import type { ScenarioDocuments, Workload } from '../documents/index.ts';
import { isNotSimulated } from '../gotemplate/index.ts';
import { checkTemplates, contextOf, defaultEngine, injectPreparedApart, installFromModels, newInjectionMemo, renderOutcome, sigsYamlMemo, withInjectionMemo, type ClusterContext, type InjectedPodReport, type InjectionInstall, type InjectionMemo } from '../injection/index.ts';
import type { PolicyDecision } from '../injectionPolicy/index.ts';
import { pilotEnvOf, readInjectorConfigMapModel, readMeshConfigMapModel, templateSource, type InjectorConfigMapModel, type MeshConfigMapModel } from '../install/index.ts';
import { decodeKubeNode, toSigsYaml, type JsonValue } from '../kube/index.ts';
import type { InjectionOutcome } from '../admission/index.ts';
import { unifiedDiff } from '../kube/index.ts';
import { parseGoBool } from '../go/index.ts';
import { jobNeverCompletes, masterChartNote } from '../injection/index.ts';
import type { TemplatedKind } from '../kube/index.ts';
import { chooseReleases, isBuiltinInstall, type ReleaseChoice } from '../releases/index.ts';

export interface InstallChoice {
  /** The revision whose istiod injects the pod. */
  revision: string;
  injector: { from: 'builtin' } | { from: 'configMap'; name: string; namespace: string };
  mesh: { from: 'builtin' } | { from: 'configMap'; name: string; namespace: string };
  /** One sentence: which install the patched pod was produced with. */
  note: string;
  /**
   * Set when the pod is injected with meshsim's built-in install (master's chart) as another
   * release: the templates and proxy image are master's (injection/masterChartNote).
   */
  masterChart?: string;
}

/** What the cluster contributes that no pasted object says: how its nodes and CNI are set up. */
export interface ClusterOptions extends AmbientClusterOptions {
  /** Force the Istio CNI plugin on or off (undefined: as the install's values say). */
  cni?: boolean;
  /**
   * Whether the cluster gives pods native sidecars. Unset: as the install's
   * values.pilot.env.ENABLE_NATIVE_SIDECARS says, else as the release does on current nodes (1.27+
   * auto-detects them: on; before, istiod's ENABLE_NATIVE_SIDECARS defaults to off).
   */
  nativeSidecars?: boolean;
  /** The Istio release istiod runs ("1.24", "1.24.3", "master"); unset or "auto": read from the paste (src/engine/releases). */
  istioRelease?: string;
}

export interface InjectionResult {
  /** Whether the CNI plugin set up the pod's traffic capture (istio-validation instead of istio-init). */
  cni: boolean;
  nativeSidecars: boolean;
  install: InstallChoice;
  /** The pod as the webhook saw it and as istiod patched it (absent when istiod skipped or rejected it). */
  pod?: InjectedPodReport;
  /** The pod before and after, written as sigs.k8s.io/yaml writes them, for the diff. */
  beforeYaml?: string;
  afterYaml?: string;
  /** The same as a unified diff, for reports. */
  diff?: string;
  /** The text of every template that was rendered, by name, so a value's template line can be shown. */
  templateTexts: Record<string, string>;
  /**
   * What `istioctl kube-inject -f` prints for this workload; `deferred` while the caller has not
   * asked for it yet (the app computes it when its view is opened: ScenarioInput.defer).
   */
  kubeInject: { output?: string; warnings: string[]; error?: string; deferred?: true };
  /** Where the native-sidecar decision came from. */
  nativeSidecarsFrom: 'setting' | 'values.pilot.env' | 'release default';
  /** The Istio release this injection simulates, and why. */
  release: { name: string; label: string; chosenBy: ReleaseChoice['chosenBy']; summary: string };
  /** What the injection adds to the admission verdict (istiod failing to render), when anything. */
  outcome?: InjectionOutcome;
  diagnostics: Diagnostic[];
}

/** The install objects of a scenario, each read once: every injector and mesh ConfigMap. */
export interface InstallModels {
  injectors: InjectorConfigMapModel[];
  meshes: MeshConfigMapModel[];
}

export function readInstallModels(docs: ScenarioDocuments): InstallModels {
  return {
    injectors: docs.objects.filter((o) => o.role.role === 'injectorConfigMap').map(readInjectorConfigMapModel),
    meshes: docs.objects.filter((o) => o.role.role === 'meshConfigMap').map(readMeshConfigMapModel),
  };
}

/** What the injection of one workload reads: the workload, the revision that injects it, that revision's install and istiod's decision. */
export interface InjectionSubject {
  workload: Workload;
  revision: string;
  /** The revision's istio-sidecar-injector ConfigMap (the one the admission read), when one was pasted. */
  injector?: InjectorConfigMapModel;
  /** The revision's mesh ConfigMap, when one was pasted. */
  mesh?: MeshConfigMapModel;
  /** istiod's inject decision as the admission made it (the webhook does not make it again). */
  decision?: PolicyDecision;
}

/** The revision whose istiod injects a workload, the install pasted for it and istiod's decision. */
export function injectionSubject(installs: InstallModels, workload: Workload, admission: Pick<WorkloadAdmission, 'injectedBy' | 'injectors'> | undefined): InjectionSubject {
  const revision = admission?.injectedBy[0] ?? admission?.injectors[0]?.revision ?? 'default';
  const call = admission?.injectors.find((i) => i.revision === revision && i.decision.inject) ?? admission?.injectors.find((i) => i.revision === revision);
  const byName = call?.configMap && installs.injectors.find((m) => m.name === call.configMap!.name && m.namespace === call.configMap!.namespace);
  return {
    workload,
    revision,
    injector: byName || installs.injectors.find((m) => m.revision === revision),
    mesh: installs.meshes.find((m) => m.revision === revision),
    ...(call ? { decision: call.decision } : {}),
  };
}

/**
 * The selected workload injected by the istiod the API server would reach, with the install the
 * user pasted for that revision, or the built-in default one.
 */
export function analyzeInjection(docs: ScenarioDocuments, workload: Workload, admission: WorkloadAdmission | undefined, cluster: ClusterOptions = {}, release?: ReleaseChoice): InjectionResult {
  return injectWorkload(injectionSubject(readInstallModels(docs), workload, admission), cluster, release);
}

/**
 * The injection of one workload by its revision's install (see analyzeInjection). The workload is
 * read from the document the user wrote, with sigs.k8s.io/yaml's rules, and injected once for each
 * view: kube-inject's output and the webhook's patch.
 */
export function injectWorkload(
  subject: InjectionSubject,
  cluster: ClusterOptions = {},
  release: ReleaseChoice = chooseReleases([], [], cluster.istioRelease).otherwise,
  /** What this scenario engine's injections read before (its injectionMemo stage). */
  memo?: InjectionMemo,
): InjectionResult {
  const pod = injectPodOf(subject, cluster, release, memo);
  return withKubeInject(pod, pod.kubeInject());
}

/** kube-inject's view of a workload: what `istioctl kube-inject -f` prints, or that it is not computed yet. */
export type KubeInjectView = InjectionResult['kubeInject'] & { diagnostics?: Diagnostic[] };

/**
 * The webhook's view of one workload (the patched pod, its diff and environment), with kube-inject's
 * view of the same workload left to `kubeInject()`: the app shows kube-inject's output only when
 * its view is opened, so its engine computes it then (scenario/stages/injection.ts). Both views
 * share the install, the decoded workload and the memo; withKubeInject puts them together.
 */
export interface PodInjection {
  /** The section without kube-inject's output, and without the diagnostics that wait for it. */
  section: Omit<InjectionResult, 'kubeInject' | 'diagnostics'>;
  /**
   * Whether the section cannot be finished without kube-inject: the webhook produced no pod and no
   * error, so the problem said is kube-inject's (a workload whose pods cannot be made).
   */
  needsKubeInject: boolean;
  kubeInject(): KubeInjectView;
  /** The diagnostics before and after the one kube-inject's error may add (see withKubeInject). */
  said: { head: Diagnostic[]; tail: Diagnostic[]; failure?: (kubeError: string | undefined) => Diagnostic | undefined };
  injector?: InjectorConfigMapModel;
}

export function injectPodOf(
  subject: InjectionSubject,
  cluster: ClusterOptions = {},
  release: ReleaseChoice = chooseReleases([], [], cluster.istioRelease).otherwise,
  memo: InjectionMemo = newInjectionMemo(),
): PodInjection {
  const { workload, revision, injector: injectorModel, mesh: meshModel } = subject;
  const install: InstallChoice = {
    revision,
    injector: injectorModel ? { from: 'configMap', name: injectorModel.name, namespace: injectorModel.namespace || 'istio-system' } : { from: 'builtin' },
    mesh: meshModel ? { from: 'configMap', name: meshModel.name, namespace: meshModel.namespace || 'istio-system' } : { from: 'builtin' },
    note: [
      injectorModel ? `Injected with the ConfigMap ${injectorModel.name} from the Injector tab` : `Injected with meshsim's built-in default install (no istio-sidecar-injector${revision === 'default' ? '' : `-${revision}`} ConfigMap was pasted)`,
      meshModel ? `and the mesh config ${meshModel.name}.` : 'and the built-in mesh defaults.',
    ].join(' '),
  };
  const prepared = prepareRevisionInstall(injectorModel, meshModel, revision, cluster, release, memo);
  const { context, nativeSidecars, nativeSidecarsFrom } = prepared;
  const masterChart = prepared.install.builtin ? masterChartNote(release) : undefined;
  if (masterChart) install.masterChart = masterChart;
  const built = { install: prepared.install, cni: prepared.cni };
  const diagnostics: Diagnostic[] = [...prepared.diagnostics];
  const decoded = decodeWorkload(workload);
  if ('error' in decoded) diagnostics.push(decoded.diagnostic);
  const apart = injectPreparedApart({
    install: built.install,
    documents: ['error' in decoded ? { error: decoded.error } : { value: decoded.value }],
    startLines: [workload.doc.locate(workload.path)?.line ?? workload.doc.startLine],
    input: workload.doc.input,
    context,
    decisions: [subject.decision],
    templatesChecked: true,
    memo,
  });
  const result = apart.webhook();
  const pod = result.pods[0];
  const never = pod?.after ? neverCompletes(workload, pod.after, release) : undefined;
  if (never) diagnostics.push(never);
  // Another controller's object: Istio only ever sees the pods it creates (kube/podControllers.ts).
  const templated = templatedDiagnostic(workload);
  if (templated) diagnostics.push(templated);
  // A failed injection is an error the user caused (a broken template, a bad annotation): say so
  // where the markers are, pointing at the injector ConfigMap when a template is to blame.
  // Said once: not again when the workload could not be read (that error says why, at its value).
  const sayFailure = !('error' in decoded) && !result.diagnostics.some((d) => d.severity === 'error');
  const failure = (kubeError: string | undefined): Diagnostic | undefined => {
    const failed = pod?.error ?? (pod?.after ? undefined : kubeError);
    if (!failed || !sayFailure) return undefined;
    const at = pod?.errorAt && injectorModel ? injectorModel.configSource : workload.doc.locate(workload.path);
    return isNotSimulated(failed)
      ? diagnostic('injection', 'warning', `meshsim cannot render this pod's injection (istiod would): ${failed}`, at)
      : diagnostic('injection', 'error', `istiod cannot inject this pod: ${failed}`, at);
  };
  const yamlMemo = withInjectionMemo(memo, sigsYamlMemo);
  const beforeYaml = pod ? toSigsYaml(pod.before as JsonValue, yamlMemo) : undefined;
  const afterYaml = pod?.after ? toSigsYaml(pod.after as JsonValue, yamlMemo) : undefined;
  const templates = built.install.config.templates;
  return {
    section: {
      cni: built.cni,
      nativeSidecars,
      install,
      pod,
      beforeYaml,
      afterYaml,
      templateTexts: Object.fromEntries((pod?.templates ?? []).filter((n) => typeof templates[n] === 'string').map((n) => [n, templates[n]])),
      diff: beforeYaml && afterYaml ? unifiedDiff(beforeYaml, afterYaml, { before: 'pod as written', after: 'pod as admitted' }) : undefined,
      nativeSidecarsFrom,
      release: { name: release.name, label: release.label, chosenBy: release.chosenBy, summary: release.summary },
      ...(pod?.error ? { outcome: renderOutcome(revision, pod.error) } : {}),
    },
    needsKubeInject: !pod?.error && !pod?.after,
    kubeInject: apart.kubeInject,
    said: { head: diagnostics, tail: result.diagnostics, failure },
    injector: injectorModel,
  };
}

/** The injection section from its webhook view and its kube-inject view (computed, or deferred). */
export function withKubeInject(pod: PodInjection, kube: KubeInjectView): InjectionResult {
  const { diagnostics: kubeDiagnostics = [], ...kubeInject } = kube;
  const failure = pod.said.failure?.(kube.error);
  // The section's own order of fields, kube-inject's output among them where it always was.
  const { cni, nativeSidecars, install, pod: patched, beforeYaml, afterYaml, templateTexts, diff, ...rest } = pod.section;
  return {
    cni,
    nativeSidecars,
    install,
    pod: patched,
    beforeYaml,
    afterYaml,
    templateTexts,
    diff,
    kubeInject,
    ...rest,
    diagnostics: [...pod.said.head, ...(failure ? [failure] : []), ...pod.said.tail, ...kubeDiagnostics].map((d) => onInjectorText(d, pod.injector)),
  };
}


/** One revision's install made ready to inject with: built once, however many pods it injects. */
export interface PreparedRevisionInstall {
  install: InjectionInstall;
  cni: boolean;
  nativeSidecars: boolean;
  nativeSidecarsFrom: InjectionResult['nativeSidecarsFrom'];
  context: ClusterContext;
  /** Problems building the install and parsing its templates (istiod parses them all when it loads the config). */
  diagnostics: Diagnostic[];
}

/**
 * The install a revision's istiod injects with: the pasted ConfigMaps (or the built-in install),
 * the CNI switch, native sidecars as the setting, values.pilot.env or the release say, and istiod's
 * environment. Shared by the full injection and the outcome-only one (injectionOutcome.ts), so the
 * two cannot differ in what they inject with.
 */
export function prepareRevisionInstall(
  injectorModel: InjectorConfigMapModel | undefined,
  meshModel: MeshConfigMapModel | undefined,
  revision: string,
  cluster: ClusterOptions,
  release: ReleaseChoice,
  /** Where the templates' parses are kept (the engine's injection memo); without one, this call's own. */
  memo?: InjectionMemo,
): PreparedRevisionInstall {
  const built = installFromModels(injectorModel, meshModel, { cni: cluster.cni });
  // meshsim's built-in install written out as a ConfigMap still carries master's templates.
  if (injectorModel && isBuiltinInstall(injectorModel.object.value)) built.install.builtin = true;
  const pilotEnv = pilotEnvOf(injectorModel?.values?.value);
  const fromEnv = parseGoBool(pilotEnv.ENABLE_NATIVE_SIDECARS ?? '');
  const nativeSidecarsFrom: InjectionResult['nativeSidecarsFrom'] = cluster.nativeSidecars !== undefined ? 'setting' : fromEnv !== undefined ? 'values.pilot.env' : 'release default';
  const nativeSidecars = cluster.nativeSidecars ?? fromEnv ?? release.behaviour.nativeSidecars.defaultOn;
  // The chart sets istiod's env from values.pilot.env; the native switch, when set, is that env too.
  const istiodEnv = cluster.nativeSidecars === undefined ? pilotEnv : withoutKey(pilotEnv, 'ENABLE_NATIVE_SIDECARS');
  const context = contextOf({ revision, nativeSidecars, istiodEnv, release: release.behaviour });
  const diagnostics = [...built.diagnostics, ...withInjectionMemo(memo, () => checkTemplates(built.install, defaultEngine, context.release))].map((d) => onInjectorText(d, injectorModel));
  return { install: built.install, cni: built.cni, nativeSidecars, nativeSidecarsFrom, context, diagnostics };
}

/**
 * The workload as the API server receives it (sigs.k8s.io/yaml's reading of what the user wrote);
 * when that fails, the problem at the value that breaks it (`port: .inf` at the `.inf`).
 */
export function decodeWorkload(workload: Workload): { value: JsonValue } | { error: string; diagnostic: Diagnostic } {
  if (!workload.doc.ast) return { value: workload.value as JsonValue };
  const decoded = decodeKubeNode(workload.doc.ast, workload.path);
  if (!('error' in decoded)) return decoded;
  const at = workload.doc.locateOffset?.(decoded.offset) ?? workload.doc.locate(workload.path);
  return { error: decoded.error, diagnostic: diagnostic('injection', 'error', `the workload cannot be read as Kubernetes reads it: ${decoded.error}`, at) };
}

function withoutKey(m: Record<string, string>, key: string): Record<string, string> {
  const { [key]: _dropped, ...rest } = m;
  return rest;
}

/** How Istio treats a pod template of a kind it does not know, in two or three sentences. */
function templatedNote(w: Workload, t: TemplatedKind): string {
  const path = t.templatePath.join('.');
  return [
    `${w.kind} ${w.name} is ${t.title}: the injection webhook never sees it, only each Pod its controller creates from ${path}, so meshsim injects that pod; istioctl kube-inject does not know the kind and prints the ${w.kind} unchanged.`,
    ...(t.notSimulated ? [t.notSimulated] : []),
  ].join(' ');
}

/** For another controller's object (an Argo Rollout...): Istio only ever sees the pods it creates (kube/podControllers.ts). */
export function templatedDiagnostic(workload: Workload): Diagnostic | undefined {
  return workload.templated ? diagnostic('injection', 'info', templatedNote(workload, workload.templated), headOf(workload)) : undefined;
}

/** Said about the workload as a whole, marked on its first line (not the whole document underlined). */
function headOf(workload: Workload): SourceRef | undefined {
  const whole = workload.doc.locate(workload.path);
  return whole ? { input: whole.input, line: whole.line, column: whole.column } : undefined;
}

/** A Job (or a Job's pod) whose injected istio-proxy keeps it from ever completing, said at the workload's first line. */
export function neverCompletes(workload: Workload, after: Record<string, any>, release: ReleaseChoice): Diagnostic | undefined {
  const never = jobNeverCompletes(workload.kind, ownerKindOf(workload), after as Parameters<typeof jobNeverCompletes>[2], release.behaviour.nativeSidecars.mode !== 'env');
  return never ? diagnostic('injection', 'warning', never, headOf(workload)) : undefined;
}

/** The controller a bare Pod names as its owner (a Job's pod pasted on its own). */
function ownerKindOf(w: Workload): string | undefined {
  if (w.kind !== 'Pod') return undefined;
  const owners = w.value.metadata?.ownerReferences;
  const controller = Array.isArray(owners) ? owners.find((o: any) => o?.controller === true) : undefined;
  return typeof controller?.kind === 'string' ? controller.kind : undefined;
}

/** A template error points at the template's line in the user's Injector tab when that is where it was written. */
function onInjectorText(d: Diagnostic, injector: InjectorConfigMapModel | undefined): Diagnostic {
  const src = d.source;
  if (!src || !src.input.startsWith('template:') || !injector) return d;
  const at = templateSource(injector, src.input.slice('template:'.length), src.line, src.column);
  return at ? { ...d, source: at } : d;
}
