/**
 * One question, two data planes: is this pod in the mesh, and how? The sidecar side is the
 * admission verdict (webhooks + istiod); the ambient side is istio-cni's decision on the pod as
 * admitted. They interact in one place: a pod istiod injects carries `sidecar.istio.io/status`,
 * and istio-cni never enrolls such a pod — a pod that asks for both gets the sidecar.
 */
import type { Verdict } from '../admission/index.ts';
import type { SourceRef } from '../diagnostics.ts';
import type { AmbientDecision } from './decide.ts';
import { compileEnablementSelectors, describeLabelSelector, enablementMatches } from './enablement.ts';
import { DATAPLANE_MODE, DATAPLANE_MODE_AMBIENT, DATAPLANE_MODE_NONE, REDIRECTION, REDIRECTION_RETIRED_DISABLED, SIDECAR_INJECT, SIDECAR_STATUS } from './names.ts';
import type { AmbientNamespace, AmbientPod, Locator } from './pod.ts';
import type { IstioCniSettings } from './settings.ts';

export type DataPlaneMode = 'sidecar' | 'ambient' | 'none' | 'rejected';

export interface DataPlaneNote {
  id: 'namespace-both' | 'pod-asks-both' | 'opted-out' | 'retired-annotation' | 'mode-as-annotation' | 'mode-value' | 'ambient-off' | 'excluded' | 'cni-sidecar-redirect';
  severity: 'warning' | 'info';
  message: string;
  source?: SourceRef;
}

export interface DataPlaneVerdict {
  mode: DataPlaneMode;
  /** A few words, e.g. "In the mesh: ambient". */
  headline: string;
  /** The decision in plain words, both sides and their interplay. */
  summary: string;
  /** Why the sidecar side came out as it did (the admission verdict's summary). */
  sidecar: { verdict: Verdict; summary: string };
  /** Why the ambient side came out as it did. */
  ambient: { enrolled: boolean; rule: AmbientDecision['rule']; reason: AmbientDecision['reason']; selectorIndex?: number; text: string };
  /** Whether, were it not for the sidecar, istio-cni's selectors would enroll the pod. */
  asksForAmbient: boolean;
  /** Whether the pod or its namespace asks the injector for a sidecar (the labels the webhooks select on). */
  asksForSidecar: boolean;
  /**
   * Whether this pod lives in the ambient world: it asks for ambient, or it or its namespace
   * carries istio.io/dataplane-mode at all. Advice to add a sidecar does not apply to it.
   */
  ambientIntent: boolean;
  notes: DataPlaneNote[];
}

export interface DataPlaneInput {
  sidecar: { verdict: Verdict; summary: string };
  /** istio-cni's decision on pod creation, for the pod as admitted (injected or not). */
  ambient: AmbientDecision;
  /** The pod as written (before any injection) and its namespace. */
  pod: AmbientPod;
  namespace: AmbientNamespace;
  settings: IstioCniSettings;
  locate?: Locator;
}

const INJECTION_LABEL = 'istio-injection';
const REV_LABEL = 'istio.io/rev';

/** Whether the labels ask Istio's injector for a sidecar (what its webhooks select on). */
function sidecarIntent(pod: AmbientPod, ns: AmbientNamespace): boolean {
  return ns.labels[INJECTION_LABEL] === 'enabled' || REV_LABEL in ns.labels || pod.labels[SIDECAR_INJECT] === 'true' || REV_LABEL in pod.labels;
}

/** A sentence, ended with a full stop if it has none. */
const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** The same pod without a sidecar: would istio-cni's selectors take it? */
function selectorsWouldTake(pod: AmbientPod, namespace: AmbientNamespace, settings: IstioCniSettings): boolean {
  const { [SIDECAR_STATUS]: _status, ...annotations } = pod.annotations;
  return enablementMatches({ ...pod, annotations }, namespace, compileEnablementSelectors(settings.enablementSelectors));
}

/**
 * Whether a pod lives in the ambient world (cheap: no trace): it or its namespace carries
 * istio.io/dataplane-mode, or istio-cni would enroll it were it not for a sidecar.
 */
export function hasAmbientIntent(pod: AmbientPod, namespace: AmbientNamespace, settings: IstioCniSettings): boolean {
  if (DATAPLANE_MODE in pod.labels || DATAPLANE_MODE in namespace.labels) return true;
  return settings.ambientEnabled && !settings.excludeNamespaces.includes(pod.namespace) && selectorsWouldTake(pod, namespace, settings);
}

