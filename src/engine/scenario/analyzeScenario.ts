import { createScenarioEngine as createEngine, type ScenarioEngine, type ScenarioEngineOptions } from './engine.ts';
import { SCENARIO_STAGES } from './registry.ts';
import type { ScenarioInput, ScenarioResult } from './types.ts';

export type { ScenarioEngine } from './engine.ts';

/** A fresh engine with its own memo; `stages` defaults to the whole registry (tests may add their own). */
export function createScenarioEngine(options: Partial<ScenarioEngineOptions> = {}): ScenarioEngine {
  return createEngine({ ...options, stages: options.stages ?? SCENARIO_STAGES });
}

const shared = createScenarioEngine();

/**
 * The engine's single entry for the app, the CLI and the tests: every input text in, a plain,
 * structured-clone-friendly result out. It never throws; whatever goes wrong becomes a diagnostic.
 * Calls share one engine, so a call that changes one input recomputes only what depends on it.
 */
export function analyzeScenario(input: ScenarioInput, now?: () => number): ScenarioResult {
  return now ? createScenarioEngine({ now }).analyze(input) : shared.analyze(input);
}
