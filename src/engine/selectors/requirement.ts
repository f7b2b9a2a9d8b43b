import { childPath, type FieldError } from './fieldError.ts';
import { isQualifiedName, isValidLabelValue } from './labelValidation.ts';

/** The operators of Kubernetes' `selection` package, spelled as the string form writes them. */
export type Operator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export const OPERATORS: readonly Operator[] = ['in', 'notin', '=', '==', '!=', 'exists', '!', 'gt', 'lt'];

/** One condition on one label key. Values are kept as given; String() sorts them for printing. */
export interface Requirement {
  key: string;
  operator: Operator;
  values: string[];
}

export type Labels = Readonly<Record<string, string>>;

const INT64 = /^[+-]?[0-9]+$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's strconv.ParseInt(s, 10, 64): an optional sign and decimal digits, within int64. */
export function parseInt64(s: string): bigint | undefined {
  if (!INT64.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

export function validateLabelKey(key: string, path: string): FieldError | undefined {
  const errs = isQualifiedName(key);
  return errs.length ? { type: 'Invalid', field: path, badValue: key, detail: errs.join('; ') } : undefined;
}

/**
 * labels.NewRequirement: checks the key, the number (and, for gt/lt, the form) of values for the
 * operator, and every value; returns the requirement together with every error found.
 */
export function newRequirement(key: string, operator: string, values: readonly string[], path = ''): { requirement: Requirement; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const keyError = validateLabelKey(key, childPath(path, 'key'));
  if (keyError) errors.push(keyError);
  const valuePath = childPath(path, 'values');
  const vals = [...values];
  switch (operator) {
    case 'in':
    case 'notin':
      if (vals.length === 0) errors.push({ type: 'Invalid', field: valuePath, badValue: vals, detail: "for 'in', 'notin' operators, values set can't be empty" });
      break;
    case '=':
    case '==':
    case '!=':
      if (vals.length !== 1) errors.push({ type: 'Invalid', field: valuePath, badValue: vals, detail: 'exact-match compatibility requires one single value' });
      break;
    case 'exists':
    case '!':
      if (vals.length !== 0) errors.push({ type: 'Invalid', field: valuePath, badValue: vals, detail: 'values set must be empty for exists and does not exist' });
      break;
    case 'gt':
    case 'lt':
      if (vals.length !== 1) errors.push({ type: 'Invalid', field: valuePath, badValue: vals, detail: "for 'Gt', 'Lt' operators, exactly one value is required" });
      vals.forEach((v, i) => {
        if (parseInt64(v) === undefined) errors.push({ type: 'Invalid', field: `${valuePath}[${i}]`, badValue: v, detail: "for 'Gt', 'Lt' operators, the value must be an integer" });
      });
      break;
    default:
      errors.push({
        type: 'NotSupported',
        field: childPath(path, 'operator'),
        badValue: operator,
        detail: `supported values: ${OPERATORS.map((o) => JSON.stringify(o)).join(', ')}`,
      });
  }
  vals.forEach((v, i) => {
    const errs = isValidLabelValue(v);
    if (errs.length) errors.push({ type: 'Invalid', field: `${valuePath}[${i}][${key}]`, badValue: v, detail: errs.join('; ') });
  });
  return { requirement: { key, operator: operator as Operator, values: vals }, errors };
}

const has = (labels: Labels, key: string) => Object.prototype.hasOwnProperty.call(labels, key);

export function requirementMatches(r: Requirement, labels: Labels): boolean {
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has(labels, r.key) && r.values.includes(labels[r.key]);
    case 'notin':
    case '!=':
      return !has(labels, r.key) || !r.values.includes(labels[r.key]);
    case 'exists':
      return has(labels, r.key);
    case '!':
      return !has(labels, r.key);
    case 'gt':
    case 'lt': {
      if (!has(labels, r.key) || r.values.length !== 1) return false;
      const actual = parseInt64(labels[r.key]);
      const bound = parseInt64(r.values[0]);
      if (actual === undefined || bound === undefined) return false;
      return r.operator === 'gt' ? actual > bound : actual < bound;
    }
    default:
      return false;
  }
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Requirement.String(): `k=v`, `k in (a,b)` with values sorted, `k`, `!k`, `k>1`. */
export function requirementString(r: Requirement): string {
  const prefix = r.operator === '!' ? `!${r.key}` : r.key;
  const values = r.values.length === 1 ? r.values[0] : [...r.values].sort(byteOrder).join(',');
  switch (r.operator) {
    case 'exists':
    case '!':
      return prefix;
    case 'in':
      return `${prefix} in (${values})`;
    case 'notin':
      return `${prefix} notin (${values})`;
    case 'gt':
      return `${prefix}>${values}`;
    case 'lt':
      return `${prefix}<${values}`;
    default:
      return `${prefix}${r.operator}${values}`;
  }
}

/** The requirement's values as a set: sorted and without duplicates (Go's Values()). */
export function requirementValues(r: Requirement): string[] {
  return [...new Set(r.values)].sort(byteOrder);
}
