import type { Verdict } from '../admission/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { ClusterContext, InjectionInstall } from '../injection/index.ts';
import type { InputName } from '../stages/index.ts';
import type { UpgradeStep } from './upgradeSteps.ts';

/**
 * How a running pod differs from what admission would do to it now:
 * - `missing-sidecar`: it has no sidecar but would get one (it needs a restart);
 * - `unwanted-sidecar`: it has a sidecar it would not get now (a restart drops it);
 * - `old-revision`: its sidecar came from a revision other than the one that would inject it now;
 * - `data-plane`: a restart would move it into or out of ambient mode.
 */
export type DriftKind = 'missing-sidecar' | 'unwanted-sidecar' | 'old-revision' | 'would-be-rejected' | 'sidecar-changes' | 'data-plane';

/**
 * The kinds of drift, in the order the summary counts them. The last three need the render
 * (full fidelity): `would-be-rejected` — istiod would fail to render it on its next creation, so a
 * restart leaves it without a pod; `sidecar-changes` — a restart would give it other injected
 * containers (image, args, env, resources, init container, status annotation). `data-plane` needs
 * istio-cni's settings from the dump (its `istio-cni-config` ConfigMap).
 */
export const DRIFT_KINDS: readonly DriftKind[] = ['missing-sidecar', 'unwanted-sidecar', 'old-revision', 'would-be-rejected', 'sidecar-changes', 'data-plane'];

/** What one restart would change, measured by rendering the pod again (see restartChanges.ts). */
export type ChangeKind =
  | 'gains-sidecar'
  | 'loses-sidecar'
  | 'rejected'
  | 'revision'
  | 'image'
  | 'args'
  | 'env'
  | 'resources'
  | 'container'
  | 'added'
  | 'removed'
  | 'status'
  | 'rules'
  | 'data-plane'
  | 'not-simulated';

export interface RestartChange {
  kind: ChangeKind;
  /** The container it is about (`istio-proxy`, `istio-init`...), when it is about one. */
  container?: string;
  /** Groupable words: the same for every pod that changes the same way ("istio-proxy image 1.24.3 → 1.26.1"). */
  headline: string;
  /** The exact values, for this pod. */
  detail?: string;
}

/** How a pod's traffic is captured: by its sidecar's rules, by ambient's ztunnel, or not at all. */
export interface CaptureSummary {
  dataPlane: 'sidecar' | 'ambient' | 'none';
  /** Who installs the rules: istio-init, the istio-cni plugin, istio-cni's node agent (ambient), nobody. */
  by: string;
  /** Capture rules: iptables `-A` lines of the IPv4 payload, or an ambient pod's in-pod nft rules (0 when there are none). */
  rules: number;
  /** REDIRECT or TPROXY, for a sidecar. */
  mode?: string;
  /** One sentence. */
  text: string;
}

/** What one registered per-pod check found (see checks.ts). */
export interface AuditFinding {
  severity: 'info' | 'warning' | 'error';
  /** Groupable words. */
  headline: string;
  detail?: string;
}

/** The sidecar a pod of the dump already carries. */
export interface SidecarState {
  present: boolean;
  /** An `istio-proxy` init container that keeps running (restartPolicy: Always). */
  native: boolean;
  /** The revision that injected it, when the pod records one. */
  revision?: string;
  /** Where the revision was read: the status annotation, the istio.io/rev annotation or label. */
  revisionFrom?: 'status-annotation' | 'annotation' | 'label';
}

/** One pod of the dump, audited: a row of the audit table. */
export interface AuditRow {
  /** The pod's position among the dump's pods (stable across shards). */
  index: number;
  name: string;
  namespace: string;
  /** The controller that owns the pod, e.g. `ReplicaSet/web-5d8f`. */
  owner?: string;
  /** Every webhook the API server would call for the pod, `configuration/webhook`. */
  webhooks: string[];
  verdict: Verdict;
  /** Id of the step that settled the verdict (as the Admission panel names it). */
  decidingStep: string;
  /** The deciding step in a few words. */
  decidingRule: string;
  /** The verdict in one sentence. */
  summary: string;
  /** The revisions whose istiod would inject the pod now. */
  injectedBy: string[];
  sidecar: SidecarState;
  drift: DriftKind[];
  /** What the drift means, in a sentence ('' when there is none). */
  driftDetail: string;
  /** `admission`: admitted only (the old audit); `full`: rendered, captured and compared too. */
  fidelity: 'admission' | 'full';
  /** The revision and Istio release whose istiod would render the pod now (full fidelity, when injected). */
  render?: RenderNote;
  /** How its traffic would be captured after a restart (full fidelity). */
  capture?: CaptureSummary;
  /** The data plane the pod is in now: its sidecar, ambient when istio-cni's node agent enrolled it, or none (full fidelity). */
  dataPlaneNow?: CaptureSummary['dataPlane'];
  /**
   * What captures the traffic of a pod istio-cni's node agent enrolled, as it runs: the in-pod rules
   * the agent installed in its network namespace (full fidelity; `capture` is what a restart gives).
   */
  captureNow?: CaptureSummary;
  /**
   * The data plane in a few words, as the CLI's and the app's tables show it: what captures the pod
   * now, then after a restart where that differs ("ambient, 18 in-pod rules", "ambient, 18 in-pod
   * rules → none", "sidecar, 18 rules") (full fidelity).
   */
  dataPlaneText?: string;
  /** What a restart would change, measured (full fidelity; empty when nothing would). */
  changes: RestartChange[];
  /** The changes' headlines joined: the pods with the same text change the same way ('' for none). */
  change: string;
  /** The render group the pod was audited with (a hash of the pod as created): pods of one group share a pod template, namespace and revision. '' for an admission-only audit. */
  group: string;
  /** What each registered check found, by check id (checks with nothing to say are left out). */
  checks: Record<string, AuditFinding[]>;
  /** The namespace or pod label and the revision tag that decide which istiod the pod goes to (full fidelity). */
  decidedBy?: string;
}

