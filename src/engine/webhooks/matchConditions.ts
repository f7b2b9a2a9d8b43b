/**
 * A webhook's matchConditions, as the API server handles them (Kubernetes' admissionregistration
 * validation, and its matchconditions matcher over cel-go):
 *
 * - When a configuration is written, it is refused for more than 64 conditions, a missing or
 *   duplicate or badly formed name, an empty expression, or an expression that does not compile
 *   (syntax, unknown variables or functions, a result other than bool, a bad regex literal).
 *   Kubernetes does not estimate a webhook's matchCondition cost at this point (it does for CRD
 *   rules); it stops expensive ones while they run.
 * - When a request comes, each expression runs with a cost limit of 1,000,000 (PerCallLimit;
 *   past it the expression fails, "operation cancelled: actual cost limit exceeded"), and the
 *   webhook's conditions together with a budget of 2,500,000 (RuntimeCELCostBudgetMatchConditions;
 *   past it the whole evaluation fails, "validation failed due to running out of cost budget, no
 *   further validation rules will be run"). Any condition false → the webhook is not called; all
 *   true → called; otherwise the webhook's failurePolicy decides.
 */
import { compileMatchCondition, evaluateWithCost, plainSummary } from '../cel/index.ts';
import { isQualifiedName } from '../selectors/index.ts';
import type { AdmissionRequest, RequestObject } from './admissionRequest.ts';

/** One entry of a webhook's `matchConditions`, as written (read by `readMatchConditions`). */
export interface MatchCondition {
  name: string;
  expression: string;
}

export type ConditionOutcome = 'true' | 'false' | 'error' | 'cannot-evaluate';

export interface ConditionCheck {
  name: string;
  expression: string;
  outcome: ConditionOutcome;
  /** Error text, or why meshsim cannot evaluate the expression. */
  message?: string;
  /** cel-go's runtime cost of the evaluation, when it ran. */
  cost?: number;
}

export interface ConditionsCheck {
  /** `pass`: all true (or none); `fail`: one is false; `error`: none false but one failed to evaluate. */
  outcome: 'pass' | 'fail' | 'error';
  why: string;
  conditions: ConditionCheck[];
  /** Set when the webhook's runtime cost budget ran out (the whole evaluation failed). */
  budgetExhausted?: boolean;
}

/** Kubernetes' limits (admissionregistration validation and k8s.io/apiserver/pkg/apis/cel). */
export const MAX_MATCH_CONDITIONS = 64;
export const PER_CALL_LIMIT = 1_000_000;
export const RUNTIME_COST_BUDGET_MATCH_CONDITIONS = 2_500_000;
const MAX_CONVERTED_NODES = 100_000;

/**
 * Functions of Kubernetes' CEL libraries (and cel-go extensions it enables) that cel-js lacks. An
 * expression that calls one compiles on the API server; meshsim says it cannot evaluate it.
 */
const KUBERNETES_ONLY_FUNCTIONS = new Set([
  'url', 'isURL', 'getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath', 'getQuery', 'find', 'findAll',
  'isSorted', 'sum', 'min', 'max', 'indexOf', 'lastIndexOf', 'quantity', 'isQuantity', 'sign', 'isGreaterThan', 'isLessThan',
  'compareTo', 'add', 'sub', 'asInteger', 'isInteger', 'asApproximateFloat', 'ip', 'isIP', 'isCanonical', 'family',
  'isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast', 'cidr', 'isCIDR',
  'containsIP', 'containsCIDR', 'masked', 'prefixLength', 'format', 'validate', 'charAt', 'lowerAscii', 'upperAscii', 'replace',
  'split', 'substring', 'trim', 'join', 'quote', 'reverse', 'contains', 'equivalent', 'intersects', 'existsOne',
  'transformList', 'transformMap', 'transformMapEntry', 'semver', 'isSemver', 'major', 'minor', 'patch', 'image', 'isImage',
  'containsDigest', 'registry', 'repository', 'identifier', 'tag', 'digest', 'path', 'group', 'serviceAccount', 'resource',
  'subresource', 'namespace', 'name', 'check', 'allowed', 'reason', 'errored', 'error', 'fieldSelector', 'labelSelector',
]);

/** A compile error that names a function only Kubernetes' library has. */
function kubernetesOnlyFunction(error: string): string | undefined {
  const m = /(?:found no matching overload for|Function not found:?|Unknown function:?) '?(?:[\w<>, ]+\.)?(\w+)\(/.exec(error);
  return m && KUBERNETES_ONLY_FUNCTIONS.has(m[1]) ? m[1] : undefined;
}

