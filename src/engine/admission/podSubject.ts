import { textOf } from '../diagnostics.ts';
import type { Locate } from './scenarioIndex.ts';

/** The pod being admitted: a workload (possibly edited) and its namespace, with ways back to the text. */
export interface PodSubject {
  kind: string;
  name: string;
  /** The workload object. */
  value: Record<string, any>;
  /** Path from the workload object to its pod template ([] for a Pod). */
  templatePath: readonly (string | number)[];
  namespace: string;
  /** The Namespace object, when the scenario has one. */
  namespaceValue?: Record<string, any>;
  locateWorkload: Locate;
  locateNamespace?: Locate;
}

export function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) out[k] = textOf(x);
  return out;
}

export function podTemplateOf(s: PodSubject): Record<string, any> {
  let t: any = s.value;
  for (const k of s.templatePath) t = t?.[k];
  return t && typeof t === 'object' ? t : {};
}

export const podLabelsOf = (s: PodSubject) => stringMap(podTemplateOf(s).metadata?.labels);
export const podAnnotationsOf = (s: PodSubject) => stringMap(podTemplateOf(s).metadata?.annotations);
export const namespaceLabelsOf = (s: PodSubject) => stringMap(s.namespaceValue?.metadata?.labels);
