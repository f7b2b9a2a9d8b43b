// Ambient mode: istio-cni's enrollment decision, the node agent's view, the pod's overrides and its waypoint.
export { decideAmbient, type AmbientDecision, type AmbientEvent, type AmbientInput, type AmbientReason, type AmbientRule, type CniPluginOutcome, type NodeAgentOutcome, type NodeAgentReason } from './decide.ts';
export { compileEnablementSelectors, describeLabelSelector, matchEnablement, matchesNamespace, type EnablementResult, type SelectorOutcome } from './enablement.ts';
export * from './names.ts';
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
