// istiod's inject-or-skip decision and the injector a webhook reaches: the public API.
export { IGNORED_NAMESPACES, INJECT_KEY, injectRequired, type InjectionPolicyConfig, type PolicyDecision, type PolicyPod, type PolicyReason, type PolicyRule, type PolicyStep } from './injectRequired.ts';
export { CHART_DEFAULT_POLICY, readInjectorConfigMap, readInjectorConfigValue } from './injectorConfig.ts';
export { injectorTargetOf, injectPathEnv, isInjectorWebhook, type InjectorTarget } from './injectorTarget.ts';
