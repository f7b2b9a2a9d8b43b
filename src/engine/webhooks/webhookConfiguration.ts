import { formatFieldError } from '../selectors/index.ts';
import { readLabelSelector, validateLabelSelector, type LabelSelector } from '../selectors/index.ts';
import { readMatchConditions, type MatchCondition } from './matchConditions.ts';

/** One entry of a webhook's `rules`, with the API's defaults applied. */
export interface WebhookRule {
  operations: string[];
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  /** `*` (the default), `Namespaced` or `Cluster`. */
  scope: string;
}

export interface WebhookClientConfig {
  url?: string;
  service?: { name: string; namespace: string; path?: string; port?: number };
}

/** A webhook of a MutatingWebhookConfiguration as the API server would store it (defaults applied). */
export interface MutatingWebhook {
  /** The configuration's metadata.name. */
  configuration: string;
  name: string;
  /** Position in the configuration's `webhooks` list. */
  index: number;
  rules: WebhookRule[];
  namespaceSelector: LabelSelector;
  objectSelector: LabelSelector;
  /** Whether each selector was written (an omitted one is defaulted to `{}`). */
  namespaceSelectorWritten: boolean;
  objectSelectorWritten: boolean;
  matchConditions: MatchCondition[];
  failurePolicy: string;
  reinvocationPolicy: string;
  matchPolicy: string;
  clientConfig: WebhookClientConfig;
  /** Validation problems; a configuration with any would be refused by the API server. */
  problems: string[];
}

export interface WebhookConfiguration {
  name: string;
  labels: Record<string, string>;
  webhooks: MutatingWebhook[];
  /** Problems with the configuration itself (e.g. `webhooks` not a list). */
  problems: string[];
}

/** Hostile input: configurations with more webhooks or rules than this are cut short. */
export const MAX_WEBHOOKS = 1000;
export const MAX_RULES = 1000;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => String(x)) : []);

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) out[k] = x === null ? '' : String(x);
  return out;
}

function readSelector(raw: unknown, path: string, problems: string[]): { selector: LabelSelector; written: boolean } {
  const read = readLabelSelector(raw);
  problems.push(...read.problems.map((p) => `${path}: ${p}`));
  const selector = read.selector ?? {};
  problems.push(...validateLabelSelector(selector, path).map(formatFieldError));
  return { selector, written: raw !== undefined && raw !== null };
}

/** Reads a MutatingWebhookConfiguration object (parsed YAML), applying the API server's defaults. */
export function readWebhookConfiguration(value: Record<string, any>): WebhookConfiguration {
  const name = String(value.metadata?.name ?? '');
  const problems: string[] = [];
  if (!name) problems.push('metadata.name: Required value');
  const raw = value.webhooks;
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) problems.push('webhooks must be a list');
  const list: unknown[] = Array.isArray(raw) ? raw : [];
  if (list.length > MAX_WEBHOOKS) problems.push(`more than ${MAX_WEBHOOKS} webhooks: the rest are not read`);
  const webhooks = list.slice(0, MAX_WEBHOOKS).map((w, index) => readWebhook(name, (w ?? {}) as Record<string, any>, index));
  return { name, labels: stringMap(value.metadata?.labels), webhooks, problems };
}

function readWebhook(configuration: string, w: Record<string, any>, index: number): MutatingWebhook {
  const problems: string[] = [];
  const at = `webhooks[${index}]`;
  const name = String(w.name ?? '');
  if (!name) problems.push(`${at}.name: Required value`);
  const rawRules: unknown[] = Array.isArray(w.rules) ? w.rules.slice(0, MAX_RULES) : [];
  const rules = rawRules.map((r: any): WebhookRule => ({
    operations: strings(r?.operations),
    apiGroups: strings(r?.apiGroups),
    apiVersions: strings(r?.apiVersions),
    resources: strings(r?.resources),
    scope: r?.scope === undefined || r?.scope === null ? '*' : typeof r.scope === 'object' ? JSON.stringify(r.scope) : String(r.scope),
  }));
  rules.forEach((r, i) => {
    if (!['*', 'Namespaced', 'Cluster'].includes(r.scope)) problems.push(`${at}.rules[${i}].scope: Unsupported value: ${JSON.stringify(r.scope)}: supported values: "*", "Cluster", "Namespaced"`);
  });
  const ns = readSelector(w.namespaceSelector, `${at}.namespaceSelector`, problems);
  const obj = readSelector(w.objectSelector, `${at}.objectSelector`, problems);
  const { conditions: matchConditions, problems: conditionProblems } = readMatchConditions(w.matchConditions, at);
  problems.push(...conditionProblems);
  const failurePolicy = w.failurePolicy === undefined || w.failurePolicy === null ? 'Fail' : typeof w.failurePolicy === 'object' ? JSON.stringify(w.failurePolicy) : String(w.failurePolicy);
  if (!['Fail', 'Ignore'].includes(failurePolicy)) problems.push(`${at}.failurePolicy: Unsupported value: ${JSON.stringify(failurePolicy)}: supported values: "Fail", "Ignore"`);
  const reinvocationPolicy = w.reinvocationPolicy === undefined || w.reinvocationPolicy === null ? 'Never' : String(w.reinvocationPolicy);
  const cc = (w.clientConfig ?? {}) as Record<string, any>;
  const clientConfig: WebhookClientConfig = {};
  if (typeof cc.url === 'string') clientConfig.url = cc.url;
  if (cc.service && typeof cc.service === 'object') {
    clientConfig.service = { name: String(cc.service.name ?? ''), namespace: String(cc.service.namespace ?? '') };
    if (cc.service.path !== undefined) clientConfig.service.path = String(cc.service.path);
    clientConfig.service.port = cc.service.port === undefined ? 443 : Number(cc.service.port);
  }
  return {
    configuration,
    name,
    index,
    rules,
    namespaceSelector: ns.selector,
    objectSelector: obj.selector,
    namespaceSelectorWritten: ns.written,
    objectSelectorWritten: obj.written,
    matchConditions,
    failurePolicy,
    reinvocationPolicy,
    matchPolicy: w.matchPolicy === undefined || w.matchPolicy === null ? 'Equivalent' : String(w.matchPolicy),
    clientConfig,
    problems,
  };
}

/** Byte-order comparison, as Go sorts strings (the API server calls configurations in name order). */
export const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
