import { childPath, formatFieldErrors, type FieldError } from './fieldError.ts';
import { isValidLabelValue } from './labelValidation.ts';
import { newRequirement, validateLabelKey, type Operator, type Requirement } from './requirement.ts';
import { everything, nothing, sortByKey, type Selector } from './selector.ts';

/** metav1.LabelSelector as written in YAML. */
export interface LabelSelectorExpression {
  key: string;
  operator: string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorExpression[];
}

const OPERATOR_OF: Record<string, Operator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/** Hostile input: a selector with more requirements than this is refused. */
export const MAX_REQUIREMENTS = 10_000;

export interface ConvertedSelector {
  selector?: Selector;
  /** Why the selector cannot be built, worded as Kubernetes' LabelSelectorAsSelector words it. */
  error?: string;
}

/**
 * metav1.LabelSelectorAsSelector: nil → matches nothing, no requirements → matches everything,
 * otherwise matchLabels as `k=v` and matchExpressions as In/NotIn/Exists/DoesNotExist, sorted by key.
 */
export function labelSelectorAsSelector(ls: LabelSelector | null | undefined): ConvertedSelector {
  if (ls === null || ls === undefined) return { selector: nothing() };
  const labels = ls.matchLabels ?? {};
  const exprs = ls.matchExpressions ?? [];
  const count = Object.keys(labels).length + exprs.length;
  if (count === 0) return { selector: everything() };
  if (count > MAX_REQUIREMENTS) return { error: `more than ${MAX_REQUIREMENTS} requirements` };
  const reqs: Requirement[] = [];
  for (const [k, v] of Object.entries(labels)) {
    const made = newRequirement(k, '=', [v]);
    if (made.errors.length) return { error: formatFieldErrors(made.errors) };
    reqs.push(made.requirement);
  }
  for (const e of exprs) {
    const op = OPERATOR_OF[e.operator];
    if (!op) return { error: `${JSON.stringify(e.operator)} is not a valid label selector operator` };
    const made = newRequirement(e.key, op, e.values ?? []);
    if (made.errors.length) return { error: formatFieldErrors(made.errors) };
    reqs.push(made.requirement);
  }
  return { selector: { requirements: sortByKey(reqs), nothing: false } };
}

/**
 * The API server's validation of a LabelSelector field (what makes `kubectl apply` fail), with
 * its field paths and wording, e.g. `webhooks[0].namespaceSelector.matchExpressions[1].values: Required value: ...`.
 */
export function validateLabelSelector(ls: LabelSelector | null | undefined, path: string): FieldError[] {
  if (!ls) return [];
  const errors: FieldError[] = [];
  const labelsPath = childPath(path, 'matchLabels');
  for (const [k, v] of Object.entries(ls.matchLabels ?? {})) {
    const keyError = validateLabelKey(k, labelsPath);
    if (keyError) errors.push(keyError);
    for (const msg of isValidLabelValue(v)) errors.push({ type: 'Invalid', field: labelsPath, badValue: v, detail: msg });
  }
  (ls.matchExpressions ?? []).forEach((e, i) => {
    const p = `${childPath(path, 'matchExpressions')}[${i}]`;
    const values = e.values ?? [];
    switch (e.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errors.push({ type: 'Required', field: `${p}.values`, detail: "must be specified when `operator` is 'In' or 'NotIn'" });
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errors.push({ type: 'Forbidden', field: `${p}.values`, detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'" });
        break;
      default:
        errors.push({ type: 'Invalid', field: `${p}.operator`, badValue: e.operator, detail: 'not a valid selector operator' });
    }
    for (const msg of isValidKeyMessages(e.key)) errors.push({ type: 'Invalid', field: `${p}.key`, badValue: e.key, detail: msg });
    values.forEach((v, j) => {
      for (const msg of isValidLabelValue(v)) errors.push({ type: 'Invalid', field: `${p}.values[${j}]`, badValue: v, detail: msg });
    });
  });
  return errors;
}

function isValidKeyMessages(key: string): string[] {
  const e = validateLabelKey(key, '');
  return e ? [e.detail] : [];
}

export interface ReadLabelSelector {
  /** undefined when the field is absent; null when it was written as null. */
  selector?: LabelSelector | null;
  /** Shape problems (not a mapping, values not strings...), one line each. */
  problems: string[];
}

/**
 * Reads a LabelSelector out of parsed YAML, checking its shape. Values that YAML typed as numbers
 * or booleans are reported (Kubernetes wants strings) and read as their text.
 */
export function readLabelSelector(raw: unknown): ReadLabelSelector {
  if (raw === undefined) return { problems: [] };
  if (raw === null) return { selector: null, problems: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { problems: ['a label selector must be a mapping'] };
  const problems: string[] = [];
  const obj = raw as Record<string, unknown>;
  const out: LabelSelector = {};
  if (obj.matchLabels !== undefined && obj.matchLabels !== null) {
    if (typeof obj.matchLabels !== 'object' || Array.isArray(obj.matchLabels)) problems.push('matchLabels must be a mapping of strings');
    else {
      out.matchLabels = {};
      for (const [k, v] of Object.entries(obj.matchLabels as Record<string, unknown>)) {
        if (typeof v !== 'string') problems.push(`matchLabels.${k} must be a string (quote it: "${String(v)}")`);
        out.matchLabels[k] = v === null ? '' : String(v);
      }
    }
  }
  if (obj.matchExpressions !== undefined && obj.matchExpressions !== null) {
    if (!Array.isArray(obj.matchExpressions)) problems.push('matchExpressions must be a list');
    else {
      out.matchExpressions = obj.matchExpressions.map((e, i) => {
        const x = (e && typeof e === 'object' ? e : {}) as Record<string, unknown>;
        const values = Array.isArray(x.values) ? x.values : x.values === undefined || x.values === null ? undefined : [x.values];
        if (x.values !== undefined && x.values !== null && !Array.isArray(x.values)) problems.push(`matchExpressions[${i}].values must be a list`);
        values?.forEach((v, j) => {
          if (typeof v !== 'string') problems.push(`matchExpressions[${i}].values[${j}] must be a string (quote it: "${String(v)}")`);
        });
        return {
          key: String(x.key ?? ''),
          operator: String(x.operator ?? ''),
          ...(values ? { values: values.map((v) => String(v)) } : {}),
        };
      });
    }
  }
  return { selector: out, problems };
}
