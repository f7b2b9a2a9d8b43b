import { admitPod, type AdmissionCore } from '../admission/index.ts';
import type { PodSubject } from '../admission/index.ts';
import type { ScenarioIndex } from '../admission/index.ts';
import { sidecarStateOf } from './sidecarState.ts';
import type { AuditRow, DriftKind, SidecarState } from './types.ts';
import type { Verdict } from '../admission/index.ts';

const nowhere = () => undefined;

export function ownerOf(pod: Record<string, any>): string | undefined {
  const refs = pod.metadata?.ownerReferences;
  if (!Array.isArray(refs) || !refs.length) return undefined;
  const ref = refs.find((r) => r?.controller === true) ?? refs[0];
  return ref && typeof ref === 'object' ? `${String(ref.kind ?? '')}/${String(ref.name ?? '')}` : undefined;
}

/** The deciding step in a few words, for a table column: who decided, and on what. */
export function ruleOf(core: AdmissionCore): string {
  if (core.decidingStep === 'apiserver:none') return 'no injection webhook called';
  const step = core.steps.find((s) => s.id === core.decidingStep);
  if (!step) return core.decidingStep;
  return step.stage === 'istiod' ? `istiod ${core.decidingStep.split(':')[1]}: ${step.title}` : step.title;
}

/** Compares the sidecar a pod has with what admission would do to it if it were created now. */
export function driftOf(sidecar: SidecarState, verdict: Verdict, injectedBy: readonly string[]): { drift: DriftKind[]; detail: string } {
  const would = verdict === 'injected';
  if (!sidecar.present && would) {
    return { drift: ['missing-sidecar'], detail: `no sidecar, but istiod ${injectedBy.join(', ')} would inject one now: restart the pod` };
  }
  if (sidecar.present && !would && verdict !== 'rejected') {
    return { drift: ['unwanted-sidecar'], detail: `has a sidecar${sidecar.revision ? ` from revision ${sidecar.revision}` : ''}, but would not get one now: a restart removes it` };
  }
  if (sidecar.present && would && sidecar.revision && !injectedBy.includes(sidecar.revision)) {
    return { drift: ['old-revision'], detail: `injected by revision ${sidecar.revision}; revision ${injectedBy.join(', ')} would inject it now: restart the pod to move it` };
  }
  return { drift: [], detail: '' };
}

/**
 * Audits one pod of a dump by admission only (the audit before rendering, `fidelity: 'admission'`,
 * kept as the benchmark's baseline): the pod as the API server received it (already injected or not) is
 * admitted again through the same webhook selection and istiod policy the Admission panel uses,
 * without searching for suggestions, and its current sidecar is compared with the verdict.
 */
export function auditPod(pod: Record<string, any>, index: number, cluster: ScenarioIndex, ignoredNamespaces?: readonly string[]): AuditRow {
  const name = String(pod.metadata?.name ?? pod.metadata?.generateName ?? '');
  const namespace = String(pod.metadata?.namespace ?? '') || 'default';
  const ns = cluster.namespaces.get(namespace);
  const subject: PodSubject = {
    kind: 'Pod',
    name,
    value: pod,
    templatePath: [],
    namespace,
    ...(ns ? { namespaceValue: ns.value, locateNamespace: nowhere } : {}),
    locateWorkload: nowhere,
  };
  const core = admitPod(subject, cluster, ignoredNamespaces);
  const sidecar = sidecarStateOf(pod);
  const { drift, detail } = driftOf(sidecar, core.verdict, core.injectedBy);
  const owner = ownerOf(pod);
  return {
    index,
    name,
    namespace,
    ...(owner ? { owner } : {}),
    webhooks: core.webhooks.filter((w) => w.called).map((w) => `${w.configuration}/${w.webhook}`),
    verdict: core.verdict,
    decidingStep: core.decidingStep,
    decidingRule: ruleOf(core),
    summary: core.summary,
    injectedBy: core.injectedBy,
    sidecar,
    drift,
    driftDetail: detail,
    fidelity: 'admission',
    changes: [],
    change: '',
    group: '',
    checks: {},
  };
}
