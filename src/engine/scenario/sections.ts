import type { AdmittedWorkload } from '../admission/index.ts';
import type { ScenarioIndex } from '../admission/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { ScenarioDocuments } from '../documents/index.ts';
import type { InputReading } from './stages/inputs.ts';
import type { Suggestion } from '../admission/index.ts';
import type { InjectionResult, InstallModels } from './injectionSection.ts';
import type { TrafficCapture, TrafficResult } from '../traffic/index.ts';
import type { EditedTexts, InputName } from '../stages/index.ts';
import type { InputSummary, ScenarioAdmission, WorkloadSummary } from './types.ts';
import type { TraceResult, TracePacket } from '../packettrace/index.ts';

/** Each input text parsed once, as a stage of its own: `parse:workloads`, `parse:injector`, ... */
export type InputStageOutputs = { [K in InputName as `parse:${K}`]: InputReading };

// The scenario's own sections and stages, declared on the stage machinery's interfaces
// (../stages/contract.ts); ambient/, releases/ and upgrade/ declare theirs the same way.
declare module '../stages/index.ts' {
  interface ScenarioSections {
    /** Every workload's admission, with the selected one's suggestions applied to texts and its injection's outcome. */
    admission: ScenarioAdmission;
    /** The selected workload's pod as istiod patches it (absent when it is not injected). */
    injection?: InjectionResult;
    /** The traffic capture of the selected workload's pod and the traced packet. */
    traffic?: TrafficResult;
  }

  interface StageOutputs extends InputStageOutputs {
    /** Every input's objects as one scenario (objects keep their identity while their input is unchanged). */
    model: ScenarioDocuments;
    /** The index of the selected workload, clamped to the workloads found. */
    selection: number;
    /** The workloads and input counts the UI lists. */
    summary: { workloads: WorkloadSummary[]; inputs: InputSummary };
    /** Every injector and mesh ConfigMap read once, with positions. */
    installs: InstallModels;
    /** The cluster-side objects read once: webhook configurations, namespaces, injector configs. */
    clusterIndex: ScenarioIndex | undefined;
    /** Every workload through the API server and istiod, before suggestions. */
    admit: { admitted: AdmittedWorkload[]; diagnostics: Diagnostic[] };
    /** The verified edits for each workload (same order as admit). */
    suggestions: { suggestions: Suggestion[][]; diagnostics: Diagnostic[] };
    /** The texts the selected workload's suggestions would leave in the editors (undefined: deferred). */
    suggestionTexts: EditedTexts[] | undefined;
    /** The capture rules of the pod the traffic section is about, in the family asked for. */
    capture: TrafficCapture | undefined;
    /** The packet traced through the capture rules. */
    trace: { trace?: TraceResult & { packet: TracePacket; preset?: string }; diagnostics: Diagnostic[] };
  }
}
