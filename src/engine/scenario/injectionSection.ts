import { stringify } from 'yaml';
import type { WorkloadAdmission } from '../admission/types.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { ScenarioDocuments, ScenarioObject, Workload } from '../documents/scenarioDocuments.ts';
import { injectScenario, type InjectedPodReport } from '../injection/index.ts';
import { toSigsYaml, type JsonValue } from '../kube/index.ts';

export interface InstallChoice {
  /** The revision whose istiod injects the pod. */
  revision: string;
  injector: { from: 'builtin' } | { from: 'configMap'; name: string; namespace: string };
  mesh: { from: 'builtin' } | { from: 'configMap'; name: string; namespace: string };
  /** One sentence: which install the patched pod was produced with. */
  note: string;
}

export interface InjectionResult {
  install: InstallChoice;
  /** The pod as the webhook saw it and as istiod patched it (absent when istiod skipped or rejected it). */
  pod?: InjectedPodReport;
  /** The pod before and after, written as sigs.k8s.io/yaml writes them, for the diff. */
  beforeYaml?: string;
  afterYaml?: string;
  /** What `istioctl kube-inject -f` prints for this workload. */
  kubeInject: { output?: string; warnings: string[]; error?: string };
  diagnostics: Diagnostic[];
}

/**
 * The selected workload injected by the istiod the API server would reach, with the install the
 * user pasted for that revision, or the built-in default one.
 */
export function analyzeInjection(docs: ScenarioDocuments, workload: Workload, admission: WorkloadAdmission | undefined): InjectionResult {
  const revision = admission?.injectedBy[0] ?? admission?.injectors[0]?.revision ?? 'default';
  const injectorCm = pick(docs.objects, 'injectorConfigMap', revision);
  const meshCm = pick(docs.objects, 'meshConfigMap', revision);
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
  const result = injectScenario({
    workloads: stringify(workload.value, { lineWidth: 0 }),
    injectorConfigMap: injectorCm?.value,
    meshConfigMap: meshCm?.value,
    context: { revision },
  });
  const pod = result.pods[0];
  return {
    install,
    pod,
    beforeYaml: pod ? toSigsYaml(pod.before as JsonValue) : undefined,
    afterYaml: pod?.after ? toSigsYaml(pod.after as JsonValue) : undefined,
    kubeInject: result.kubeInject,
    diagnostics: result.diagnostics,
  };
}

function pick(objects: ScenarioObject[], role: 'injectorConfigMap' | 'meshConfigMap', revision: string): ScenarioObject | undefined {
  return objects.find((o) => o.role.role === role && 'revision' in o.role && o.role.revision === revision);
}

function ref(o: ScenarioObject): { name: string; namespace: string } {
  return { name: String(o.value.metadata?.name ?? ''), namespace: String(o.value.metadata?.namespace ?? 'istio-system') };
}
