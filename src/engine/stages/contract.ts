import type { InputName } from './inputNames.ts';

/*
 * What stages read and write, as interfaces the capabilities extend by declaration merging from
 * their own files (the scenario's sections, ambient, the release setting, the upgrade preview):
 *
 *     declare module '../stages/contract.ts' {
 *       // A published section: also appears on ScenarioResult as `result.ambient`.
 *       interface ScenarioSections { ambient?: AmbientEnrollment }
 *       // An internal stage's output instead:
 *       interface StageOutputs { ambientIntent: AmbientIntent[] }
 *       // A new setting of the input:
 *       interface ScenarioInput { release?: string }
 *     }
 *
 * The machinery (pipeline.ts) knows only these names, so it sits below every capability.
 */

/** What an analysis is asked: every input text, and the settings capabilities add. */
export interface ScenarioInput {
  /** The text of every input, by name. Missing inputs count as empty. */
  texts: Partial<Record<InputName, string>>;
  /** Which workload the pod, environment and traffic views are about (default: the first). */
  selectedWorkload?: number;
  /**
   * Work for views the caller does not show yet, left for a later call that asks for it (the app's
   * worker); absent, everything is computed (the CLI, the tests, conformance). Each capability
   * that can wait names its part in `ScenarioDeferrals`.
   */
  defer?: ScenarioDeferrals;
}

/** What a caller may leave uncomputed until it shows it, by name (filled by declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ScenarioDeferrals {}

/** The sections of the result that stages publish, by key (each is also the publishing stage's id). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ScenarioSections {}

/**
 * The output of every stage, by stage id: the published sections plus the stages between them.
 * A capability's internal stage declares its output here the same way as a section.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface StageOutputs extends ScenarioSections {}
