import type { AdmissionCore } from '../admission/index.ts';
import type { ResolvedCniSettings } from '../ambient/index.ts';
import type { RestartOutcome } from './restartChanges.ts';
import type { DumpObject } from './readDump.ts';
import type { AuditFinding, CaptureSummary, RestartChange, SidecarState } from './types.ts';

type Obj = Record<string, any>;

/**
 * What a per-pod check of the full-fidelity audit is (the registry is `checks.ts`): what it reads
 * — all the audit already worked out for a pod — and what it says. Each check imports this, and
 * the registry imports each check.
 */
export interface PodAuditContext {
  /** The pod as the dump has it (running, possibly injected). */
  running: Obj;
  /** The pod as its controller would create it on a restart (`podAsCreated`). */
  created: Obj;
  namespace: string;
  namespaceValue?: Obj;
  /** Webhooks and istiod's decision on the pod as created. */
  admission: AdmissionCore;
  /** The render, and what a restart gives. */
  outcome: RestartOutcome;
  sidecar: SidecarState;
  capture: CaptureSummary;
  changes: readonly RestartChange[];
  /** istio-cni's settings, when the dump has its `istio-cni-config` ConfigMap (else ambient is not installed as far as the dump says). */
  cni?: ResolvedCniSettings;
  /** Every object of the dump but the pods (namespaces, webhook configurations, ConfigMaps...). */
  objects: readonly DumpObject[];
  /** State a check keeps across the pods of one audit session (by check id). */
  memo: Map<string, unknown>;
}

export interface AuditCheck {
  id: string;
  /**
   * `group`: the check reads only what pods of one render group share (the pod as created, its
   * namespace, admission, render, capture), so it runs once per group; `pod`: it reads the running
   * pod too, and runs for every pod.
   */
  scope: 'group' | 'pod';
  run(ctx: PodAuditContext): AuditFinding[];
}