/** istio-cni's decision in one short clause for the verdict (the steps carry every selector's detail). */
function ambientBrief(d: AmbientDecision, pod: AmbientPod, namespace: AmbientNamespace, settings: IstioCniSettings): string {
  switch (d.reason) {
    case 'SELECTOR_MATCH': {
      const sel = settings.enablementSelectors[d.selectorIndex ?? 0];
      const sides = [sel?.podSelector && describeLabelSelector(sel.podSelector) !== '{} (everything)' ? `pod ${describeLabelSelector(sel.podSelector)}` : '', sel?.namespaceSelector && describeLabelSelector(sel.namespaceSelector) !== '{} (everything)' ? `namespace ${describeLabelSelector(sel.namespaceSelector)}` : ''].filter(Boolean);
      return `istio-cni's enablement selector [${d.selectorIndex}] matches (${sides.join(' and ') || 'every pod'}), so the node agent redirects the pod's traffic to ztunnel`;
    }
    case 'NO_SELECTOR_MATCH':
      if (pod.labels[DATAPLANE_MODE] === DATAPLANE_MODE_NONE) return `no enablement selector matches: the pod is labelled ${DATAPLANE_MODE}=none`;
      if (!(DATAPLANE_MODE in pod.labels) && !(DATAPLANE_MODE in namespace.labels)) return `no enablement selector matches: neither the pod nor namespace ${namespace.name} is labelled ${DATAPLANE_MODE}=ambient`;
      return 'no enablement selector matches';
    case 'EXCLUDED_NAMESPACE':
      return `namespace ${pod.namespace} is in istio-cni's excludeNamespaces, read before any label`;
    case 'AMBIENT_DISABLED':
      return 'ambient is not enabled in istio-cni';
    case 'HOST_NETWORK':
      return 'a hostNetwork pod is never enrolled';
    case 'HAS_SIDECAR':
      return 'the pod has a sidecar, and istio-cni never enrolls one';
    case 'CNI_AGENT_POD':
      return "it is istio-cni's own agent pod";
    case 'INVALID_SELECTORS':
      return "istio-cni's enablement selectors do not compile";
  }
}

