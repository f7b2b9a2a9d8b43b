import type { AdmissionRequest, RequestObject } from './admissionRequest.ts';
import { checkMatchConditions, type ConditionsCheck } from './matchConditions.ts';
import { checkRules, type RulesCheck } from './rules.ts';
import { checkSelector, type SelectorCheck } from './selectorCheck.ts';
import { byteOrder, type MutatingWebhook, type WebhookConfiguration } from './webhookConfiguration.ts';

/** Which of the API server's checks settled that a webhook is not called. */
export type WebhookStage = 'invalid' | 'namespaceSelector' | 'objectSelector' | 'rules' | 'matchConditions';

export interface WebhookEvaluation {
  configuration: string;
  webhook: string;
  webhookIndex: number;
  called: boolean;
  /** The first check that kept the webhook from being called, in the API server's order. */
  stoppedAt?: WebhookStage;
  /** One sentence for the user. */
  reason: string;
  namespaceSelector: SelectorCheck;
  objectSelector: SelectorCheck;
  rules: RulesCheck;
  matchConditions: ConditionsCheck;
  failurePolicy: string;
  reinvocationPolicy: string;
  /** Set when the request is rejected because a matchCondition failed and failurePolicy is Fail. */
  rejects?: string;
}

const skipped = (why: string): SelectorCheck => ({ outcome: 'skip', empty: false, why, requirements: [] });

function namespaceCheck(w: MutatingWebhook, r: AdmissionRequest): SelectorCheck {
  if (r.namespace === '' && r.resource !== 'namespaces') return skipped('a cluster-scoped request is never filtered by namespaceSelector');
  const check = checkSelector(w.namespaceSelector, r.namespaceLabels, `namespace ${r.namespace || '(the Namespace object)'}`);
  if (!w.namespaceSelectorWritten && check.outcome === 'pass') check.why = 'no namespaceSelector (defaults to {}, which matches every namespace)';
  return check;
}

function objectCheck(w: MutatingWebhook, r: AdmissionRequest): SelectorCheck {
  const empty = checkSelector(w.objectSelector, {}, 'the object');
  if (empty.outcome === 'error') return empty;
  if (empty.empty) {
    if (!w.objectSelectorWritten) empty.why = 'no objectSelector (defaults to {}, which matches every object)';
    return empty;
  }
  const labelsOf = (o: RequestObject | null) => (o && !o.noMetadata ? (o.labels ?? {}) : undefined);
  const now = labelsOf(r.object);
  const old = labelsOf(r.oldObject);
  const onNew = now ? checkSelector(w.objectSelector, now, `the ${r.object?.kind ?? 'object'}`) : undefined;
  if (onNew?.outcome === 'pass') return onNew;
  const onOld = old ? checkSelector(w.objectSelector, old, `the old ${r.oldObject?.kind ?? 'object'}`) : undefined;
  if (onOld?.outcome === 'pass') return onOld;
  if (onNew) return onNew;
  if (onOld) return onOld;
  return { ...checkSelector(w.objectSelector, {}, 'the object'), outcome: 'fail', why: 'the request carries no object with metadata, so a non-empty objectSelector cannot match' };
}

/**
 * Selector checks remembered across requests that differ only in their labels (the truth table's
 * label combinations): a namespace check by the namespace labels object, an object check by the
 * object's labels object. Only for requests of one namespace, resource and object kind.
 */
export interface SelectorMemo {
  namespace: WeakMap<object, Map<MutatingWebhook, SelectorCheck>>;
  object: WeakMap<object, Map<MutatingWebhook, SelectorCheck>>;
  /** The rules do not read labels: one check per webhook. */
  rules: Map<MutatingWebhook, RulesCheck>;
}

export function selectorMemo(): SelectorMemo {
  return { namespace: new WeakMap(), object: new WeakMap(), rules: new Map() };
}

function remembered(memo: WeakMap<object, Map<MutatingWebhook, SelectorCheck>>, key: object | undefined, w: MutatingWebhook, check: () => SelectorCheck): SelectorCheck {
  if (!key) return check();
  let byWebhook = memo.get(key);
  if (!byWebhook) memo.set(key, (byWebhook = new Map()));
  let c = byWebhook.get(w);
  if (!c) byWebhook.set(w, (c = check()));
  return c;
}