/** Which install rendered the pod. */
export interface RenderNote {
  revision: string;
  /** "1.28.0", "1.24 (latest patch)" or "master". */
  release: string;
  /** The ConfigMap the templates came from, or meshsim's built-in install when the dump has none for the revision. */
  install: string;
  /** The render's outcome: patched, skipped by istiod's policy, rejected with an error, or beyond meshsim. */
  outcome: 'injected' | 'skipped' | 'rejected' | 'not-simulated';
  error?: string;
}

export interface AuditSummary {
  pods: number;
  injected: number;
  notInjected: number;
  rejected: number;
  withSidecar: number;
  drift: Record<DriftKind, number>;
  /** Pods with at least one kind of drift. */
  drifting: number;
  /** Pods by what a restart would change (`AuditRow.change`); pods it would not change are not counted. */
  changes: Record<string, number>;
  /** Pods by data plane after a restart (full fidelity). */
  dataPlanes: Record<string, number>;
}

/** The editor texts that open one audited pod as a scenario. */
export type PodScenarioTexts = Partial<Record<InputName, string>>;

export interface AuditOptions {
  /** The Istio release istiod runs ("1.24", "1.24.3", "master"); unset or "auto": what each revision's injector ConfigMap shows (src/engine/releases). */
  istioRelease?: string;
  /** The name diagnostics point at (a file path or "dump"). */
  input?: string;
  /** Which part of the pods this session audits, for spreading an audit over several workers. */
  shard?: number;
  shards?: number;
  /** Namespaces istiod never injects into (istiod's default list when absent). */
  ignoredNamespaces?: string[];
  /**
   * `full` (the default): every pod is also rendered by its revision's install, its capture rules
   * derived and its sidecar compared with what a restart would give it. `admission`: webhooks and
   * istiod's decision only, pod by pod (the audit before rendering; kept as the bench's baseline).
   */
  fidelity?: 'admission' | 'full';
  /** Whether the cluster gives pods native sidecars (as the app's setting; default true). */
  nativeSidecars?: boolean;
  /**
   * Upgrade steps applied to the dump's cluster objects before its pods are audited (upgradeSteps.ts):
   * the audit then says what a restart would do under the target install.
   */
  steps?: UpgradeStep[];
}

/** What opening a dump found, before any pod is audited. */
export interface AuditOverview {
  /** Pods this session audits. */
  pods: number;
  /** Pods in the whole dump (all shards). */
  totalPods: number;
  namespaces: number;
  webhookConfigurations: number;
  injectorConfigMaps: number;
  /** The Istio release each revision with an injector ConfigMap is audited as, then the one for any other revision. */
  releases: AuditRelease[];
  diagnostics: Diagnostic[];
}

/** The release one revision of the dump is audited as, and why. */
export interface AuditRelease {
  revision: string;
  /** "Istio 1.24.3", "Istio master". */
  label: string;
  chosenBy: 'setting' | 'detected' | 'default';
  summary: string;
  /**
   * Why, as the end of "Audited as … because …", in the app's words (the release note's
   * `because`), e.g. "istio-system/istio-sidecar-injector's values.global.tag says 1.24.3".
   */
  because: string;
  /** The revision, its release and why, as both faces print it after "Audited as: ". */
  text: string;
  /**
   * When this revision's pods are rendered by meshsim's built-in install (master's chart) as
   * another release: the sentence `meshsim inject` / `check` and the Patched pod panel say
   * (injection/masterChartNote), which both faces follow with how to give the cluster's own.
   */
  masterChart?: string;
}

/** One revision's istiod as the dump shows it: its install, the release it runs, and the context of its webhook calls. */
export interface RevisionInstall {
  revision: string;
  install: InjectionInstall;
  context: ClusterContext;
  /** "1.28.0", "1.24 (latest patch)", "master". */
  release: string;
  /** `istio-system/istio-sidecar-injector-canary`, or meshsim's built-in install. */
  source: string;
  /** Problems reading the install, said once per revision. */
  diagnostics: Diagnostic[];
}
