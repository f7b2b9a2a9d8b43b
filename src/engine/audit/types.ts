import type { Verdict } from '../admission/types.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { InputName } from '../scenario/types.ts';

/**
 * How a running pod differs from what admission would do to it now:
 * - `missing-sidecar`: it has no sidecar but would get one (it needs a restart);
 * - `unwanted-sidecar`: it has a sidecar it would not get now (a restart drops it);
 * - `old-revision`: its sidecar came from a revision other than the one that would inject it now.
 */
export type DriftKind = 'missing-sidecar' | 'unwanted-sidecar' | 'old-revision';

export const DRIFT_KINDS: readonly DriftKind[] = ['missing-sidecar', 'unwanted-sidecar', 'old-revision'];

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
}

/** The editor texts that open one audited pod as a scenario. */
export type PodScenarioTexts = Partial<Record<InputName, string>>;

export interface AuditOptions {
  /** The name diagnostics point at (a file path or "dump"). */
  input?: string;
  /** Which part of the pods this session audits, for spreading an audit over several workers. */
  shard?: number;
  shards?: number;
  /** Namespaces istiod never injects into (istiod's default list when absent). */
  ignoredNamespaces?: string[];
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
  diagnostics: Diagnostic[];
}
