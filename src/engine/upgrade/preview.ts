import { admitPod } from '../admission/index.ts';
import type { PodSubject, ScenarioIndex } from '../admission/index.ts';
import { applySteps, changeText, createFullAuditor, createSharedReads, decidedByOf, indexCluster, readDump, restartChanges, sidecarStateOf } from '../audit/index.ts';
import type { AuditRow, DataPlane, DumpObject, RestartChange, UpgradeStep } from '../audit/index.ts';
import type { ResolvedCniSettings } from '../ambient/index.ts';
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { podsFromObject } from '../injection/index.ts';
import { toSigsYaml, unifiedDiff, type JsonValue } from '../kube/index.ts';
import { INPUT_NAMES, type InputName } from '../stages/index.ts';

/*
 * The upgrade preview: the scenario's cluster (its namespaces, webhook configurations and
 * ConfigMaps) taken through the steps of an upgrade, and after each step, for every namespace,
 * which webhooks Kubernetes calls for a new pod and which istiod injects it, and for every workload
 * what a restart would give it. The selected workload is shown rendered under today's install and
 * under the target (the state after the last step) side by side. Everything is computed by the
 * full-fidelity audit's pipeline (webhooks, istiod, the render, the capture rules).
 */

const nowhere = () => undefined;

export interface UpgradeInput {
  texts: Partial<Record<InputName, string>>;
  steps: readonly UpgradeStep[];
  /** The workload whose patched pod and rules are compared (default: the first). */
  selectedWorkload?: number;
  nativeSidecars?: boolean;
  /**
   * The header's Istio release setting ("1.24", "master"; unset or "auto": what each revision's
   * injector ConfigMap shows), for every state alike, as `meshsim audit --istio-version` with
   * `--target-install`. Left to the ConfigMaps, a pasted install of a newer release renders as it.
   */
  istioRelease?: string;
  /**
   * istio-cni's settings as the scenario resolved them (its Ambient tab: a pasted istio-cni-config
   * or Istio's ambient profile, with the cluster switches), for every state whose istio-cni-config
   * a step did not replace. Without them each state reads its own ConfigMap, as the audit does.
   */
  cni?: ResolvedCniSettings;
}

/** A new pod in one namespace: the webhooks called, and the istiod that injects it. */
export interface NamespaceWebhooks {
  namespace: string;
  /** `configuration/webhook` of every injection webhook called. */
  webhooks: string[];
  /** The revision that injects a new pod there ('' when none does). */
  revision: string;
  /** The label and tag that decide it. */
  decidedBy: string;
}

/** One workload after one step: the revision a restart gives it, and whether that moves it. */
export interface PodAfterStep {
  workload: string;
  namespace: string;
  /** The revision it runs now (its sidecar's, or today's injecting revision for a template). */
  from: string;
  /** The revision a restart gives it after this step ('' for none; 'rejected' when istiod would fail). */
  to: string;
  moves: boolean;
  change: string;
  changes: RestartChange[];
}

export interface UpgradeState {
  /** `today`, then each step's command. */
  label: string;
  namespaces: NamespaceWebhooks[];
  pods: PodAfterStep[];
  diagnostics: Diagnostic[];
}

/** The selected workload rendered by one state's install. */
export interface RenderedSide {
  verdict: AuditRow['verdict'];
  revision: string;
  release: string;
  install: string;
  /** The pod as istiod patches it (sigs.k8s.io/yaml), or the pod as created when it is not injected. */
  podYaml: string;
  /** The iptables-restore payload of its capture ('' without one). */
  rules: string;
  capture: string;
  error?: string;
}

export interface UpgradePreview {
  states: UpgradeState[];
  selected?: {
    workload: string;
    today: RenderedSide;
    target: RenderedSide;
    podDiff: string;
    rulesDiff: string;
    /** What the target changes in the patched pod, as the audit words drift. */
    changes: RestartChange[];
  };
  diagnostics: Diagnostic[];
}

interface Entry {
  workload: string;
  namespace: string;
  pod: Record<string, any>;
}

/** The scenario's texts as cluster objects and the pods its workloads would create. */
export function scenarioCluster(texts: Partial<Record<InputName, string>>): { objects: DumpObject[]; pods: Entry[]; diagnostics: Diagnostic[] } {
  const objects: DumpObject[] = [];
  const pods: Entry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of INPUT_NAMES) {
    const text = texts[name] ?? '';
    if (!text.trim()) continue;
    const read = readDump(text, name);
    diagnostics.push(...read.diagnostics.filter((d) => d.severity === 'error'));
    for (const o of read.objects) {
      if (o.role.role === 'workload') for (const w of podsFromObject(o.value)) pods.push({ workload: `${w.kind}/${w.name}`, namespace: w.namespace || 'default', pod: w.pod });
      else objects.push(o);
    }
    for (const p of read.pods) if (p.value) pods.push({ workload: `Pod/${String(p.value.metadata?.name ?? '')}`, namespace: String(p.value.metadata?.namespace ?? '') || 'default', pod: p.value });
  }
  for (const p of pods) p.pod.metadata = { ...(p.pod.metadata ?? {}), namespace: p.pod.metadata?.namespace ?? p.namespace };
  return { objects, pods, diagnostics };
}

