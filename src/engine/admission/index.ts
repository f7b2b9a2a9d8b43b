// The admission explainer's public API: what the worker and the CLI call.
export { analyzeAdmission } from './analyzeAdmission.ts';
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
