import { createStageRunner, type AnyStage, type StageId } from '../stages/index.ts';
import type { ScenarioSections } from '../stages/index.ts';
import type { ScenarioInput, ScenarioResult } from './types.ts';

/** A scenario engine: `analyze` is analyzeScenario with memory of its last run, stage by stage. */
export interface ScenarioEngine {
  /** Every input text in, a plain, structured-clone-friendly result out; recomputes only the stages whose reads changed. Never throws. */
  analyze(input: ScenarioInput): ScenarioResult;
  /** The stages the last `analyze` computed (the others reused their memo), in the order they finished. */
  lastRan(): readonly StageId[];
  /**
   * Registers stages loaded later (the app's worker answers the first verdict before the injection
   * code has arrived); their sections stop being pending. The memos of the others are kept.
   */
  addStages(stages: readonly AnyStage[]): void;
  /** Forgets every memo (after something the stages read implicitly has changed, e.g. a loaded evaluator). */
  reset(): void;
}

export interface ScenarioEngineOptions {
  /** The stages, in registry order. */
  stages: readonly AnyStage[];
  /** Sections whose stages are not registered yet: results say so (`pending`) until addStages brings them. */
  pending?: readonly (keyof ScenarioSections)[];
  now?: () => number;
}

/** An engine with its own memo over the given stages (see registry.ts for the full list). */
export function createScenarioEngine(options: ScenarioEngineOptions): ScenarioEngine {
  const now = options.now ?? (() => Date.now());
  const runner = createStageRunner(options.stages);
  let pending = [...(options.pending ?? [])];
  let ran: readonly StageId[] = [];
  return {
    analyze(input) {
      const started = now();
      const run = runner.run(input);
      const summary = run.get('summary');
      const published = runner.stages().filter((s) => s.publish).map((s) => s.id);
      const sections = Object.fromEntries(published.map((id) => [id, run.get(id)])) as unknown as ScenarioSections;
      ran = run.ran;
      return {
        workloads: summary.workloads,
        inputs: summary.inputs,
        selectedWorkload: run.get('selection'),
        ...sections,
        ...(pending.length ? { pending: [...pending] } : {}),
        ...deferredOf(runner.stages(), input),
        diagnostics: run.diagnostics(),
        elapsedMs: now() - started,
      };
    },
    lastRan: () => ran,
    addStages(stages) {
      runner.add(stages);
      const added = new Set<string>(stages.filter((s) => s.publish).map((s) => s.id));
      pending = pending.filter((id) => !added.has(id));
    },
    reset: () => runner.reset(),
  };
}

/** The published sections this input leaves for a later call (`result.deferred`), when there are any. */
function deferredOf(stages: readonly AnyStage[], input: ScenarioInput): { deferred?: (keyof ScenarioSections)[] } {
  if (!input.defer) return {};
  const ids = stages.filter((s) => s.publish && s.deferredBy?.(input)).map((s) => s.id as keyof ScenarioSections);
  return ids.length ? { deferred: ids } : {};
}
