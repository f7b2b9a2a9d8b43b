// Ambient mode: istio-cni's enrollment decision, the node agent's view, the pod's overrides and its waypoint.
export { decideAmbient, type AmbientDecision, type AmbientEvent, type AmbientInput, type AmbientReason, type AmbientRule, type CniPluginOutcome, type NodeAgentOutcome, type NodeAgentReason } from './decide.ts';
export { compileEnablementSelectors, describeLabelSelector, matchEnablement, matchesNamespace, type EnablementResult, type SelectorOutcome } from './enablement.ts';
export { BYPASS_INBOUND_CAPTURE, DATAPLANE_MODE, DATAPLANE_MODE_AMBIENT, DATAPLANE_MODE_NONE, DNS_CAPTURE, REDIRECTION, REDIRECTION_ENABLED, REROUTE_VIRTUAL_INTERFACES } from './names.ts';
export { dnsCaptured, podOverrides, type PodDnsProxy, type PodOverrides } from './overrides.ts';
export { NO_LOCATOR, podIPsOf, readAmbientNamespace, readAmbientPod, type AmbientNamespace, type AmbientPod, type Locator, type PodContainer } from './pod.ts';
export { CONFIGMAP_KEYS, resolveCniSettings, type CniSettingsSources, type ResolvedCniSettings } from './readSettings.ts';
export { ambientProfileSettings, defaultEnablementSelectors, splitExcludeNamespaces, type EnablementSelector, type IstioCniSettings, type SettingKey, type SettingOrigin } from './settings.ts';
export { proxyContainer, type SidecarModeReason, type SidecarRedirect } from './sidecarMode.ts';
export type { AmbientStage, AmbientStep } from './steps.ts';
export { waypointFor, type WaypointRequest } from './waypoint.ts';
export { dataPlaneVerdict, hasAmbientIntent, type DataPlaneMode, type DataPlaneNote, type DataPlaneVerdict } from './dataplane.ts';
export { ambientFixes, type AmbientFix, type FixGoal } from './fixes.ts';
export { workloadAmbientIntent, workloadDataPlane, type AmbientFixWithEdits, type LiveView, type WorkloadDataPlane } from './workloadDataPlane.ts';
export { builtinCniConfigMapText, cniConfigMapText } from './builtinConfigMap.ts';
export { switchesOf, type AmbientClusterOptions, type AmbientExcludeChoice, type AmbientSelectorsChoice } from './switches.ts';
export type { AmbientFixApplied, AmbientSection, CniSettingsSection } from './ambientStage.ts';
export { ambientForDocuments, type DocumentsAmbient } from './documentsAmbient.ts';
// The node agent's in-pod and host rules (the Traffic panel, the audit, the ambient-rules and
// ambient-trace conformance kinds, the kernel suite), and the capture the Traffic panel shows.
export { nodeAgentRules, type NodeAgentRules, type NodeAgentRulesInput } from './rules/nodeAgentRules.ts';
export { DEFAULT_RULE_SETTINGS, type NodeAgentRuleSettings } from './rules/settings.ts';
export { ambientCapture } from './ambientTraffic.ts';
// The scenario's later stages (scenario/laterStages.ts): the selected workload's data plane. The
// first verdict's stages come through a side door of their own (firstStages.ts), so the app worker's
// first chunk holds none of what this index names. The advice an ambient pod does without is both's.
export { ambientStage, ambientWorkloadStage } from './ambientStage.ts';
export { withoutSidecarAdvice } from './firstStages.ts';
