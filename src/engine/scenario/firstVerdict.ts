// A side door for the app's worker, beside index.ts: the engine and the stages a first verdict
// needs, without the registry of every stage that index.ts brings (../firstVerdict.ts).
export { createScenarioEngine, type ScenarioEngine } from './engine.ts';
export { FIRST_STAGES, LATER_SECTIONS } from './firstStages.ts';
