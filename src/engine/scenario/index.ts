// The scenario engine: texts in, the staged analysis out. The app's worker, the CLI and the tests
// call analyzeScenario; engine capabilities plug in through the stage registry (README.md).
export { analyzeScenario, createScenarioEngine, type ScenarioEngine } from './analyzeScenario.ts';
export { defineStage, createStageRunner, type AnyStage, type Stage, type StageContext, type StageId, type StageRun, type StageRunner } from './pipeline.ts';
export { SCENARIO_STAGES } from './registry.ts';
export type { ScenarioSections, StageOutputs } from './sections.ts';
export { INPUT_NAMES } from './types.ts';
export type { AppliedSuggestion, InputName, InputSummary, ScenarioAdmission, ScenarioInput, ScenarioResult, WorkloadSummary } from './types.ts';
export { builtinConfigMaps } from './builtinConfigMaps.ts';
export { analyzeInjection, injectWorkload, injectionSubject, readInstallModels, type ClusterOptions, type InjectionResult, type InjectionSubject, type InstallChoice } from './injectionSection.ts';
export { withInjectionOutcome } from './rejectedByIstiod.ts';
export { createOutcomeInjector, releasesOfInstalls, type InjectionOutcomeResult } from './injectionOutcome.ts';
export { analyzeTraffic, captureTraffic, traceTraffic, type TrafficCapture, type TrafficOptions, type TrafficResult } from './trafficSection.ts';
export type { TrafficPreset } from './trafficPresets.ts';
