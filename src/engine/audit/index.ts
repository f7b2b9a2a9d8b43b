// The cluster audit's public API: what the audit worker, the CLI, the bench and the e2e suite call.
export { auditDump, openAudit, shardRange, type AuditSession } from './auditSession.ts';
export { generateDump, printDump, synthesizeDump, type DumpOptions, type GeneratedPod } from './generateDump.ts';
export { addToSummary, emptySummary, summarizeAudit } from './summarize.ts';
export { DRIFT_KINDS } from './types.ts';
export type { AuditFinding, AuditOptions, AuditOverview, AuditRelease, AuditRow, AuditSummary, CaptureSummary, ChangeKind, DriftKind, PodScenarioTexts, RenderNote, RestartChange, SidecarState } from './types.ts';
export { AUDIT_CHECKS } from './checks.ts';
export type { AuditCheck, PodAuditContext } from './podCheck.ts';
// An upgrade's steps applied to a dump's (or a scenario's) cluster objects; the upgrade preview (../upgrade/) is built on them.
export { applyStep, applySteps, overlay, readInstall, type TargetInstall, type UpgradeStep } from './upgradeSteps.ts';
// The full-fidelity pipeline itself, for audits of clusters that are not one dump: the upgrade
// preview (../upgrade/) audits each state of an upgrade with it, the states sharing their reads.
export { readDump, type DumpObject } from './readDump.ts';
export { indexCluster } from './clusterIndex.ts';
export { createFullAuditor, decidedByOf } from './fullAudit.ts';
export { createSharedReads, type SharedReads } from './sharedReads.ts';
export { changeText, restartChanges } from './restartChanges.ts';
export { sidecarStateOf } from './sidecarState.ts';
export type { DataPlane } from './dataPlaneChange.ts';
