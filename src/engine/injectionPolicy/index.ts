// istiod's injection policy: its inject-or-skip decision (injectRequired), the injector config's
// policy and selectors, and the injector a webhook reaches. (Not AuthorizationPolicy.)
export { IGNORED_NAMESPACES, INJECT_KEY, injectRequired, type InjectionPolicyConfig, type PolicyDecision, type PolicyEvidence, type PolicyPod, type PolicyReason, type PolicyRule, type PolicyStep } from './injectRequired.ts';
export { CHART_DEFAULT_POLICY, readInjectorConfigMap, readInjectorConfigValue, type ReadInjectorConfig } from './injectorConfig.ts';
export { injectorTargetOf, injectPathEnv, isInjectorWebhook, type InjectorTarget } from './injectorTarget.ts';
