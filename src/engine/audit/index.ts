// The cluster audit's public API: what the audit worker, the CLI, the bench and the e2e suite call.
export { auditDump, openAudit, shardRange, type AuditSession } from './auditSession.ts';
export { generateDump, printDump, synthesizeDump, type DumpOptions, type GeneratedPod } from './generateDump.ts';
export { addToSummary, emptySummary, summarizeAudit } from './summarize.ts';
export { DRIFT_KINDS } from './types.ts';
export type { AuditFinding, AuditOptions, AuditOverview, AuditRelease, AuditRow, AuditSummary, CaptureSummary, ChangeKind, DriftKind, PodScenarioTexts, RenderNote, RestartChange, SidecarState } from './types.ts';
export { AUDIT_CHECKS, type AuditCheck, type PodAuditContext } from './checks.ts';
// An upgrade's steps applied to a dump's (or a scenario's) cluster objects; the upgrade preview (../upgrade/) is built on them.
export { applyStep, applySteps, overlay, readInstall, type TargetInstall, type UpgradeStep } from './upgradeSteps.ts';
