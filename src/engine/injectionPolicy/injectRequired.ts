import { formatFieldErrors } from '../selectors/index.ts';
import { labelSelectorAsSelector, readLabelSelector, validateLabelSelector } from '../selectors/index.ts';
import { selectorIsEmpty, selectorMatches, selectorString } from '../selectors/index.ts';

/** The label (and deprecated annotation) a pod uses to opt in or out. */
export const INJECT_KEY = 'sidecar.istio.io/inject';

/** Namespaces istiod never injects into. */
export const IGNORED_NAMESPACES: readonly string[] = ['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage'];

/** The parts of the injector Config that the decision reads. */
export interface InjectionPolicyConfig {
  /** `enabled`, `disabled`, or anything else (invalid: nothing is injected). */
  policy: string;
  neverInjectSelector: unknown[];
  alwaysInjectSelector: unknown[];
  /**
   * How the release reads the label/annotation value (src/engine/releases): `strict` (1.27+) takes
   * only "true" and "false"; `lenient` (1.22–1.26) lower-cases it, takes y/yes/true/on as yes and any
   * other non-empty value as no. Default strict.
   */
  injectValue?: 'lenient' | 'strict';
}

/** 1.22–1.26's reading of the inject value: a yes, a no, or "" for the default. */
function lenientInjectValue(value: string): 'true' | 'false' | '' {
  const v = value.toLowerCase();
  if (v === '') return '';
  return v === 'y' || v === 'yes' || v === 'true' || v === 'on' ? 'true' : 'false';
}

/** What istiod sees of the pod: its namespace (filled from the request), labels, annotations, hostNetwork. */
export interface PolicyPod {
  namespace: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  hostNetwork: boolean;
}

export type PolicyRule = 'hostNetwork' | 'ignoredNamespace' | 'label' | 'annotation' | 'neverInjectSelector' | 'alwaysInjectSelector' | 'policy';

export type PolicyReason =
  | 'HOST_NETWORK'
  | 'IGNORED_NAMESPACE'
  | 'LABEL_TRUE'
  | 'LABEL_FALSE'
  | 'ANNOTATION_TRUE'
  | 'ANNOTATION_FALSE'
  | 'NEVER_INJECT_SELECTOR'
  | 'ALWAYS_INJECT_SELECTOR'
  | 'POLICY_ENABLED_DEFAULT'
  | 'POLICY_DISABLED_DEFAULT'
  | 'POLICY_INVALID';

/** What a step looked at, so a caller can point at where the user wrote it. */
export type PolicyEvidence =
  | { kind: 'hostNetwork'; value: boolean }
  | { kind: 'namespace'; value: string }
  | { kind: 'podLabel'; key: string; value?: string }
  | { kind: 'podAnnotation'; key: string; value?: string }
  | { kind: 'neverInjectSelector' | 'alwaysInjectSelector'; index: number }
  | { kind: 'policy'; value: string };

export type StepOutcome = 'pass' | 'fail' | 'skip' | 'decisive';

export interface PolicyStep {
  rule: PolicyRule;
  /** What was checked, in a few words. */
  check: string;
  outcome: StepOutcome;
  /** What istiod saw and concluded. */
  detail: string;
  evidence: PolicyEvidence[];
}

export interface PolicyDecision {
  inject: boolean;
  rule: PolicyRule;
  reason: PolicyReason;
  selectorIndex?: number;
  /** The label/annotation value in force when it was neither true, false nor empty. */
  invalidInjectValue?: string;
  /** One sentence for the user. */
  message: string;
  steps: PolicyStep[];
  /** What istiod would log at Warn/Error level. */
  warnings: string[];
}

const has = (m: Record<string, string>, k: string) => Object.prototype.hasOwnProperty.call(m, k);

/** Hostile input: more selector entries than this are not read. */
export const MAX_SELECTOR_ENTRIES = 1000;

function firstMatching(entries: unknown[], labels: Record<string, string>, warnings: string[], what: string): { index: number; text: string } | undefined {
  for (let i = 0; i < Math.min(entries.length, MAX_SELECTOR_ENTRIES); i++) {
    const read = readLabelSelector(entries[i]);
    const invalid = [...read.problems, ...(read.selector ? validateLabelSelector(read.selector, `${what}[${i}]`).map((e) => formatFieldErrors([e])) : [])];
    const converted = labelSelectorAsSelector(read.selector ?? {});
    if (!converted.selector || read.problems.length) {
      warnings.push(`Invalid selector for ${what}[${i}]: ${converted.error ?? invalid.join('; ')} (skipped)`);
      continue;
    }
    if (selectorIsEmpty(converted.selector)) continue; // an empty entry would match every pod, so istiod ignores it
    if (selectorMatches(converted.selector, labels)) return { index: i, text: selectorString(converted.selector) };
  }
  return undefined;
}

