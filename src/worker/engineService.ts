import type { LATER_STAGES as LaterStages, builtinConfigMaps as BuiltinConfigMaps } from '../engine/later.ts';
import { createScenarioEngine, FIRST_STAGES, LATER_SECTIONS } from '../engine/firstVerdict.ts';
import type { EngineRequest, EngineResponse, FixRef, FixTexts, ScenarioInput, ScenarioResult } from './protocol.ts';

/** What the later engine chunk gives: its stages and the built-in install as ConfigMaps. */
export interface LaterEngine {
  LATER_STAGES: typeof LaterStages;
  builtinConfigMaps: typeof BuiltinConfigMaps;
}

export interface EngineLoaders {
  /** The injection and traffic stages (fetched at once, not waited for). */
  later: () => Promise<LaterEngine>;
  /** The CEL compiler for matchConditions (waited for before a text that names them is analysed). */
  cel?: () => Promise<void>;
}

type AnalyzeRequest = Extract<EngineRequest, { type: 'analyze' }>;
type FixTextsRequest = Extract<EngineRequest, { type: 'fixTexts' }>;

/**
 * The app's analyses leave the texts a fix would write unwritten: the app needs them only when a
 * fix's Apply is pressed, and asks then (`fixTexts`).
 */
const firstView = (input: ScenarioInput): ScenarioInput => ({ ...input, defer: { ...input.defer, suggestionTexts: true } });

/** The texts of one fix of the selected workload, from a result that wrote them. */
export function fixTextsOf(result: ScenarioResult, fix: FixRef): FixTexts {
  const list = fix.section === 'admission' ? result.admission.workloads[result.selectedWorkload]?.suggestions : result.ambient?.workload?.fixes;
  const found = list?.[fix.index];
  if (!found || found.sentence !== fix.sentence || found.textsDeferred) return { texts: {}, gone: true };
  return found.unwritable ? { texts: {}, unwritable: found.unwritable } : { texts: found.texts };
}

/** Whether a scenario may hold webhook matchConditions, which need the CEL compiler. */
const namesMatchConditions = (input: ScenarioInput) => Object.values(input.texts).some((t) => typeof t === 'string' && t.includes('matchConditions'));

/**
 * The engine worker's logic, apart from the worker globals so tests can run it. It starts with
 * the first-verdict stages and loads the rest at once, in parallel: a request that arrives before
 * the rest is there is answered twice — the admission verdict now (`pending` names the sections
 * still loading), then the whole result for the same request once the rest has arrived (unless a
 * newer request has replaced it by then). The CEL compiler is loaded before the first text that
 * names matchConditions is analysed, and in the background once the rest is there.
 */
export function createEngineService(loaders: EngineLoaders, post: (response: EngineResponse) => void) {
  const engine = createScenarioEngine({ stages: FIRST_STAGES, pending: LATER_SECTIONS });
  let later: LaterEngine | undefined;
  let failure: string | undefined;
  let latest: AnalyzeRequest | undefined;
  let celReady = !loaders.cel;
  let celLoading: Promise<void> | undefined;
  const loadCel = () =>
    (celLoading ??= (loaders.cel?.() ?? Promise.resolve()).then(
      () => {
        celReady = true;
        // Memos made without the compiler are not to be trusted once it is there.
        engine.reset();
      },
      (err: unknown) => {
        failure = `the matchConditions evaluator could not be loaded: ${err instanceof Error ? err.message : String(err)}`;
        celReady = true;
      },
    ));
  const loaded = loaders.later().then(
    (m) => {
      engine.addStages(m.LATER_STAGES);
      later = m;
      void loadCel();
    },
    (err: unknown) => {
      failure = `the injection and traffic engine could not be loaded: ${err instanceof Error ? err.message : String(err)}`;
    },
  );

  const analyze = (req: AnalyzeRequest) => {
    try {
      post({ type: 'result', id: req.id, result: engine.analyze(firstView(req.input)) });
    } catch (err) {
      // analyze never throws by contract; this is the last line of defence.
      post({ type: 'failure', id: req.id, message: err instanceof Error ? err.message : String(err) });
    }
  };

  const answer = (req: AnalyzeRequest) => {
    if (latest !== req) return;
    analyze(req);
    if (failure !== undefined) post({ type: 'failure', id: req.id, message: failure });
    else if (!later) void loaded.then(() => latest === req && (failure !== undefined ? post({ type: 'failure', id: req.id, message: failure }) : analyze(req)));
  };

  /**
   * A fix's texts, for the input it was offered for: the same staged engine without the deferral
   * (on the input just analysed, only the texts' stages rerun). Ambient's fixes come with the later
   * stages, so it waits for them, and for the CEL compiler when the input needs it.
   */
  const fixTexts = (req: FixTextsRequest) =>
    void loaded
      .then(() => (!celReady && namesMatchConditions(req.input) ? loadCel() : undefined))
      .then(() => {
        if (failure !== undefined) return post({ type: 'failure', id: req.id, message: failure });
        try {
          post({ type: 'fixTexts', id: req.id, ...fixTextsOf(engine.analyze(req.input), req.fix) });
        } catch (err) {
          post({ type: 'failure', id: req.id, message: err instanceof Error ? err.message : String(err) });
        }
      });

  return {
    handle(req: EngineRequest): void {
      if (req.type === 'analyze') {
        latest = req;
        if (!celReady && namesMatchConditions(req.input)) void loadCel().then(() => answer(req));
        else answer(req);
        return;
      }
      if (req.type === 'fixTexts') return fixTexts(req);
      void loaded.then(() => {
        if (!later) post({ type: 'failure', id: req.id, message: failure ?? 'the engine is not loaded' });
        else post({ type: 'builtinConfigMaps', id: req.id, ...later.builtinConfigMaps() });
      });
    },
    /** Resolves once the later stages are registered (or failed to load). */
    ready: loaded,
  };
}