export interface ReadMatchConditions {
  conditions: MatchCondition[];
  /** What the API server would refuse, worded as its field errors (`webhooks[0].matchConditions[1].name: Required value`). */
  problems: string[];
}

/** encoding/json's refusal when a field of MatchCondition holds a non-string. */
function notAString(v: unknown, field: string): string {
  const kind = typeof v === 'number' || typeof v === 'bigint' ? 'number' : typeof v === 'boolean' ? 'bool' : Array.isArray(v) ? 'array' : 'object';
  return `json: cannot unmarshal ${kind} into Go struct field MatchCondition.webhooks.matchConditions.${field} of type string`;
}

/** Reads a webhook's `matchConditions` and validates them as the API server does when the configuration is written. */
export function readMatchConditions(raw: unknown, at: string): ReadMatchConditions {
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { conditions: [], problems };
  if (!Array.isArray(raw)) {
    return { conditions: [], problems: [`json: cannot unmarshal ${typeof raw === 'object' ? 'object' : typeof raw === 'string' ? 'string' : 'number'} into Go struct field MutatingWebhook.webhooks.matchConditions of type []v1.MatchCondition`] };
  }
  const path = `${at}.matchConditions`;
  if (raw.length > MAX_MATCH_CONDITIONS) problems.push(`${path}: Too many: ${raw.length}: must have at most ${MAX_MATCH_CONDITIONS} items`);
  const seen = new Set<string>();
  const conditions: MatchCondition[] = [];
  raw.forEach((item: unknown, i: number) => {
    const here = `${path}[${i}]`;
    const m = (item && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Record<string, unknown>;
    if (item !== null && item !== undefined && (typeof item !== 'object' || Array.isArray(item))) {
      problems.push(`json: cannot unmarshal ${Array.isArray(item) ? 'array' : typeof item === 'string' ? 'string' : typeof item === 'boolean' ? 'bool' : 'number'} into Go struct field MutatingWebhook.webhooks.matchConditions of type v1.MatchCondition`);
    }
    const fields: Record<'name' | 'expression', string> = { name: '', expression: '' };
    let undecodable = false;
    for (const f of ['name', 'expression'] as const) {
      const v = m[f];
      if (v === undefined || v === null) continue;
      if (typeof v === 'string') fields[f] = v;
      else {
        problems.push(notAString(v, f));
        undecodable = true;
      }
    }
    const { name, expression } = fields;
    conditions.push({ name, expression });
    // The API server cannot decode such an object, so it never gets as far as validating it.
    if (undecodable) return;
    if (expression.trim() === '') problems.push(`${here}.expression: Required value`);
    else {
      const compiled = compileMatchCondition(expression.trim());
      if (!compiled.ok && !kubernetesOnlyFunction(compiled.error)) problems.push(`${here}.expression: Invalid value: ${JSON.stringify(expression)}: ${compiled.error}`);
    }
    if (name === '') problems.push(`${here}.name: Required value`);
    else {
      for (const msg of isQualifiedName(name)) problems.push(`${here}.name: Invalid value: ${JSON.stringify(name)}: ${msg}`);
      if (seen.has(name)) problems.push(`${here}.name: Duplicate value: ${JSON.stringify(name)}`);
      seen.add(name);
    }
  });
  return { conditions, problems };
}

/** YAML numbers that are whole become CEL ints (Kubernetes' integer fields); the rest stay doubles. */
function toCel(value: unknown, budget: { left: number }): unknown {
  if (--budget.left < 0) throw new Error('object too large to evaluate');
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map((v) => toCel(v, budget));
  if (value && typeof value === 'object') {
    // No prototype, and keys defined rather than assigned: a `__proto__` key is a key like any other.
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: toCel(v, budget), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

function objectValue(o: RequestObject | null): Record<string, any> | null {
  if (!o) return null;
  if (o.value) return o.value;
  return o.noMetadata ? { kind: o.kind } : { kind: o.kind, metadata: { labels: o.labels ?? {} } };
}

function variables(r: AdmissionRequest): Record<string, unknown> {
  const budget = { left: MAX_CONVERTED_NODES };
  const request = {
    operation: r.operation,
    kind: { group: r.group, version: r.version, kind: r.object?.kind ?? '' },
    resource: { group: r.group, version: r.version, resource: r.resource },
    subResource: r.subresource,
    requestKind: { group: r.group, version: r.version, kind: r.object?.kind ?? '' },
    requestResource: { group: r.group, version: r.version, resource: r.resource },
    namespace: r.namespace,
    name: objectValue(r.object)?.metadata?.name ?? '',
    dryRun: false,
    userInfo: { username: '', groups: [] },
  };
  return {
    object: toCel(objectValue(r.object), budget),
    oldObject: toCel(objectValue(r.oldObject), budget),
    request: toCel(request, budget),
    namespaceObject: toCel(r.namespaceObject ?? null, budget),
    authorizer: null,
  };
}

/** Variables the API server offers that meshsim cannot supply. */
const UNSUPPORTED_VARIABLES = ['authorizer'];

interface Evaluated {
  check: ConditionCheck;
  cost: number;
}

function evaluateOne(c: MatchCondition, vars: Record<string, unknown>): Evaluated {
  const base = { name: c.name, expression: c.expression };
  const compiled = compileMatchCondition(c.expression.trim());
  if (!compiled.ok) {
    const fn = kubernetesOnlyFunction(compiled.error);
    const message = fn
      ? `cannot evaluate: \`${fn}()\` is a function of Kubernetes' CEL library that meshsim does not have`
      : `compilation error: ${compiled.error}`;
    return { check: { ...base, outcome: fn ? 'cannot-evaluate' : 'error', message }, cost: 0 };
  }
  const used = UNSUPPORTED_VARIABLES.find((v) => new RegExp(`\\b${v}\\b`).test(c.expression));
  if (used) return { check: { ...base, outcome: 'cannot-evaluate', message: `cannot evaluate: the expression uses \`${used}\`, which meshsim does not simulate` }, cost: 0 };
  const run = evaluateWithCost(() => compiled.compiled.run(vars), PER_CALL_LIMIT);
  if (run.exceeded) {
    return { check: { ...base, outcome: 'error', message: `expression '${c.expression}' resulted in error: operation cancelled: actual cost limit exceeded (PerCallLimit ${PER_CALL_LIMIT})`, cost: run.cost }, cost: run.cost };
  }
  if (run.error !== undefined) {
    const text = plainSummary(run.error instanceof Error ? run.error.message : String(run.error));
    if (/no matching overload/.test(text)) {
      return { check: { ...base, outcome: 'cannot-evaluate', message: `cannot evaluate: ${text} (a function Kubernetes' CEL library has but meshsim's lacks, or a type mismatch)`, cost: run.cost }, cost: run.cost };
    }
    return { check: { ...base, outcome: 'error', message: `expression '${c.expression}' resulted in error: ${text}`, cost: run.cost }, cost: run.cost };
  }
  if (typeof run.value !== 'boolean') return { check: { ...base, outcome: 'error', message: `the expression must evaluate to a bool, got ${typeof run.value}`, cost: run.cost }, cost: run.cost };
  return { check: { ...base, outcome: run.value ? 'true' : 'false', cost: run.cost }, cost: run.cost };
}

/**
 * The API server's rule for matchConditions: any false → not called; all true → called;
 * otherwise (an error and no false) failurePolicy decides. The conditions share one cost budget.
 */
export function checkMatchConditions(conditions: MatchCondition[], r: AdmissionRequest): ConditionsCheck {
  if (!conditions.length) return { outcome: 'pass', why: 'no matchConditions', conditions: [] };
  let vars: Record<string, unknown>;
  try {
    vars = variables(r);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const checks = conditions.map((c): ConditionCheck => ({ name: c.name, expression: c.expression, outcome: 'cannot-evaluate', message }));
    return { outcome: 'error', why: message, conditions: checks };
  }
  let remaining = RUNTIME_COST_BUDGET_MATCH_CONDITIONS;
  const checks: ConditionCheck[] = [];
  for (const c of conditions) {
    const { check, cost } = evaluateOne(c, vars);
    checks.push(check);
    if (cost > remaining) {
      const why = `validation failed due to running out of cost budget, no further validation rules will be run (the webhook's matchConditions may cost ${RUNTIME_COST_BUDGET_MATCH_CONDITIONS} together; ${check.name} alone cost ${cost})`;
      return { outcome: 'error', why, conditions: checks, budgetExhausted: true };
    }
    remaining -= cost;
  }
  const falseOne = checks.find((c) => c.outcome === 'false');
  if (falseOne) return { outcome: 'fail', why: `matchCondition ${falseOne.name} is false`, conditions: checks };
  const bad = checks.find((c) => c.outcome === 'error' || c.outcome === 'cannot-evaluate');
  if (bad) return { outcome: 'error', why: `matchCondition ${bad.name}: ${bad.message}`, conditions: checks };
  return { outcome: 'pass', why: `all ${checks.length} matchConditions are true`, conditions: checks };
}
