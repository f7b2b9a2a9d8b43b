// The admission explainer's public API: what the worker and the CLI call.
export { analyzeAdmission, admitWorkloads, suggestForWorkloads, type AdmittedWorkload } from './analyzeAdmission.ts';
export { indexScenario, type ScenarioIndex } from './scenarioIndex.ts';
export type { TruthTable, TruthTableRow } from './truthTable.ts';
export type {
  AdmissionOptions,
  AdmissionResult,
  DoubleInjection,
  InjectorCall,
  SeenValue,
  StepOutcome,
  Suggestion,
  TraceStage,
  TraceStep,
  Verdict,
  WebhookRow,
  WorkloadAdmission,
  YamlEdit,
} from './types.ts';
// Reached from other folders (through this door, as every import from outside is).
export { admissionVerdict, admitPod, type AdmissionCore, type AdmissionVerdict } from './admitPod.ts';
export { withInjectionOutcome, type InjectionOutcome } from './injectionOutcome.ts';
export { type ObjectEdit } from './edits.ts';
export { podTemplateOf, type PodSubject } from './podSubject.ts';
export { applyCandidate, toYamlEdits, type SubjectDocuments } from './suggestions.ts';
