// The upgrade preview: a second install, revisions and tags, and what a restart would do after each step.
export { applyStep, applySteps, overlay, readInstall, type TargetInstall, type UpgradeStep } from '../audit/index.ts';
export { upgradeStage } from './upgradeStage.ts';
export { previewUpgrade, scenarioCluster, type NamespaceWebhooks, type PodAfterStep, type RenderedSide, type UpgradeInput, type UpgradePreview, type UpgradeState } from './preview.ts';
