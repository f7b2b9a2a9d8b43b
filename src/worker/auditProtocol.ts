// The typed messages between the app and the audit's Web Workers. The audit view imports engine
// *types* only from here, so imports run one way: UI → worker client → engine.
import type { AuditOverview, AuditRow, AuditSummary, PodScenarioTexts } from '../engine/audit/index.ts';
import type { Diagnostic } from '../engine/diagnostics.ts';
import type { UpgradeInput, UpgradePreview, UpgradeStep } from '../engine/upgrade/index.ts';

export type { AuditFinding, AuditOverview, AuditRelease, AuditRow, AuditSummary, CaptureSummary, DriftKind, PodScenarioTexts, RestartChange, SidecarState } from '../engine/audit/index.ts';
export type { NamespaceWebhooks, PodAfterStep, RenderedSide, UpgradeInput, UpgradePreview, UpgradeState, UpgradeStep } from '../engine/upgrade/index.ts';
export type { Diagnostic } from '../engine/diagnostics.ts';

export type AuditRequest =
  /** Audit this worker's share (`shard` of `shards`) of the pods of a dump. */
  | { type: 'audit'; id: number; text: string; input: string; shard: number; shards: number; steps?: UpgradeStep[]; /** The header's Istio release setting ("auto" or a release). */ istioRelease?: string }
  /** The upgrade preview of a scenario: its cluster through the steps, and the selected workload under today's and the target install. */
  | { type: 'upgrade'; id: number; input: UpgradeInput }
  /** The editor texts that open pod `index` of the current dump as a scenario. */
  | { type: 'scenario'; id: number; index: number };

export type AuditResponse =
  | { type: 'opened'; id: number; overview: AuditOverview; range: [number, number] }
  /** More rows; `done` counts this worker's pods audited so far and `summary` their running totals. */
  | { type: 'rows'; id: number; rows: AuditRow[]; done: number; summary: AuditSummary }
  | { type: 'finished'; id: number; diagnostics: Diagnostic[] }
  | { type: 'scenario'; id: number; index: number; texts?: PodScenarioTexts }
  | { type: 'upgrade'; id: number; preview: UpgradePreview }
  | { type: 'failure'; id: number; message: string };
