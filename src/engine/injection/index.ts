/**
 * Sidecar injection as Istio performs it. The app calls `injectScenario`; the CLI and the conformance
 * runner use the kube-inject and webhook paths directly.
 */
export { injectScenario, injectPrepared, injectPreparedApart, checkTemplates, contextOf, type InjectScenarioInput, type InjectScenarioResult, type InjectedPodReport, type PreparedInjection } from './injectScenario.ts';
export { installFromModels } from './installFromModels.ts';
export { kubeInjectStream, kubeInjectDocuments, type KubeInjectDocument, type KubeInjectOutput, type KubeInjectSettings, type KubeInjectedWorkload } from './kubeInject.ts';
export { webhookInject, type ClusterContext, type WebhookResult, type JsonPatchOperation } from './webhookInject.ts';
export { injectPod, type InjectPodParams, type InjectPodResult } from './injectPod.ts';
export { buildInstall, configMapTexts, parseInstallTexts, type InjectionInstall, type InjectorConfig, type InstallDocuments } from './install.ts';
export { builtinInstall, builtinInstallDocuments } from './builtin/index.ts';
export { builtinProxyImage, masterChartNote } from './builtin/masterChartNote.ts';
export { defaultEngine, sigsYamlMemo } from './defaultEngine.ts';
export { newInjectionMemo, withInjectionMemo, type InjectionMemo } from './injectionMemo.ts';
export type { InjectionEngine } from './engine.ts';
export { envProvenance, clusterEnv, type EnvEntry, type EnvSource } from './envProvenance.ts';
// Reached from other folders (through this door, as every import from outside is).
export { jobNeverCompletes } from './jobCompletion.ts';
export { podsFromObject } from './podFromWorkload.ts';
export { renderOutcome } from './renderOutcome.ts';
export { STATUS_ANNOTATION, parseStatus, stripPod, type InjectionStatus } from './stripPod.ts';
