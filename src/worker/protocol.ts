// The typed messages between the app and the engine's Web Worker. The main thread imports engine
// *types* only from here (lint-enforced), so imports run one way: UI → state → worker client →
// engine, and no engine code reaches the main-thread bundle.
import type { AppliedSuggestion, INPUT_NAMES as ENGINE_INPUT_NAMES, InputName, ScenarioInput, ScenarioResult } from '../engine/index.ts';

export type * from '../engine/index.ts';

/**
 * The editor tabs, in order. The engine owns the names (engine/stages/inputNames.ts, where each is
 * a `parse:<input>` stage); the main thread needs them as a value too, and may import engine
 * *types* only (runtime engine code stays out of the page's bundle), so the list is written again
 * here. A copy rather than one constant outside the engine that both import, because the engine
 * is a self-contained library (the worker, the CLI, the conformance runner) and its vocabulary
 * lives inside it. The compiler proves the copy is the engine's list exactly — the same names, in
 * the same order, none missing and none extra — by comparing the two tuple types.
 */
export const INPUT_NAMES = ['workloads', 'namespaces', 'webhooks', 'injector', 'mesh'] as const;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameAsTheEngines: Same<typeof INPUT_NAMES, typeof ENGINE_INPUT_NAMES> = true;
void sameAsTheEngines;

/**
 * A fix of the selected workload (an admission suggestion or an ambient fix), by where the result
 * lists it; its sentence makes sure the worker finds the same one.
 */
export interface FixRef {
  section: 'admission' | 'ambient';
  index: number;
  sentence: string;
}

/** Why a fix cannot be written into the editors (the engine's `unwritable`). */
export type UnwritableEdit = NonNullable<AppliedSuggestion['unwritable']>;

/**
 * An analysis request, or a question about one. A text of a MB or more travels in `blobs` (its
 * place in `input.texts` left empty): a Blob crosses by reference, where a string is copied inside
 * one main-thread task (largeTexts.ts); the worker puts the texts back before the engine sees the input.
 *
 * The worker's analyses leave the texts a fix would leave in the editors unwritten
 * (`defer.suggestionTexts`: every fix says `textsDeferred`); they are asked for when the user
 * presses a fix's Apply, with `fixTexts` for the same input, and answered through the same
 * staged engine (only the texts' stages rerun).
 */
export type EngineRequest =
  | { type: 'analyze'; id: number; input: ScenarioInput; blobs?: Partial<Record<InputName, Blob>> }
  | { type: 'fixTexts'; id: number; input: ScenarioInput; blobs?: Partial<Record<InputName, Blob>>; fix: FixRef }
  | { type: 'builtinConfigMaps'; id: number };

/**
 * The texts a fix leaves (`texts`, by input), or why there are none: an input refuses the edit
 * (`unwritable`), or the input no longer offers that fix (`gone`).
 */
export interface FixTexts {
  texts: Partial<Record<InputName, string>>;
  unwritable?: UnwritableEdit;
  gone?: true;
}

export type EngineResponse =
  | { type: 'result'; id: number; result: ScenarioResult }
  | ({ type: 'fixTexts'; id: number } & FixTexts)
  | { type: 'builtinConfigMaps'; id: number; injector: string; mesh: string }
  | { type: 'failure'; id: number; message: string };
