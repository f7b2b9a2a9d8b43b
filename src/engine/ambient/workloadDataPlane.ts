/**
 * One workload of a scenario through both data planes: the admission verdict (already computed)
 * and istio-cni's decision on the pod as admitted, their interplay, the node agent's view of a live
 * pod, and verified fixes. Each value points back at the user's YAML.
 */
import type { AdmissionCore } from '../admission/index.ts';
import { admissionVerdict } from '../admission/index.ts';
import type { ObjectEdit } from '../admission/index.ts';
import type { PodSubject } from '../admission/index.ts';
import type { ScenarioIndex } from '../admission/index.ts';
import { applyCandidate, toYamlEdits, type SubjectDocuments } from '../admission/index.ts';
import type { YamlEdit } from '../admission/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { decideAmbient, type AmbientDecision } from './decide.ts';
import { dataPlaneVerdict, type DataPlaneVerdict } from './dataplane.ts';
import { ambientFixes, type AmbientFix } from './fixes.ts';
import { REDIRECTION, SIDECAR_STATUS } from './names.ts';
import { readAmbientNamespace, readAmbientPod, type AmbientPod, type Locator } from './pod.ts';
import { podOf, workloadAmbientIntent } from './intent.ts';

export { workloadAmbientIntent };
import type { ResolvedCniSettings } from './readSettings.ts';

export interface WorkloadDataPlaneInput {
  subject: PodSubject;
  docs: SubjectDocuments;
  /** The admission verdict of the workload as written. */
  core: Pick<AdmissionCore, 'verdict' | 'summary'>;
  index: ScenarioIndex;
  ignoredNamespaces: readonly string[];
  cni: ResolvedCniSettings;
  /** istiod's patched pod, when the workload is injected and the injection was run. */
  injectedPod?: Record<string, any>;
  /** Whether to search for fixes (the audit does not). */
  fixes?: boolean;
}

export interface LiveView {
  /** `ambient.istio.io/redirection` as found: `enabled`, `pending`, another value, or `absent`. */
  annotation: string;
  /** What the node agent does on the pod's next update event (a relabel, a status change). */
  update: AmbientDecision;
  /** What it does when the pod is deleted. */
  delete: AmbientDecision;
}

export interface AmbientFixWithEdits extends AmbientFix {
  yamlEdits: YamlEdit[];
}

export interface WorkloadDataPlane {
  /** istio-cni when the pod is created (the CNI plugin, then the node agent). */
  creation: AmbientDecision;
  /** The node agent's view of a pod that already runs (a pasted Pod with a status, as `kubectl get -o yaml` prints it). */
  live?: LiveView;
  dataPlane: DataPlaneVerdict;
  fixes: AmbientFixWithEdits[];
  diagnostics: Diagnostic[];
}

function locatorFor(s: PodSubject): Locator {
  const tpl = s.templatePath;
  return {
    pod: (path) => {
      if (path[0] === 'status') return tpl.length ? undefined : s.locateWorkload(path);
      // A template has neither: the pod gets the workload's namespace and a name made from the workload's.
      if (tpl.length && path.length === 2 && path[0] === 'metadata' && (path[1] === 'namespace' || path[1] === 'name')) return s.locateWorkload(path);
      return s.locateWorkload([...tpl, ...path]);
    },
    namespace: (path) => s.locateNamespace?.(path),
  };
}

/** The pod a workload would create, as istio-cni reads it: named after the workload, in its namespace. */

/**
 * The pod as it reaches istio-cni: istiod's patched pod when injected. Without the injection
 * (another workload than the selected one) it is the pod as written marked injected — the
 * status annotation is all the enablement check reads.
 */
function admittedPod(written: AmbientPod, raw: Record<string, any>, verdict: AdmissionCore['verdict'], injected: Record<string, any> | undefined, namespace: string) {
  if (verdict !== 'injected') return { pod: written, raw };
  if (injected) {
    const p = readAmbientPod(injected, namespace);
    return { pod: { ...p, name: p.name || written.name, namespace }, raw: injected };
  }
  return { pod: { ...written, annotations: { ...written.annotations, [SIDECAR_STATUS]: '{}' } }, raw: undefined };
}

function verdictFor(subject: PodSubject, core: Pick<AdmissionCore, 'verdict' | 'summary'>, input: WorkloadDataPlaneInput, injected?: Record<string, any>) {
  const { settings, origins } = input.cni;
  const locate = locatorFor(subject);
  const namespace = readAmbientNamespace(subject.namespaceValue ?? { metadata: { name: subject.namespace } }, subject.namespace);
  const written = podOf(subject);
  const admitted = admittedPod(written.pod, written.raw, core.verdict, injected, subject.namespace);
  const creation = decideAmbient({ event: 'cni-add', pod: admitted.pod, namespace, settings, origins, locate, ...(admitted.raw ? { rawPod: admitted.raw } : {}) });
  if (!admitted.raw) {
    // Not injected here: the plugin's sidecar mode would be judged on a pod without its sidecar.
    delete creation.cniPlugin;
    creation.steps = creation.steps.filter((st) => st.id !== 'cni:sidecar-mode');
  }
  const dataPlane = dataPlaneVerdict({ sidecar: { verdict: core.verdict, summary: core.summary }, ambient: creation, pod: written.pod, namespace, settings, locate });
  return { creation, dataPlane, written, namespace, locate };
}


export function workloadDataPlane(input: WorkloadDataPlaneInput): WorkloadDataPlane {
  const { subject, core, cni } = input;
  const { creation, dataPlane, written, namespace, locate } = verdictFor(subject, core, input, input.injectedPod);
  const diagnostics = [...cni.diagnostics, ...creation.diagnostics];
  // The stale annotation is already said by the decision itself.
  for (const n of dataPlane.notes) if (n.severity === 'warning' && n.id !== 'retired-annotation') diagnostics.push({ origin: 'ambient', severity: 'warning', message: n.message, ...(n.source ? { source: n.source } : {}) });

  // A pod that already runs: what the node agent makes of it as it is now.
  let live: LiveView | undefined;
  const pod = written.pod;
  if (!subject.templatePath.length && (pod.phase !== '' || pod.podIP !== '' || pod.podIPs.length > 0)) {
    const common = { pod, namespace, settings: cni.settings, origins: cni.origins, locate, rawPod: written.raw };
    live = { annotation: REDIRECTION in pod.annotations ? pod.annotations[REDIRECTION] : 'absent', update: decideAmbient({ ...common, event: 'update' }), delete: decideAmbient({ ...common, event: 'delete' }) };
  }

  const fixes: AmbientFixWithEdits[] = [];
  if (input.fixes !== false) {
    const evaluate = (edits: ObjectEdit[]): DataPlaneVerdict | undefined => {
      const after = applyCandidate(subject, edits);
      // A trial is judged by its mode and notes (ambientFixes' `reached`), never by its sentences:
      // the admission's verdict is enough, without the explanation admitPod would write for it.
      const { verdict } = admissionVerdict(after, input.index, input.ignoredNamespaces);
      return verdictFor(after, { verdict, summary: '' }, input).dataPlane;
    };
    const found = ambientFixes({ kind: subject.kind, name: subject.name, templatePath: subject.templatePath, pod, namespace }, dataPlane, evaluate);
    for (const f of found) fixes.push({ ...f, yamlEdits: toYamlEdits(subject, f.edits, input.docs, applyCandidate(subject, f.edits)) });
  }
  return { creation, ...(live ? { live } : {}), dataPlane, fixes, diagnostics };
}
