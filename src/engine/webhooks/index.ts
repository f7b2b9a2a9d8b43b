// Which MutatingWebhooks the API server calls, and istioctl check-inject's view: the public API.
export { namespaceLabelsAsServed, podCreateRequest, NAMESPACE_NAME_LABEL, type AdmissionRequest, type RequestObject } from './admissionRequest.ts';
export { checkInject, isIstioConfiguration, type CheckInjectReport, type CheckInjectRow } from './checkInject.ts';
export { checkMatchConditions, type ConditionCheck, type ConditionsCheck } from './matchConditions.ts';
export { evaluateWebhook, evaluateWebhooks, selectorMemo, type SelectorMemo, type WebhookEvaluation, type WebhookStage } from './matchWebhooks.ts';
export { checkRules, type RulesCheck } from './rules.ts';
export { checkSelector, type RequirementCheck, type SelectorCheck } from './selectorCheck.ts';
export { readWebhookConfiguration, type MutatingWebhook, type WebhookConfiguration, type WebhookRule } from './webhookConfiguration.ts';
// Reached from other folders (through this door, as every import from outside is).
export { requirementOrigin } from './selectorCheck.ts';
export { byteOrder } from './webhookConfiguration.ts';
