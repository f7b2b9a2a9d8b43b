import type { AdmissionResult, Suggestion, WorkloadAdmission } from '../admission/index.ts';
import type { Diagnostic, SourceRef } from '../diagnostics.ts';
import type { ClusterOptions } from './injectionSection.ts';
import type { InputName, ScenarioSections, UnwritableEdit } from '../stages/index.ts';
import type { TrafficOptions } from '../traffic/index.ts';

// The input names and the input's shape belong to the stage machinery (../stages/), below every capability.
export { INPUT_NAMES, type InputName, type ScenarioInput } from '../stages/index.ts';

declare module '../stages/index.ts' {
  /** The settings the scenario's own stages read (the upgrade preview adds its steps in ../upgrade/). */
  interface ScenarioInput {
    traffic?: TrafficOptions;
    cluster?: ClusterOptions;
  }
}

/** A suggestion with the input texts it would produce, so the UI can apply it as one undoable edit. */
export interface AppliedSuggestion extends Suggestion {
  /** Filled for the selected workload's suggestions only (empty for the others, and when an edit cannot apply). */
  texts: Partial<Record<InputName, string>>;
  /** The texts wait until the caller asks (`ScenarioInput.defer.suggestionTexts`: the app, until Apply is pressed). */
  textsDeferred?: true;
  /** Why the texts are empty: an input the edit would be written into refuses it. */
  unwritable?: UnwritableEdit;
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
  /**
   * Sections left out whole for a later call, as the input's `defer` asked (the app's first view
   * leaves `traffic` until its panel opens). Absent when none is. A deferral inside a section says so
   * there instead (`injection.kubeInject.deferred`, a fix's `textsDeferred`).
   */
  deferred?: (keyof ScenarioSections)[];
  diagnostics: Diagnostic[];
  /** Milliseconds the engine spent, for the status bar. */
  elapsedMs: number;
}
