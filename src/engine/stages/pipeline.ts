import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import type { ScenarioInput, StageOutputs } from './contract.ts';

/*
 * The staged engine's machinery: stages that each read a few values (parts of the input, other
 * stages' outputs) and compute one output, memoised inside the engine so a stage runs again only
 * when one of the values it reads has changed. Stages are pulled: a stage's output is computed
 * the first time another stage (or the result) asks for it in a run, so nothing runs that no
 * section needs. See README.md for how a capability adds a stage.
 */

export type StageId = keyof StageOutputs & string;

/** What a stage sees while it reads and runs: the scenario input and the other stages' outputs. */
export interface StageContext {
  readonly input: ScenarioInput;
  /** Another stage's output: taken from the memo when its reads are unchanged, computed otherwise. */
  get<K extends StageId>(id: K): StageOutputs[K];
  /** Whether a stage is registered (one loaded later, on demand, may not be yet). */
  has(id: StageId): boolean;
}

export interface Stage<K extends StageId = StageId> {
  readonly id: K;
  /**
   * The values the stage depends on, in a fixed order. The stage runs again only when one differs
   * from last run's: by identity, or for plain data by value (options come structured-cloned from
   * the worker boundary, so equal options are rarely the same object). Read nothing here that the
   * stage does not use: reading a whole upstream output makes the stage rerun whenever it changes.
   */
  reads(ctx: StageContext): readonly unknown[];
  /** Computes the output. Outputs are shared between runs and stages: never mutate one, build new values. */
  run(ctx: StageContext): StageOutputs[K];
  /** The diagnostics the output contributes to the result, in registry order. */
  diagnostics?(output: StageOutputs[K]): readonly Diagnostic[];
  /** The output when the stage fails internally (the failure is reported as a diagnostic instead). */
  fallback(): StageOutputs[K];
  /** Whether the output is a section of the result, under the stage's id (see ScenarioSections). */
  readonly publish?: boolean;
  /**
   * For a published section the caller may defer as a whole (`ScenarioInput.defer`): whether this
   * input leaves it for a later call. The result then lists it in `deferred` and the section is absent.
   */
  deferredBy?(input: ScenarioInput): boolean;
}

/** A stage of any id (the registry's element type). */
export type AnyStage = { [K in StageId]: Stage<K> }[StageId];

/** Declares a stage with its output type checked against its id. */
export function defineStage<K extends StageId>(stage: Stage<K>): Stage<K> {
  return stage;
}

/** What one run of the stages produced: each pulled stage's output and diagnostics, and which stages ran. */
export interface StageRun {
  get<K extends StageId>(id: K): StageOutputs[K];
  /** Diagnostics of every stage pulled in this run, in registry order. */
  diagnostics(): Diagnostic[];
  /** The stages that computed (rather than reused) their output in this run, in the order they finished. */
  readonly ran: readonly StageId[];
}

interface Memo {
  reads: readonly unknown[];
  output: unknown;
  /** A failure of the last run, reported again while the memo is reused. */
  failure?: Diagnostic;
}

/** Runs a registry of stages; holds each stage's last reads and output between runs. */
export interface StageRunner {
  run(input: ScenarioInput): StageRun;
  /** Registers more stages (a chunk loaded on demand); the memos of the others are kept. */
  add(more: readonly AnyStage[]): void;
  /** The registered stages, in registry order. */
  stages(): readonly AnyStage[];
  /** Forgets every memo (the next run computes everything). */
  reset(): void;
}

export function createStageRunner(initial: readonly AnyStage[]): StageRunner {
  const stages: AnyStage[] = [];
  const byId = new Map<StageId, AnyStage>();
  const add = (more: readonly AnyStage[]) => {
    for (const s of more) {
      if (byId.has(s.id)) throw new Error(`stage ${s.id} is registered twice`);
      byId.set(s.id, s);
      stages.push(s);
    }
  };
  add(initial);
  let memos = new Map<StageId, Memo>();

  const run = (input: ScenarioInput): StageRun => {
    const pulled = new Map<StageId, Memo>();
    const active = new Set<StageId>();
    const ran: StageId[] = [];
    const ctx: StageContext = {
      input,
      get: <K extends StageId>(id: K) => pull(id) as StageOutputs[K],
      has: (id) => byId.has(id),
    };
    const pull = (id: StageId): unknown => {
      const done = pulled.get(id);
      if (done) return done.output;
      const stage = byId.get(id);
      if (!stage) throw new Error(`no stage ${id} is registered`);
      if (active.has(id)) throw new Error(`stage ${id} depends on itself (${[...active].join(' → ')} → ${id})`);
      active.add(id);
      try {
        let reads: readonly unknown[];
        try {
          reads = stage.reads(ctx);
        } catch (err) {
          const memo = failed(stage, err);
          pulled.set(id, memo);
          return memo.output;
        }
        const last = memos.get(id);
        if (last && sameReads(last.reads, reads)) {
          pulled.set(id, last);
          return last.output;
        }
        let memo: Memo;
        try {
          memo = { reads, output: stage.run(ctx) };
        } catch (err) {
          memo = { ...failed(stage, err), reads };
        }
        memos.set(id, memo);
        pulled.set(id, memo);
        ran.push(id);
        return memo.output;
      } finally {
        active.delete(id);
      }
    };
    return {
      get: ctx.get,
      ran,
      diagnostics() {
        const out: Diagnostic[] = [];
        // Two stages may read the same thing and say the same of it (admission and the upgrade
        // preview both meet a revision without its ConfigMap): the user is told once.
        const said = new Set<string>();
        const say = (d: Diagnostic) => {
          const key = JSON.stringify([d.severity, d.message, d.source ?? null]);
          if (said.has(key)) return;
          said.add(key);
          out.push(d);
        };
        for (const s of stages) {
          const memo = pulled.get(s.id);
          if (!memo) continue;
          if (memo.failure) say(memo.failure);
          else if (s.diagnostics) for (const d of (s.diagnostics as (o: unknown) => readonly Diagnostic[])(memo.output)) say(d);
        }
        return out;
      },
    };
  };

  return {
    run,
    add,
    stages: () => stages,
    reset() {
      memos = new Map();
    },
  };
}

function failed(stage: AnyStage, err: unknown): Memo {
  return {
    reads: [],
    output: stage.fallback(),
    failure: diagnostic(stage.id, 'error', `internal error in ${stage.id}: ${messageOf(err)}`),
  };
}

function sameReads(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i], { left: 10_000 })) return false;
  return true;
}

/**
 * Identity, or equal plain data (objects, arrays, primitives) within a size budget: a large value
 * that is not the same object counts as changed rather than being walked.
 */
export function sameValue(a: unknown, b: unknown, budget: { left: number }): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (--budget.left < 0) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i], budget)) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], budget)) return false;
  }
  return true;
}
