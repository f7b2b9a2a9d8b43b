import { parse, stringify } from 'yaml';
import type { WorkloadAdmission } from '../admission/types.ts';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { ScenarioDocuments, ScenarioObject, Workload } from '../documents/scenarioDocuments.ts';
import { builtinInstallDocuments, injectScenario, type InjectedPodReport } from '../injection/index.ts';
import { toSigsYaml, type JsonValue } from '../kube/index.ts';
import { unifiedDiff } from './unifiedDiff.ts';
import { templateSourceInInjector } from './templateSource.ts';
import { isNotSimulated } from '../gotemplate/index.ts';

export interface InstallChoice {
  /** The revision whose istiod injects the pod. */
  revision: string;
  injector: { from: 'builtin' } | { from: 'configMap'; name: string; namespace: string };
  mesh: { from: 'builtin' } | { from: 'configMap'; name: string; namespace: string };
  /** One sentence: which install the patched pod was produced with. */
  note: string;
}

/** What the cluster contributes that no pasted object says: how its nodes and CNI are set up. */
export interface ClusterOptions {
  /** Force the Istio CNI plugin on or off (undefined: as the install's values say). */
  cni?: boolean;
  /** Whether the cluster gives pods native sidecars (Kubernetes ≥ 1.29 with istiod's auto-detection). Default true. */
  nativeSidecars?: boolean;
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
  /** What `istioctl kube-inject -f` prints for this workload. */
  kubeInject: { output?: string; warnings: string[]; error?: string };
  diagnostics: Diagnostic[];
}

/** What the injection of one workload reads: the workload, the revision that injects it and that revision's install objects. */
export interface InjectionSubject {
  workload: Workload;
  revision: string;
  /** The revision's istio-sidecar-injector ConfigMap, when one was pasted. */
  injectorCm?: ScenarioObject;
  /** The revision's mesh ConfigMap, when one was pasted. */
  meshCm?: ScenarioObject;
}

/** The revision whose istiod injects a workload, and the install objects pasted for it. */
export function injectionSubject(docs: ScenarioDocuments, workload: Workload, admission: Pick<WorkloadAdmission, 'injectedBy' | 'injectors'> | undefined): InjectionSubject {
  const revision = admission?.injectedBy[0] ?? admission?.injectors[0]?.revision ?? 'default';
  return { workload, revision, injectorCm: pick(docs.objects, 'injectorConfigMap', revision), meshCm: pick(docs.objects, 'meshConfigMap', revision) };
}

/**
 * The selected workload injected by the istiod the API server would reach, with the install the
 * user pasted for that revision, or the built-in default one.
 */
export function analyzeInjection(
  docs: ScenarioDocuments,
  workload: Workload,
  admission: WorkloadAdmission | undefined,
  cluster: ClusterOptions = {},
  inputTexts: Partial<Record<string, string>> = {},
): InjectionResult {
  return injectWorkload(injectionSubject(docs, workload, admission), cluster, inputTexts);
}

/** The injection of one workload by its revision's install (see analyzeInjection). */
export function injectWorkload(subject: InjectionSubject, cluster: ClusterOptions = {}, inputTexts: Partial<Record<string, string>> = {}): InjectionResult {
  const { workload, revision, injectorCm, meshCm } = subject;
  const install: InstallChoice = {
    revision,
    injector: injectorCm ? { from: 'configMap', ...ref(injectorCm) } : { from: 'builtin' },
    mesh: meshCm ? { from: 'configMap', ...ref(meshCm) } : { from: 'builtin' },
    note: '',
  };
  install.note = [
    injectorCm ? `Injected with the ConfigMap ${ref(injectorCm).name} from the Injector tab` : `Injected with meshsim's built-in default install (no istio-sidecar-injector${revision === 'default' ? '' : `-${revision}`} ConfigMap was pasted)`,
    meshCm ? `and the mesh config ${ref(meshCm).name}.` : 'and the built-in mesh defaults.',
  ].join(' ');
  const diagnostics: Diagnostic[] = [];
  const injector = withCni(injectorCm?.value, cluster.cni, diagnostics);
  const nativeSidecars = cluster.nativeSidecars ?? true;
  const result = injectScenario({
    workloads: stringify(workload.value, { lineWidth: 0 }),
    injectorConfigMap: injector.configMap,
    meshConfigMap: meshCm?.value,
    context: { revision, nativeSidecars },
  });
  const pod = result.pods[0];
  // A failed injection is an error the user caused (a broken template, a bad annotation): say so
  // where the markers are, pointing at the injector ConfigMap when a template is to blame.
  const failure = pod?.error ?? (pod?.after ? undefined : result.kubeInject.error);
  if (failure && !result.diagnostics.some((d) => d.severity === 'error')) {
    const at = pod?.errorAt && injectorCm ? injectorCm.doc.locate([...injectorCm.path, 'data', 'config']) : workload.doc.locate(workload.path);
    diagnostics.push(
      isNotSimulated(failure)
        ? diagnostic('injection', 'warning', `meshsim cannot render this pod's injection (istiod would): ${failure}`, at)
        : diagnostic('injection', 'error', `istiod cannot inject this pod: ${failure}`, at),
    );
  }
  const beforeYaml = pod ? toSigsYaml(pod.before as JsonValue) : undefined;
  const afterYaml = pod?.after ? toSigsYaml(pod.after as JsonValue) : undefined;
  return {
    cni: injector.cni,
    nativeSidecars,
    install,
    pod,
    beforeYaml,
    afterYaml,
    templateTexts: templateTexts(injector.configMap, pod?.templates ?? []),
    diff: beforeYaml && afterYaml ? unifiedDiff(beforeYaml, afterYaml, { before: 'pod as written', after: 'pod as admitted' }) : undefined,
    kubeInject: result.kubeInject,
    diagnostics: [...diagnostics, ...result.diagnostics.map((d) => onInjectorText(d, injectorCm, inputTexts))],
  };
}