/** The API server's answer for one webhook, built in one shape (key order as the result shows it). */
function evaluation(
  w: MutatingWebhook,
  checks: { namespaceSelector: SelectorCheck; objectSelector: SelectorCheck; rules: RulesCheck },
  matchConditions: ConditionsCheck,
  stoppedAt: WebhookStage | undefined,
  reason: string,
  rejects?: string,
): WebhookEvaluation {
  // Two literals rather than spreads of a shared part: this runs for every webhook of every label
  // combination of the truth table, and a spread copies property by property into a new shape.
  const { namespaceSelector, objectSelector, rules } = checks;
  if (stoppedAt === undefined) {
    return { configuration: w.configuration, webhook: w.name, webhookIndex: w.index, namespaceSelector, objectSelector, rules, failurePolicy: w.failurePolicy, reinvocationPolicy: w.reinvocationPolicy, matchConditions, called: true, reason };
  }
  const out: WebhookEvaluation = { configuration: w.configuration, webhook: w.name, webhookIndex: w.index, namespaceSelector, objectSelector, rules, failurePolicy: w.failurePolicy, reinvocationPolicy: w.reinvocationPolicy, matchConditions, called: false, stoppedAt, reason };
  if (rejects !== undefined) out.rejects = rejects;
  return out;
}

const notEvaluated = (): ConditionsCheck => ({ outcome: 'pass', why: 'not evaluated: an earlier check already failed', conditions: [] });

/** Decides, as the API server does, whether one webhook is called for the request. */
export function evaluateWebhook(w: MutatingWebhook, r: AdmissionRequest, memo?: SelectorMemo): WebhookEvaluation {
  const namespaceSelector = memo ? remembered(memo.namespace, r.namespaceLabels, w, () => namespaceCheck(w, r)) : namespaceCheck(w, r);
  const objectSelector = memo && !r.oldObject ? remembered(memo.object, r.object?.labels, w, () => objectCheck(w, r)) : objectCheck(w, r);
  let rules = memo?.rules.get(w);
  if (!rules) {
    rules = checkRules(w.rules, r);
    memo?.rules.set(w, rules);
  }
  const checks = { namespaceSelector, objectSelector, rules };
  if (w.problems.length) return evaluation(w, checks, notEvaluated(), 'invalid', `the API server would refuse this webhook: ${w.problems[0]}`);
  if (namespaceSelector.outcome === 'fail' || namespaceSelector.outcome === 'error') return evaluation(w, checks, notEvaluated(), 'namespaceSelector', namespaceSelector.why);
  if (objectSelector.outcome === 'fail' || objectSelector.outcome === 'error') return evaluation(w, checks, notEvaluated(), 'objectSelector', objectSelector.why);
  if (!rules.matched) return evaluation(w, checks, notEvaluated(), 'rules', rules.why);
  const matchConditions = checkMatchConditions(w.matchConditions, r);
  if (matchConditions.outcome === 'fail') return evaluation(w, checks, matchConditions, 'matchConditions', matchConditions.why);
  if (matchConditions.outcome === 'error') {
    if (w.failurePolicy === 'Ignore') return evaluation(w, checks, matchConditions, 'matchConditions', `${matchConditions.why}; failurePolicy Ignore skips the webhook`);
    return evaluation(w, checks, matchConditions, 'matchConditions', `${matchConditions.why}; failurePolicy Fail rejects the request`, matchConditions.why);
  }
  const selectors = [namespaceSelector, objectSelector].filter((s) => s.outcome === 'pass' && !s.empty).map((s) => s.why);
  return evaluation(w, checks, matchConditions, undefined, selectors.length ? `called: ${selectors.join('; ')}` : 'called: its rules cover the request and no selector excludes it');
}

/**
 * Every webhook of every configuration, in the order the API server considers them: configurations
 * by metadata.name (byte order), webhooks in list order.
 */
export function evaluateWebhooks(configurations: WebhookConfiguration[], r: AdmissionRequest, memo?: SelectorMemo): WebhookEvaluation[] {
  const sorted = [...configurations].sort((a, b) => byteOrder(a.name, b.name));
  return sorted.flatMap((c) => c.webhooks.map((w) => evaluateWebhook(w, r, memo)));
}
