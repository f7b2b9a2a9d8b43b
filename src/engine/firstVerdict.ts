// The part of the engine a first verdict needs (parse, admission, suggestions), for the app's
// worker: it answers with this while the rest (later.ts) loads. Everything else: index.ts.
export { createScenarioEngine, FIRST_STAGES, LATER_SECTIONS, type ScenarioEngine } from './scenario/firstVerdict.ts';
