// The engine's public API: what the worker, the CLI and the conformance runner may import.
export { analyzeScenario } from './scenario/analyzeScenario.ts';
export type { Diagnostic, Severity, SourceRef } from './diagnostics.ts';
export { INPUT_NAMES } from './scenario/types.ts';
export type { AppliedSuggestion, InputName, InputSummary, ScenarioAdmission, ScenarioInput, ScenarioResult, WorkloadSummary } from './scenario/types.ts';
export type { TrafficOptions, TrafficResult } from './scenario/trafficSection.ts';
export type { TrafficPreset } from './scenario/trafficPresets.ts';
export type { SeenValue, StepOutcome, TraceStep as AdmissionStep, Verdict, WebhookRow, InjectorCall, DoubleInjection } from './admission/types.ts';
export type { CheckInjectRow } from './webhooks/checkInject.ts';
export type { CaptureResult, CaptureRule, ConfigOrigins, ValueOrigin } from './iptables/index.ts';
export type { RuleSet, TraceHit, TracePacket, TraceResult } from './packettrace/index.ts';
export type { ClusterOptions, InjectionResult, InstallChoice } from './scenario/injectionSection.ts';
export type { InjectedPodReport, EnvEntry, EnvSource, JsonPatchOperation } from './injection/index.ts';
