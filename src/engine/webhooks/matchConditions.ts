import { Environment } from '@marcbachmann/cel-js';
import type { AdmissionRequest, RequestObject } from './admissionRequest.ts';
import type { MatchCondition } from './webhookConfiguration.ts';

export type ConditionOutcome = 'true' | 'false' | 'error' | 'cannot-evaluate';

export interface ConditionCheck {
  name: string;
  expression: string;
  outcome: ConditionOutcome;
  /** Error text, or why meshsim cannot evaluate the expression. */
  message?: string;
}

export interface ConditionsCheck {
  /** `pass`: all true (or none); `fail`: one is false; `error`: none false but one failed to evaluate. */
  outcome: 'pass' | 'fail' | 'error';
  why: string;
  conditions: ConditionCheck[];
}

/** Hostile input: longer expressions are not evaluated (the API server caps them too). */
export const MAX_EXPRESSION_LENGTH = 10_000;
const MAX_CONVERTED_NODES = 100_000;

/** Kubernetes' CEL environment has optional types (`.?field`, `orValue`); the variables are dynamic objects. */
const env = new Environment({ unlistedVariablesAreDyn: true, enableOptionalTypes: true });

/** Variables the API server offers that meshsim cannot supply. */
const UNSUPPORTED_VARIABLES = ['authorizer', 'params', 'variables'];

/** YAML numbers that are whole become CEL ints (Kubernetes' integer fields); the rest stay doubles. */
function toCel(value: unknown, budget: { left: number }): unknown {
  if (--budget.left < 0) throw new Error('object too large to evaluate');
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map((v) => toCel(v, budget));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toCel(v, budget);
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
  };
}

function evaluateOne(c: MatchCondition, vars: Record<string, unknown>): ConditionCheck {
  const base = { name: c.name, expression: c.expression };
  if (c.expression.length > MAX_EXPRESSION_LENGTH) return { ...base, outcome: 'cannot-evaluate', message: `the expression is longer than ${MAX_EXPRESSION_LENGTH} characters` };
  const used = UNSUPPORTED_VARIABLES.find((v) => new RegExp(`\\b${v}\\b`).test(c.expression));
  if (used) return { ...base, outcome: 'cannot-evaluate', message: `cannot evaluate: the expression uses \`${used}\`, which meshsim does not simulate` };
  try {
    const value = env.evaluate(c.expression, vars);
    if (typeof value !== 'boolean') return { ...base, outcome: 'error', message: `the expression must evaluate to a bool, got ${typeof value}` };
    return { ...base, outcome: value ? 'true' : 'false' };
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    if (/no matching overload/.test(message)) {
      return { ...base, outcome: 'cannot-evaluate', message: `cannot evaluate: ${message} (a function Kubernetes' CEL library has but meshsim's lacks, or a type mismatch)` };
    }
    const parse = err instanceof Error && err.name === 'ParseError';
    return { ...base, outcome: 'error', message: parse ? `the expression does not compile: ${message}` : message };
  }
}

/**
 * The API server's rule for matchConditions: any false → not called; all true → called;
 * otherwise (an error and no false) failurePolicy decides.
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
  const checks = conditions.map((c) => evaluateOne(c, vars));
  const falseOne = checks.find((c) => c.outcome === 'false');
  if (falseOne) return { outcome: 'fail', why: `matchCondition ${falseOne.name} is false`, conditions: checks };
  const bad = checks.find((c) => c.outcome === 'error' || c.outcome === 'cannot-evaluate');
  if (bad) return { outcome: 'error', why: `matchCondition ${bad.name}: ${bad.message}`, conditions: checks };
  return { outcome: 'pass', why: `all ${checks.length} matchConditions are true`, conditions: checks };
}