function namespaceTable(index: ScenarioIndex, namespaces: readonly string[]): NamespaceWebhooks[] {
  return namespaces.map((namespace) => {
    const ns = index.namespaces.get(namespace);
    const probe = { apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'new-pod-', namespace }, spec: { containers: [{ name: 'app', image: 'app' }] } };
    const subject: PodSubject = { kind: 'Pod', name: 'new-pod', value: probe, templatePath: [], namespace, ...(ns ? { namespaceValue: ns.value, locateNamespace: nowhere } : {}), locateWorkload: nowhere };
    const core = admitPod(subject, index);
    return {
      namespace,
      webhooks: core.webhooks.filter((w) => w.called && w.injector).map((w) => `${w.configuration}/${w.webhook}`),
      revision: core.verdict === 'injected' ? (core.injectedBy[0] ?? '') : '',
      decidedBy: decidedByOf(core, probe, ns?.value, index),
    };
  });
}

const revisionAfter = (row: AuditRow) => (row.verdict === 'rejected' ? 'rejected' : row.verdict === 'injected' ? (row.injectedBy[0] ?? 'default') : '');

function side(auditor: ReturnType<typeof createFullAuditor>, pod: Record<string, any>): RenderedSide {
  const r = auditor.renderOf(pod);
  const after = r.outcome.after;
  const shown = after ?? pod;
  return {
    verdict: r.outcome.verdict,
    revision: r.outcome.revision ?? '',
    release: r.render?.release ?? '',
    install: r.render?.install ?? '',
    podYaml: toSigsYaml(shown as JsonValue),
    rules: r.payload,
    capture: r.capture.text,
    ...(r.outcome.error ? { error: r.outcome.error } : {}),
  };
}

/**
 * The preview of an upgrade of the scenario's cluster. Never throws. The states share their reads
 * (`audit/sharedReads.ts`: what a step left alone is read, built and rendered once); `share: 'none'`
 * has each state read everything itself, as before they shared — the same preview, for the bench.
 */
export function previewUpgrade(input: UpgradeInput, share: 'states' | 'none' = 'states'): UpgradePreview {
  try {
    const cluster = scenarioCluster(input.texts);
    const diagnostics = [...cluster.diagnostics];
    const states = [{ label: 'today', objects: cluster.objects, diagnostics: [] as Diagnostic[] }, ...applySteps(cluster.objects, input.steps)];
    const nsNames = [...new Set([...cluster.objects.filter((o) => o.role.role === 'namespace').map((o) => String(o.value.metadata?.name ?? '')), ...cluster.pods.map((p) => p.namespace)])].filter(Boolean).sort();
    const release = input.istioRelease;
    const shared = share === 'states' ? createSharedReads() : undefined;
    const indexes = states.map((st) => indexCluster(st.objects, 'cluster', release, shared));
    const cniConfig = (objects: readonly DumpObject[]) => objects.find((o) => o.value.kind === 'ConfigMap' && o.value.metadata?.name === 'istio-cni-config');
    const todayCni = cniConfig(cluster.objects);
    const cniOf = (objects: readonly DumpObject[]) => (input.cni && cniConfig(objects) === todayCni ? { cni: input.cni } : {});
    // A workload runs today in the data plane today's install gives it (its template says nothing of istio-cni's enrollment).
    const today: DataPlane[] = [];
    const auditors = states.map((st, k) => createFullAuditor(st.objects, indexes[k], { nativeSidecars: input.nativeSidecars, ...(shared ? { reads: shared } : {}), ...cniOf(st.objects), dataPlaneNow: (i) => today[i] }));
    cluster.pods.forEach((p, i) => (today[i] = auditors[0].renderOf(p.pod).capture.dataPlane));
    const rowsOf = auditors.map((a) => cluster.pods.map((p, i) => a.audit(p.pod, i)));
    const from = cluster.pods.map((p, i) => sidecarStateOf(p.pod).revision ?? revisionAfter(rowsOf[0][i]));
    const out: UpgradeState[] = states.map((st, k) => ({
      label: st.label,
      // Alone, each state indexes its cluster again for the table, as before the states shared.
      namespaces: namespaceTable(shared ? indexes[k] : indexCluster(st.objects, 'cluster', release), nsNames),
      pods: cluster.pods.map((p, i) => {
        const row = rowsOf[k][i];
        const to = revisionAfter(row);
        return { workload: p.workload, namespace: p.namespace, from: from[i], to, moves: to !== from[i], change: row.change, changes: row.changes };
      }),
      diagnostics: [...st.diagnostics, ...auditors[k].diagnostics.filter((d) => d.severity !== 'info')],
    }));
    const preview: UpgradePreview = { states: out, diagnostics };
    const sel = Math.max(0, Math.min(input.selectedWorkload ?? 0, cluster.pods.length - 1));
    const chosen = cluster.pods[sel];
    if (chosen) {
      const today = side(auditors[0], chosen.pod);
      const target = side(auditors[auditors.length - 1], chosen.pod);
      const todayPod = auditors[0].renderOf(chosen.pod).outcome.after ?? chosen.pod;
      const targetOutcome = auditors[auditors.length - 1].renderOf(chosen.pod).outcome;
      const changes = restartChanges(todayPod, sidecarStateOf(todayPod), { ...targetOutcome, ...(targetOutcome.rules ? { rules: { now: today.rules, after: target.rules } } : {}) });
      preview.selected = {
        workload: `${chosen.namespace}/${chosen.workload}`,
        today,
        target,
        podDiff: unifiedDiff(today.podYaml, target.podYaml, { before: 'today', after: 'target' }),
        rulesDiff: unifiedDiff(today.rules, target.rules, { before: 'today', after: 'target' }),
        changes,
      };
    }
    return preview;
  } catch (err) {
    return { states: [], diagnostics: [diagnostic('upgrade', 'error', `internal error: ${messageOf(err)}`)] };
  }
}

export { changeText };
