// The engine's public API: what the worker, the CLI and the conformance runner may import.
export { analyzeScenario, createScenarioEngine, INPUT_NAMES, builtinConfigMaps } from './scenario/index.ts';
export type { ScenarioEngine, AppliedSuggestion, InputName, InputSummary, ScenarioAdmission, ScenarioInput, ScenarioResult, ScenarioSections, WorkloadSummary } from './scenario/index.ts';
export type { Diagnostic, DiagnosticCode, Severity, SourceRef } from './diagnostics.ts';
export type { TrafficOptions, TrafficResult, TrafficPreset } from './scenario/index.ts';
export type { SeenValue, StepOutcome, TraceStep as AdmissionStep, Verdict, WebhookRow, InjectorCall, DoubleInjection } from './admission/index.ts';
export type { CheckInjectRow } from './webhooks/index.ts';
export type { CaptureResult, ConfigOrigins, ValueOrigin } from './iptables/index.ts';
export type { TraceHit, TracePacket, TraceResult } from './packettrace/index.ts';
export type { Chain, KernelRule, Match, Op, Program, Rule, RuleOrigin, Ruleset, SettingOrigin, Statement, Table } from './netfilter/index.ts';
export type { ClusterOptions, InjectionResult, InstallChoice } from './scenario/index.ts';
export type { ReleaseChoice, ReleaseDetection, ReleaseEvidence, ScenarioRelease } from './releases/index.ts';
export type { InjectedPodReport, EnvEntry, EnvSource, JsonPatchOperation } from './injection/index.ts';
export type { AmbientDecision, AmbientFixApplied, AmbientSection, AmbientStep, CniSettingsSection, DataPlaneMode, DataPlaneNote, DataPlaneVerdict, IstioCniSettings, LiveView, PodOverrides, SettingKey as CniSettingKey, SettingOrigin as CniSettingOrigin, WaypointRequest } from './ambient/index.ts';
export type { NamespaceWebhooks, PodAfterStep, RenderedSide, UpgradePreview, UpgradeState, UpgradeStep } from './upgrade/index.ts';
export type { RestartChange } from './audit/index.ts';
