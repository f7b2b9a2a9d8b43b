import type { AdmissionResult, Suggestion, WorkloadAdmission } from '../admission/index.ts';
import type { Diagnostic, SourceRef } from '../diagnostics.ts';
import type { ClusterOptions } from './injectionSection.ts';
import type { ScenarioSections } from './sections.ts';
import type { TrafficOptions } from './trafficSection.ts';
import type { UpgradeStep } from '../upgrade/steps.ts';

/** The editor tabs of a scenario; each is one YAML stream. */
export const INPUT_NAMES = ['workloads', 'namespaces', 'webhooks', 'injector', 'mesh'] as const;
export type InputName = (typeof INPUT_NAMES)[number];

export interface ScenarioInput {
  /** The text of every input, by name. Missing inputs count as empty. */
  texts: Partial<Record<InputName, string>>;
  /** Which workload the pod, environment and traffic views are about (default: the first). */
  selectedWorkload?: number;
  traffic?: TrafficOptions;
  cluster?: ClusterOptions;
  /** Upgrade steps to preview (src/engine/upgrade): the result then has an `upgrade` section. */
  upgrade?: { steps: UpgradeStep[] };
}

/** A suggestion with the input texts it would produce, so the UI can apply it as one undoable edit. */
export interface AppliedSuggestion extends Suggestion {
  /** Filled for the selected workload's suggestions only (empty for the others, and when an edit cannot apply). */
  texts: Partial<Record<InputName, string>>;
}

export interface ScenarioAdmission extends Omit<AdmissionResult, 'workloads'> {
  workloads: (Omit<WorkloadAdmission, 'suggestions'> & { suggestions: AppliedSuggestion[] })[];
}

/** A workload the engine found, summarised for the UI. */
export interface WorkloadSummary {
  kind: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  containers: string[];
  initContainers: string[];
  source?: SourceRef;
}

/** What each input contributed: counts by role, so the UI can show what was understood. */
export interface InputSummary {
  workloads: number;
  namespaces: number;
  webhookConfigurations: number;
  injectorConfigMaps: number;
  meshConfigMaps: number;
  other: number;
}

/** The result: what every analysis has, plus the sections the stages publish (see sections.ts). */
export interface ScenarioResult extends ScenarioSections {
  workloads: WorkloadSummary[];
  inputs: InputSummary;
  /** The selected workload (index into workloads), clamped. */
  selectedWorkload: number;
  /**
   * Sections still loading: the app's worker answers the first verdict before the code of the
   * later sections has arrived, then answers again. Absent when every section is there.
   */
  pending?: (keyof ScenarioSections)[];
  diagnostics: Diagnostic[];
  /** Milliseconds the engine spent, for the status bar. */
  elapsedMs: number;
}
