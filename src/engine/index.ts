// The engine's public API: what the worker, the CLI and the conformance runner may import.
export { analyzeScenario } from './scenario/analyzeScenario.ts';
export type { Diagnostic, Severity, SourceRef } from './diagnostics.ts';
export { INPUT_NAMES } from './scenario/types.ts';
export type { InputName, InputSummary, ScenarioInput, ScenarioResult, WorkloadSummary } from './scenario/types.ts';
