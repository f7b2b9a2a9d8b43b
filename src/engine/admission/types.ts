import type { ScenarioRelease } from '../releases/index.ts';
import type { Diagnostic, SourceRef } from '../diagnostics.ts';
import type { PolicyDecision } from '../injectionPolicy/index.ts';
import type { CheckInjectReport } from '../webhooks/index.ts';
import type { WebhookEvaluation } from '../webhooks/index.ts';
import type { TruthTable } from './truthTable.ts';

/** What happens to the pod on CREATE. */
export type Verdict = 'injected' | 'not-injected' | 'rejected';

export type StepOutcome = 'pass' | 'fail' | 'skip' | 'decisive';

/** A value a step looked at, and where the user wrote it (absent when it was not written at all). */
export interface SeenValue {
  name: string;
  /** The value as text; absent when the key is not set. */
  value?: string;
  source?: SourceRef;
}

/** Where a step happens: the user's objects, the API server's webhook selection, or istiod. */
export type TraceStage = 'workload' | 'namespace' | 'apiserver' | 'istiod' | 'verdict';

export interface TraceStep {
  /** Stable id, e.g. `apiserver:istio-sidecar-injector/namespace.sidecar-injector.istio.io` or `istiod:default:policy`. */
  id: string;
  stage: TraceStage;
  /** What was checked, in a few words. */
  title: string;
  outcome: StepOutcome;
  /** What was seen and concluded, in a sentence. */
  detail: string;
  values: SeenValue[];
  /** Where the rule being applied was written (a webhook, a ConfigMap entry). */
  source?: SourceRef;
}

/** One webhook of one configuration, as the API server judged it for this pod. */
export interface WebhookRow extends WebhookEvaluation {
  /** Whether the webhook calls istiod's injector. */
  injector: boolean;
  /** For an injector: the revision it reaches and how that was found. */
  revision?: string;
  revisionVia?: string;
  source?: SourceRef;
}

/** One istiod reached by a called injection webhook, and what it decided. */
export interface InjectorCall {
  configuration: string;
  webhook: string;
  revision: string;
  /** The injector ConfigMap the revision leads to, when the scenario has it. */
  configMap?: { name: string; namespace: string; source?: SourceRef };
  /** The policy read from it (or assumed when the ConfigMap is absent). */
  policySource: 'configMap' | 'chart-default';
  decision: PolicyDecision;
  /** URL-path environment overrides the webhook passes to istiod. */
  pathEnv: Record<string, string>;
  /** The Istio release that istiod is simulated as ("Istio 1.24.3"), when the scenario says. */
  release?: string;
}

/** A change to the user's YAML the UI can apply: set or remove the value at `path` of one document, or add a document. */
export interface YamlEdit {
  /** The input (editor tab or file) holding the document. */
  input: string;
  /** The document's position in that input; -1 for `add-document` (append). */
  documentIndex: number;
  /** Keys and indexes from the document root; `remove` of an object's own path removes the object ([] = the whole document). */
  path: (string | number)[];
  action: 'set' | 'remove' | 'add-document';
  /** For `set`: the new value (a string for labels/annotations); for `add-document`: the whole object. */
  value?: unknown;
  /** Where the edit lands in the current text (the value, or the nearest parent that exists). */
  at?: SourceRef;
}

export interface Suggestion {
  /** One sentence, e.g. "Label namespace bar with istio.io/rev=canary." */
  sentence: string;
  /** The same change as a command a cluster user would run, when there is one. */
  command?: string;
  edits: YamlEdit[];
  /** The verdict after the edits, as re-analysed (never guessed). */
  verdictAfter: Verdict;
  /** Which revision(s) inject after the edits. */
  revisionsAfter: string[];
}

export interface DoubleInjection {
  /** Every injection webhook the API server calls, `configuration/webhook`. */
  webhooks: string[];
  /** The revisions whose istiod would inject. */
  injectingRevisions: string[];
  message: string;
}

export interface WorkloadAdmission {
  workload: { kind: string; name: string; namespace: string; input: string; documentIndex: number; source?: SourceRef };
  verdict: Verdict;
  /** The verdict in plain words. */
  summary: string;
  /** Id of the step that settled the verdict. */
  decidingStep: string;
  /** The revisions whose istiod injects (several = double injection). */
  injectedBy: string[];
  /** The labels the API server matched: the pod template's labels and the namespace's. */
  podLabels: Record<string, string>;
  namespaceLabels: Record<string, string>;
  webhooks: WebhookRow[];
  checkInject: CheckInjectReport;
  injectors: InjectorCall[];
  steps: TraceStep[];
  doubleInjection?: DoubleInjection;
  /** For every combination of the injection labels, which injectors the API server calls (the user's row marked). */
  truthTable?: TruthTable;
  suggestions: Suggestion[];
  diagnostics: Diagnostic[];
}

export interface AdmissionResult {
  workloads: WorkloadAdmission[];
  /** Problems with the scenario as a whole (invalid webhook configurations, unreadable ConfigMaps). */
  diagnostics: Diagnostic[];
}

export interface AdmissionOptions {
  /** Namespaces istiod never injects into (istiod's default list when absent). */
  ignoredNamespaces?: string[];
  /** Whether to search for verified edits that change the verdict (default true). */
  suggestions?: boolean;
  /** Whether to build the label truth table for each workload (default true). */
  truthTable?: boolean;
  /** Namespace for objects that name none (kubectl's default). */
  defaultNamespace?: string;
  /** The release each revision runs (src/engine/releases); master's reading when absent. */
  releases?: ScenarioRelease;
}
