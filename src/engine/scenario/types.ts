import type { Diagnostic, SourceRef } from '../diagnostics.ts';

/** The editor tabs of a scenario; each is one YAML stream. */
export const INPUT_NAMES = ['workloads', 'namespaces', 'webhooks', 'injector', 'mesh'] as const;
export type InputName = (typeof INPUT_NAMES)[number];

export interface ScenarioInput {
  /** The text of every input, by name. Missing inputs count as empty. */
  texts: Partial<Record<InputName, string>>;
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

export interface ScenarioResult {
  workloads: WorkloadSummary[];
  inputs: InputSummary;
  diagnostics: Diagnostic[];
  /** Milliseconds the engine spent, for the status bar. */
  elapsedMs: number;
}