/**
 * istiod's injectRequired: whether a pod that reached the webhook gets a sidecar, step by step
 * (first decisive rule wins). Pure; never throws.
 */
export function injectRequired(pod: PolicyPod, config: InjectionPolicyConfig, ignoredNamespaces: readonly string[] = IGNORED_NAMESPACES): PolicyDecision {
  const steps: PolicyStep[] = [];
  const warnings: string[] = [];
  const done = (d: Omit<PolicyDecision, 'steps' | 'warnings'>): PolicyDecision => ({ ...d, steps, warnings });

  if (pod.hostNetwork) {
    steps.push({ rule: 'hostNetwork', check: 'spec.hostNetwork', outcome: 'decisive', detail: 'the pod uses the node network; its iptables rules would capture the node, so istiod skips it', evidence: [{ kind: 'hostNetwork', value: true }] });
    return done({ inject: false, rule: 'hostNetwork', reason: 'HOST_NETWORK', message: 'not injected: the pod has hostNetwork: true' });
  }
  steps.push({ rule: 'hostNetwork', check: 'spec.hostNetwork', outcome: 'pass', detail: 'the pod has its own network namespace', evidence: [{ kind: 'hostNetwork', value: false }] });

  if (ignoredNamespaces.includes(pod.namespace)) {
    steps.push({ rule: 'ignoredNamespace', check: 'namespace', outcome: 'decisive', detail: `istiod never injects into ${pod.namespace} (ignored: ${ignoredNamespaces.join(', ')})`, evidence: [{ kind: 'namespace', value: pod.namespace }] });
    return done({ inject: false, rule: 'ignoredNamespace', reason: 'IGNORED_NAMESPACE', message: `not injected: istiod ignores the namespace ${pod.namespace}` });
  }
  steps.push({ rule: 'ignoredNamespace', check: 'namespace', outcome: 'pass', detail: `${pod.namespace || '(no namespace)'} is not one of ${ignoredNamespaces.join(', ')}`, evidence: [{ kind: 'namespace', value: pod.namespace }] });

  // The label wins whenever its key is present, even with an empty value (which hides the annotation).
  const fromLabel = has(pod.labels, INJECT_KEY);
  const written = fromLabel ? pod.labels[INJECT_KEY] : (pod.annotations[INJECT_KEY] ?? '');
  const value = config.injectValue === 'lenient' ? lenientInjectValue(written) : written;
  const source: 'label' | 'annotation' = fromLabel ? 'label' : 'annotation';
  const evidence: PolicyEvidence[] = fromLabel
    ? [{ kind: 'podLabel', key: INJECT_KEY, value }, ...(has(pod.annotations, INJECT_KEY) ? [{ kind: 'podAnnotation' as const, key: INJECT_KEY, value: pod.annotations[INJECT_KEY] }] : [])]
    : [{ kind: 'podAnnotation', key: INJECT_KEY, ...(has(pod.annotations, INJECT_KEY) ? { value } : {}) }];
  let explicit: boolean | undefined;
  let invalidInjectValue: string | undefined;
  let decidedBy: { rule: PolicyRule; reason: PolicyReason; selectorIndex?: number; what: string } | undefined;
  if (value === 'true' || value === 'false') {
    explicit = value === 'true';
    const hidden = fromLabel && has(pod.annotations, INJECT_KEY) ? ` (the annotation ${INJECT_KEY}: "${pod.annotations[INJECT_KEY]}" is ignored: the label wins)` : '';
    const readAs = written === value ? '' : ` (read as "${value}": this release takes y, yes, true and on as yes and any other value as no)`;
    steps.push({ rule: source, check: `${source} ${INJECT_KEY}`, outcome: 'decisive', detail: `the pod's ${source} says "${written}"${readAs}${hidden}${source === 'annotation' ? '; the annotation is deprecated, use the label' : ''}`, evidence });
    decidedBy = { rule: source, reason: `${source === 'label' ? 'LABEL' : 'ANNOTATION'}_${value === 'true' ? 'TRUE' : 'FALSE'}` as PolicyReason, what: `the pod ${source} ${INJECT_KEY}="${written}"` };
  } else if (value === '') {
    const detail = fromLabel
      ? `the label is present but empty, so istiod uses the default${has(pod.annotations, INJECT_KEY) ? ` (and ignores the annotation "${pod.annotations[INJECT_KEY]}")` : ''}`
      : `neither the label nor the annotation ${INJECT_KEY} is set, so istiod uses the default`;
    steps.push({ rule: source, check: `label/annotation ${INJECT_KEY}`, outcome: 'pass', detail, evidence });
  } else {
    invalidInjectValue = value;
    const warning = `Invalid value for ${INJECT_KEY}: "${value}". Only 'true' and 'false' are accepted. Falling back to default injection policy.`;
    warnings.push(warning);
    steps.push({ rule: source, check: `${source} ${INJECT_KEY}`, outcome: 'fail', detail: warning, evidence });
  }

  if (explicit === undefined) {
    const never = firstMatching(config.neverInjectSelector, pod.labels, warnings, 'neverInjectSelector');
    if (never) {
      explicit = false;
      decidedBy = { rule: 'neverInjectSelector', reason: 'NEVER_INJECT_SELECTOR', selectorIndex: never.index, what: `neverInjectSelector[${never.index}] (${never.text})` };
      steps.push({ rule: 'neverInjectSelector', check: 'neverInjectSelector', outcome: 'decisive', detail: `the pod's labels match neverInjectSelector[${never.index}]: ${never.text}`, evidence: [{ kind: 'neverInjectSelector', index: never.index }] });
    } else {
      steps.push({ rule: 'neverInjectSelector', check: 'neverInjectSelector', outcome: 'pass', detail: config.neverInjectSelector.length ? 'no entry matches the pod\'s labels' : 'no entries', evidence: [] });
      const always = firstMatching(config.alwaysInjectSelector, pod.labels, warnings, 'alwaysInjectSelector');
      if (always) {
        explicit = true;
        decidedBy = { rule: 'alwaysInjectSelector', reason: 'ALWAYS_INJECT_SELECTOR', selectorIndex: always.index, what: `alwaysInjectSelector[${always.index}] (${always.text})` };
        steps.push({ rule: 'alwaysInjectSelector', check: 'alwaysInjectSelector', outcome: 'decisive', detail: `the pod's labels match alwaysInjectSelector[${always.index}]: ${always.text}`, evidence: [{ kind: 'alwaysInjectSelector', index: always.index }] });
      } else {
        steps.push({ rule: 'alwaysInjectSelector', check: 'alwaysInjectSelector', outcome: 'pass', detail: config.alwaysInjectSelector.length ? 'no entry matches the pod\'s labels' : 'no entries', evidence: [] });
      }
    }
  } else {
    steps.push({ rule: 'neverInjectSelector', check: 'neverInjectSelector', outcome: 'skip', detail: 'not consulted: the pod chose explicitly', evidence: [] });
    steps.push({ rule: 'alwaysInjectSelector', check: 'alwaysInjectSelector', outcome: 'skip', detail: 'not consulted: the pod chose explicitly', evidence: [] });
  }

  const policyEvidence: PolicyEvidence[] = [{ kind: 'policy', value: config.policy }];
  const extra = { ...(decidedBy?.selectorIndex !== undefined ? { selectorIndex: decidedBy.selectorIndex } : {}), ...(invalidInjectValue !== undefined ? { invalidInjectValue } : {}) };
  if (config.policy !== 'enabled' && config.policy !== 'disabled') {
    const warning = `Illegal value for autoInject:${config.policy}, must be one of [disabled,enabled]. Auto injection disabled!`;
    warnings.push(warning);
    steps.push({ rule: 'policy', check: 'policy', outcome: 'decisive', detail: warning, evidence: policyEvidence });
    const { selectorIndex: _overridden, ...rest } = extra;
    return done({ inject: false, rule: 'policy', reason: 'POLICY_INVALID', ...rest, message: `not injected: the injector policy "${config.policy}" is neither enabled nor disabled, so istiod injects nothing` });
  }
  if (decidedBy && explicit !== undefined) {
    steps.push({ rule: 'policy', check: 'policy', outcome: 'skip', detail: `policy ${config.policy}: an explicit choice overrides it`, evidence: policyEvidence });
    return done({ inject: explicit, rule: decidedBy.rule, reason: decidedBy.reason, ...extra, message: `${explicit ? 'injected' : 'not injected'}: ${decidedBy.what}` });
  }
  const inject = config.policy === 'enabled';
  steps.push({ rule: 'policy', check: 'policy', outcome: 'decisive', detail: `nothing chose explicitly, so policy ${config.policy} decides`, evidence: policyEvidence });
  return done({
    inject,
    rule: 'policy',
    reason: inject ? 'POLICY_ENABLED_DEFAULT' : 'POLICY_DISABLED_DEFAULT',
    ...extra,
    message: inject ? 'injected: the injector policy is enabled and nothing opted the pod out' : 'not injected: the injector policy is disabled and nothing opted the pod in',
  });
}