/**
 * The injector ConfigMap with `pilot.cni.enabled` forced when the user flips the CNI switch; the
 * built-in install is written out as a ConfigMap for that. Returns the effective CNI setting.
 */
function withCni(configMap: Record<string, any> | undefined, force: boolean | undefined, diagnostics: Diagnostic[]): { configMap?: Record<string, any>; cni: boolean } {
  const builtin = builtinInstallDocuments();
  const valuesText: unknown = configMap ? configMap.data?.values : undefined;
  let values: any;
  if (configMap) {
    try {
      values = typeof valuesText === 'string' && valuesText.trim() ? parse(valuesText) : {};
    } catch {
      return { configMap, cni: false }; // the injection reports the unreadable values itself
    }
  } else {
    values = builtin.values;
  }
  const installed = Boolean(values?.pilot?.cni?.enabled);
  if (force === undefined || force === installed) return { configMap, cni: installed };
  if (!values || typeof values !== 'object') {
    diagnostics.push(diagnostic('injection', 'warning', 'the injector values are not a mapping: the CNI switch cannot be applied'));
    return { configMap, cni: installed };
  }
  const next = structuredClone(values);
  next.pilot = { ...(next.pilot ?? {}), cni: { ...(next.pilot?.cni ?? {}), enabled: force } };
  const base = configMap ?? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'istio-sidecar-injector', namespace: 'istio-system' }, data: { config: stringify(builtin.config, { lineWidth: 0 }) } };
  return { configMap: { ...base, data: { ...base.data, values: JSON.stringify(next) } }, cni: force };
}

function pick(objects: ScenarioObject[], role: 'injectorConfigMap' | 'meshConfigMap', revision: string): ScenarioObject | undefined {
  return objects.find((o) => o.role.role === role && 'revision' in o.role && o.role.revision === revision);
}

function ref(o: ScenarioObject): { name: string; namespace: string } {
  return { name: String(o.value.metadata?.name ?? ''), namespace: String(o.value.metadata?.namespace ?? 'istio-system') };
}

/** The rendered templates' source text, from the ConfigMap in use or the built-in install. */
function templateTexts(configMap: Record<string, any> | undefined, names: string[]): Record<string, string> {
  let templates: Record<string, unknown> = {};
  if (configMap) {
    try {
      const config = parse(String(configMap.data?.config ?? ''));
      templates = config?.templates && typeof config.templates === 'object' ? config.templates : {};
    } catch {
      templates = {};
    }
  } else {
    templates = (builtinInstallDocuments().config as { templates: Record<string, string> }).templates;
  }
  return Object.fromEntries(names.filter((n) => typeof templates[n] === 'string').map((n) => [n, templates[n] as string]));
}

/** A template error points at the template's line in the user's Injector tab when that is where it was written. */
function onInjectorText(d: Diagnostic, injectorCm: ScenarioObject | undefined, inputTexts: Partial<Record<string, string>>): Diagnostic {
  const src = d.source;
  if (!src || !src.input.startsWith('template:') || !injectorCm) return d;
  const text = inputTexts[injectorCm.doc.input];
  if (text === undefined) return d;
  const at = templateSourceInInjector(text, injectorCm.doc.locate([...injectorCm.path, 'data', 'config']), src.input.slice('template:'.length), src.line, src.column);
  return at ? { ...d, source: at } : d;
}
