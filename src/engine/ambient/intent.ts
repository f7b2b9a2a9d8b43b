/**
 * Whether a workload lives in the ambient world: what the admission's first verdict needs of
 * ambient mode (no advice to add a sidecar there). Kept apart from workloadDataPlane.ts so the
 * first verdict does not load istio-cni's rules.
 */
import { podTemplateOf, type PodSubject } from '../admission/index.ts';
import { hasAmbientIntent } from './dataplane.ts';
import { readAmbientNamespace, readAmbientPod, type AmbientPod } from './pod.ts';
import type { ResolvedCniSettings } from './readSettings.ts';

/** The pod a workload's template makes, as istio-cni reads it, and the raw object. */
export function podOf(s: PodSubject): { pod: AmbientPod; raw: Record<string, any> } {
  const tpl = podTemplateOf(s);
  const raw = s.templatePath.length ? { apiVersion: 'v1', kind: 'Pod', metadata: tpl.metadata ?? {}, spec: tpl.spec ?? {} } : s.value;
  const pod = readAmbientPod(raw, s.namespace);
  return { pod: { ...pod, name: pod.name || s.name, namespace: s.namespace }, raw };
}

/** Whether advice to add a sidecar stays away from this workload (see DataPlaneVerdict.ambientIntent), without the trace. */
export function workloadAmbientIntent(subject: PodSubject, settings: ResolvedCniSettings['settings']): boolean {
  const namespace = readAmbientNamespace(subject.namespaceValue ?? { metadata: { name: subject.namespace } }, subject.namespace);
  return hasAmbientIntent(podOf(subject).pod, namespace, settings);
}
