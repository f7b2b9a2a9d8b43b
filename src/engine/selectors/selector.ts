import { formatFieldErrors, type FieldError } from './fieldError.ts';
import { newRequirement, requirementMatches, requirementString, type Labels, type Requirement } from './requirement.ts';

/**
 * A label selector as Kubernetes evaluates it: requirements ANDed. `nothing` marks the selector
 * that matches no label set at all (what a nil *LabelSelector converts to) — distinct from the
 * empty selector, which matches everything.
 */
export interface Selector {
  requirements: Requirement[];
  nothing: boolean;
}

export const everything = (): Selector => ({ requirements: [], nothing: false });
export const nothing = (): Selector => ({ requirements: [], nothing: true });

export function selectorMatches(s: Selector, labels: Labels): boolean {
  if (s.nothing) return false;
  return s.requirements.every((r) => requirementMatches(r, labels));
}

/** Empty(): no requirements (matches everything). The match-nothing selector is not empty. */
export function selectorIsEmpty(s: Selector): boolean {
  return !s.nothing && s.requirements.length === 0;
}

export function selectorString(s: Selector): string {
  return s.nothing ? '' : s.requirements.map(requirementString).join(',');
}

/** Sorts requirements by key, keeping the given order among equal keys (selector.Add). */
export function sortByKey(reqs: Requirement[]): Requirement[] {
  return reqs
    .map((r, i) => [r, i] as const)
    .sort(([a, i], [b, j]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : i - j))
    .map(([r]) => r);
}

export interface SelectorResult {
  selector?: Selector;
  errors: FieldError[];
  /** The errors printed as Kubernetes prints them; absent when valid. */
  error?: string;
}

function result(selector: Selector | undefined, errors: FieldError[]): SelectorResult {
  return errors.length ? { errors, error: formatFieldErrors(errors) } : { selector, errors };
}

/** A selector made of these requirements, in the given order (each through NewRequirement). */
export function selectorFromRequirements(reqs: readonly { key: string; operator: string; values?: readonly string[] }[]): SelectorResult {
  const errors: FieldError[] = [];
  const requirements: Requirement[] = [];
  for (const r of reqs) {
    const made = newRequirement(r.key, r.operator, r.values ?? []);
    errors.push(...made.errors);
    requirements.push(made.requirement);
  }
  return result({ requirements, nothing: false }, errors);
}

/** labels.SelectorFromSet: `k=v` for each pair, unvalidated; null and {} are the empty selector. */
export function selectorFromSet(set: Labels | null | undefined): Selector {
  const requirements = Object.keys(set ?? {}).map((k): Requirement => ({ key: k, operator: '=', values: [set![k]] }));
  return { requirements: sortByKey(requirements), nothing: false };
}

/** labels.ValidatedSelectorFromSet: as selectorFromSet, but every key and value is validated. */
export function validatedSelectorFromSet(set: Labels | null | undefined): SelectorResult {
  const errors: FieldError[] = [];
  const requirements: Requirement[] = [];
  for (const k of Object.keys(set ?? {}).sort()) {
    const made = newRequirement(k, '=', [set![k]]);
    if (made.errors.length) {
      errors.push(...made.errors);
      break; // Go stops at the first bad pair
    }
    requirements.push(made.requirement);
  }
  return result({ requirements, nothing: false }, errors);
}
