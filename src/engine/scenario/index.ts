// The scenario engine: texts in, the staged analysis out. The app's worker, the CLI and the tests
// call analyzeScenario; engine capabilities plug in through the stage registry (README.md).
export { analyzeScenario, createScenarioEngine, type ScenarioEngine } from './analyzeScenario.ts';
export { SCENARIO_STAGES } from './registry.ts';
// The stage machinery (defineStage, the input names, the interfaces stages extend) is ../stages/.
export { INPUT_NAMES } from '../stages/index.ts';
export type { ScenarioSections, StageOutputs } from '../stages/index.ts';
export type { AppliedSuggestion, InputName, InputSummary, ScenarioAdmission, ScenarioInput, ScenarioResult, WorkloadSummary } from './types.ts';
export { builtinConfigMaps } from './builtinConfigMaps.ts';
export { analyzeInjection, injectWorkload, injectionSubject, readInstallModels, type ClusterOptions, type InjectionResult, type InjectionSubject, type InstallChoice } from './injectionSection.ts';
// istiod failing to render, folded into the verdict (admission/), for the CLI's check.
export { withInjectionOutcome } from '../admission/index.ts';
export { createOutcomeInjector, releasesOfInstalls, type InjectionOutcomeResult } from './injectionOutcome.ts';
// The Traffic section's own door is ../traffic/; its names stay here for the engine's callers.
export { analyzeTraffic, captureTraffic, traceTraffic, type TrafficCapture, type TrafficOptions, type TrafficResult } from '../traffic/index.ts';
export type { TrafficPreset } from '../traffic/index.ts';