export function dataPlaneVerdict(input: DataPlaneInput): DataPlaneVerdict {
  const { ambient, pod, namespace, settings } = input;
  const sidecar = { ...input.sidecar, summary: sentence(input.sidecar.summary) };
  const at = input.locate;
  const wouldMatch = selectorsWouldTake(pod, namespace, settings);
  const { [SIDECAR_STATUS]: _status, ...annotations } = pod.annotations;
  const bare = { ...pod, annotations };
  const excluded = settings.excludeNamespaces.includes(pod.namespace);
  const asksForAmbient = wouldMatch && !excluded && settings.ambientEnabled;
  const asksForSidecar = sidecarIntent(pod, namespace);
  const notes: DataPlaneNote[] = [];
  const nsMode = namespace.labels[DATAPLANE_MODE];
  const podMode = pod.labels[DATAPLANE_MODE];
  const nsAt = (k: string) => at?.namespace(['metadata', 'labels', k]);
  const podLabelAt = (k: string) => at?.pod(['metadata', 'labels', k]);

  if (nsMode === DATAPLANE_MODE_AMBIENT && (namespace.labels[INJECTION_LABEL] === 'enabled' || REV_LABEL in namespace.labels)) {
    const which = namespace.labels[INJECTION_LABEL] === 'enabled' ? `${INJECTION_LABEL}=enabled` : `${REV_LABEL}=${namespace.labels[REV_LABEL]}`;
    notes.push({
      id: 'namespace-both',
      severity: 'warning',
      message: `namespace ${namespace.name} is labelled for both data planes (${which} and ${DATAPLANE_MODE}=ambient): istiod injects a sidecar into every new pod that does not opt out, and istio-cni then skips those pods — choose one`,
      ...(nsAt(DATAPLANE_MODE) ? { source: nsAt(DATAPLANE_MODE) } : {}),
    });
  }
  if (sidecar.verdict === 'injected' && wouldMatch && settings.ambientEnabled && !excluded) {
    notes.push({
      id: 'pod-asks-both',
      severity: 'warning',
      message: `the pod asks for both a sidecar and ambient: istiod injects the sidecar, so istio-cni skips it (a sidecar and ztunnel for one pod is not supported) — the sidecar wins`,
      ...(podLabelAt(DATAPLANE_MODE) ?? nsAt(DATAPLANE_MODE) ? { source: podLabelAt(DATAPLANE_MODE) ?? nsAt(DATAPLANE_MODE) } : {}),
    });
  }
  if (podMode === DATAPLANE_MODE_NONE) {
    const otherwise = enablementMatches({ ...bare, labels: Object.fromEntries(Object.entries(pod.labels).filter(([k]) => k !== DATAPLANE_MODE)) }, namespace, compileEnablementSelectors(settings.enablementSelectors));
    notes.push({
      id: 'opted-out',
      severity: 'info',
      message: otherwise
        ? `the pod opts out with ${DATAPLANE_MODE}=none: without it, istio-cni would enroll it${nsMode === DATAPLANE_MODE_AMBIENT ? ` (namespace ${namespace.name} is ambient)` : ''}`
        : `the pod carries ${DATAPLANE_MODE}=none: it would not be enrolled anyway`,
      ...(podLabelAt(DATAPLANE_MODE) ? { source: podLabelAt(DATAPLANE_MODE) } : {}),
    });
  }
  if (pod.annotations[REDIRECTION] === REDIRECTION_RETIRED_DISABLED) {
    notes.push({
      id: 'retired-annotation',
      severity: 'warning',
      message: `${REDIRECTION}: disabled is stale advice: istio-cni no longer reads it as an opt-out (it is a status the node agent writes, and overwrites); use the label ${DATAPLANE_MODE}=none`,
      ...(at?.pod(['metadata', 'annotations', REDIRECTION]) ? { source: at.pod(['metadata', 'annotations', REDIRECTION]) } : {}),
    });
  }
  if (DATAPLANE_MODE in pod.annotations && !(DATAPLANE_MODE in pod.labels)) {
    notes.push({
      id: 'mode-as-annotation',
      severity: 'warning',
      message: `${DATAPLANE_MODE} is written as an annotation: istio-cni's selectors read labels only, so it does nothing — make it a label`,
      ...(at?.pod(['metadata', 'annotations', DATAPLANE_MODE]) ? { source: at.pod(['metadata', 'annotations', DATAPLANE_MODE]) } : {}),
    });
  }
  for (const [where, value, source] of [['namespace', nsMode, nsAt(DATAPLANE_MODE)], ['pod', podMode, podLabelAt(DATAPLANE_MODE)]] as const) {
    if (value === undefined || value === DATAPLANE_MODE_AMBIENT || value === DATAPLANE_MODE_NONE) continue;
    notes.push({
      id: 'mode-value',
      severity: 'info',
      message: `${where} label ${DATAPLANE_MODE}=${value} is neither "ambient" nor "none" (values are case-sensitive): the default selectors treat it as not asking for ambient${where === 'pod' ? ', and not as an opt-out either' : ''}`,
      ...(source ? { source } : {}),
    });
  }
  if (!settings.ambientEnabled && (nsMode === DATAPLANE_MODE_AMBIENT || podMode === DATAPLANE_MODE_AMBIENT)) {
    notes.push({ id: 'ambient-off', severity: 'warning', message: `the ${podMode === DATAPLANE_MODE_AMBIENT ? 'pod' : 'namespace'} is labelled ${DATAPLANE_MODE}=ambient, but ambient is not enabled in istio-cni: nothing enrolls it` });
  }
  if (excluded && wouldMatch) {
    notes.push({ id: 'excluded', severity: 'info', message: `namespace ${pod.namespace} is in istio-cni's excludeNamespaces: its labels are never read, so the pod stays out of ambient` });
  }
  if (ambient.cniPlugin?.action === 'sidecar-redirect') {
    notes.push({ id: 'cni-sidecar-redirect', severity: 'info', message: 'the istio-cni plugin sets up this sidecar\'s traffic capture (in place of istio-init)' });
  }

  const side = { verdict: sidecar.verdict, summary: sidecar.summary };
  const amb = { enrolled: ambient.enrolled, rule: ambient.rule, reason: ambient.reason, ...(ambient.selectorIndex !== undefined ? { selectorIndex: ambient.selectorIndex } : {}), text: ambient.text };
  const ambientIntent = asksForAmbient || DATAPLANE_MODE in namespace.labels || DATAPLANE_MODE in pod.labels;
  const base = { sidecar: side, ambient: amb, asksForAmbient, asksForSidecar, ambientIntent, notes };
  if (sidecar.verdict === 'rejected') {
    return { mode: 'rejected', headline: 'Not created: admission rejects the pod', summary: `${sidecar.summary} Neither data plane applies to a pod that is never created.`, ...base };
  }
  if (sidecar.verdict === 'injected') {
    const skip = wouldMatch && settings.ambientEnabled && !excluded ? ' istio-cni skips it although its selectors would take it: a pod that asks for both gets the sidecar.' : '';
    return { mode: 'sidecar', headline: 'In the mesh: sidecar', summary: `${sidecar.summary}${skip}`, ...base };
  }
  if (ambient.enrolled) {
    return {
      mode: 'ambient',
      headline: 'In the mesh: ambient',
      summary: `No sidecar is injected; ${sentence(ambientBrief(ambient, pod, namespace, settings))}`,
      ...base,
    };
  }
  return {
    mode: 'none',
    headline: 'Out of the mesh',
    summary: `Neither data plane takes the pod. Sidecar: ${sidecar.summary} Ambient: ${sentence(ambientBrief(ambient, pod, namespace, settings))}`,
    ...base,
  };
}
