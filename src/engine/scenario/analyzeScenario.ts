import { createStageRunner, type AnyStage, type StageId } from './pipeline.ts';
import { SCENARIO_STAGES } from './registry.ts';
import type { ScenarioSections } from './sections.ts';
import type { ScenarioInput, ScenarioResult } from './types.ts';

/** A scenario engine: `analyze` is analyzeScenario with memory of its last run, stage by stage. */
export interface ScenarioEngine {
  /** Every input text in, a plain, structured-clone-friendly result out; recomputes only the stages whose reads changed. Never throws. */
  analyze(input: ScenarioInput): ScenarioResult;
  /** The stages the last `analyze` computed (the others reused their memo), in the order they finished. */
  lastRan(): readonly StageId[];
}

/** A fresh engine with its own memo; `stages` defaults to the registry (tests may add their own). */
export function createScenarioEngine(options: { stages?: readonly AnyStage[]; now?: () => number } = {}): ScenarioEngine {
  const stages = options.stages ?? SCENARIO_STAGES;
  const now = options.now ?? (() => Date.now());
  const runner = createStageRunner(stages);
  const published = stages.filter((s) => s.publish).map((s) => s.id);
  let ran: readonly StageId[] = [];
  return {
    analyze(input) {
      const started = now();
      const run = runner.run(input);
      const summary = run.get('summary');
      const sections = Object.fromEntries(published.map((id) => [id, run.get(id)])) as unknown as ScenarioSections;
      ran = run.ran;
      return {
        workloads: summary.workloads,
        inputs: summary.inputs,
        selectedWorkload: run.get('selection'),
        ...sections,
        diagnostics: run.diagnostics(),
        elapsedMs: now() - started,
      };
    },
    lastRan: () => ran,
  };
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
