import { admitWorkloads, indexScenario, suggestForWorkloads, withInjectionOutcome } from '../../admission/index.ts';
import { withoutSidecarAdvice } from '../../ambient/firstStages.ts';
import type { Suggestion } from '../../admission/index.ts';
import { defineStage, editedInputs, inputTextWriter, type EditedTexts, type StageContext } from '../../stages/index.ts';
import type { AppliedSuggestion, ScenarioAdmission } from '../types.ts';

/** `clusterIndex`: the cluster-side objects read once; reruns only when one of them changed. */
export const clusterIndexStage = defineStage({
  id: 'clusterIndex',
  reads: (ctx) => [ctx.get('installs'), ...ctx.get('model').objects.filter((o) => o.role.role !== 'workload')],
  run: (ctx) => indexScenario(ctx.get('model'), ctx.get('installs').injectors),
  fallback: () => undefined,
});

/** The cluster index with the release each revision runs (how each istiod reads the pod's labels). */
function releasedIndex(ctx: StageContext) {
  const index = ctx.get('clusterIndex');
  return index ? { ...index, releases: ctx.get('release') } : undefined;
}

/**
 * `admit`: every workload through the API server and istiod (no suggestions). Without the label
 * truth table: no view of the app shows it (only `meshsim check --truth-table`, which computes it
 * through analyzeAdmission), and it cost more than the workload's own admission.
 */
export const admitStage = defineStage({
  id: 'admit',
  reads: (ctx) => [ctx.get('clusterIndex'), ctx.get('release'), ...ctx.get('model').workloads],
  run: (ctx) => {
    const index = releasedIndex(ctx);
    return index ? admitWorkloads(ctx.get('model').workloads, index, { truthTable: false }) : { admitted: [], diagnostics: [] };
  },
  fallback: () => ({ admitted: [], diagnostics: [] }),
});

/** `suggestions`: the smallest verified edits that turn each verdict around. */
export const suggestionsStage = defineStage({
  id: 'suggestions',
  reads: (ctx) => [ctx.get('admit'), ctx.get('clusterIndex'), ctx.get('release')],
  run: (ctx) => {
    const index = releasedIndex(ctx);
    const { admitted } = ctx.get('admit');
    return index ? suggestForWorkloads(admitted, index) : { suggestions: admitted.map(() => []), diagnostics: [] };
  },
  fallback: () => ({ suggestions: [], diagnostics: [] }),
});

declare module '../../stages/index.ts' {
  interface ScenarioDeferrals {
    /**
     * The texts each fix of the selected workload would leave in the editors (its admission
     * suggestions' and its ambient fixes'): the app uses them only when a fix's "Apply to the YAML"
     * is pressed, and asks for them then; until then each fix says `textsDeferred`.
     */
    suggestionTexts?: boolean;
  }
}

/**
 * `suggestionTexts`: the texts the selected workload's suggestions would leave in the editors, or
 * undefined while the caller defers them (`defer.suggestionTexts`: then nothing is read or written).
 * Only the selected one's: each text is a whole input, so doing it for every workload of a large
 * paste would cost workloads × suggestions × text length; selecting another workload computes its own.
 */
export const suggestionTextsStage = defineStage({
  id: 'suggestionTexts',
  reads: (ctx) => {
    if (ctx.input.defer?.suggestionTexts) return [DEFERRED];
    const list = offered(ctx, ctx.get('selection'));
    return [list, ...editedInputs(list.flatMap((s) => s.edits)).map((name) => ctx.get(`parse:${name}`))];
  },
  run: (ctx) => {
    if (ctx.input.defer?.suggestionTexts) return undefined;
    // Each text is edited from the parse its input stage made: suggestions never parse it again.
    const write = inputTextWriter((name) => ctx.get(`parse:${name}`));
    return offered(ctx, ctx.get('selection')).map((s) => write(s.edits));
  },
  fallback: () => [],
});

/** What the reads of a deferred stage are: one constant, so deferring again reuses the memo. */
const DEFERRED = 'deferred';

/** A suggestion with its texts: written, refused (`unwritable`), or left for later (`textsDeferred`). */
function withTexts(s: Suggestion, edited: EditedTexts | undefined): AppliedSuggestion {
  if (!edited) return { ...s, texts: {}, textsDeferred: true };
  return edited.unwritable ? { ...s, texts: {}, unwritable: edited.unwritable } : { ...s, texts: edited.texts };
}

/** `admission` (published): the Admission section, with the selected workload's injection outcome folded in. */
export const admissionStage = defineStage({
  id: 'admission',
  publish: true,
  // The injection's outcome, once the injection stage is loaded (the first verdict comes without it).
  reads: (ctx) => [ctx.get('clusterIndex'), ctx.get('admit'), ctx.get('suggestions'), ctx.get('suggestionTexts'), ctx.get('selection'), ctx.has('injection') ? ctx.get('injection')?.outcome : undefined, ctx.get('ambientIntent')],
  run: (ctx): ScenarioAdmission => {
    const index = ctx.get('clusterIndex');
    const admit = ctx.get('admit');
    const found = ctx.get('suggestions');
    const texts = ctx.get('suggestionTexts');
    const selected = ctx.get('selection');
    const injection = ctx.has('injection') ? ctx.get('injection') : undefined;
    const workloads = admit.admitted.map((a, i) => {
      const suggestions = offered(ctx, i).map((s, j) => (i === selected ? withTexts(s, texts ? (texts[j] ?? { texts: {} }) : undefined) : { ...s, texts: {} }));
      const w = { ...a.admission, suggestions };
      return i === selected ? withInjectionOutcome(w, injection) : w;
    });
    return { workloads, diagnostics: [...(index?.diagnostics ?? []), ...admit.diagnostics, ...found.diagnostics] };
  },
  diagnostics: (out) => [...out.diagnostics, ...out.workloads.flatMap((w) => w.diagnostics)],
  fallback: () => ({ workloads: [], diagnostics: [] }),
});

/** A workload's suggestions, less the advice to add a sidecar when it lives in the ambient world (ambient/). */
function offered(ctx: StageContext, i: number): Suggestion[] {
  return withoutSidecarAdvice(ctx.get('suggestions').suggestions[i] ?? [], ctx.get('ambientIntent')[i]);
}
