/** A validation error shaped like Kubernetes' field.Error, printed the way the API server prints it. */
export type FieldErrorType = 'Invalid' | 'NotSupported' | 'Required' | 'Forbidden';

export interface FieldError {
  type: FieldErrorType;
  /** The field path, e.g. `values[0]` or `spec.selector.matchExpressions[1].operator`. */
  field: string;
  badValue?: unknown;
  detail: string;
}

function goQuote(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[]string{${value.map((v) => JSON.stringify(String(v))).join(', ')}}`;
  if (value === null || value === undefined) return 'null';
  return String(value);
}

export function formatFieldError(e: FieldError): string {
  switch (e.type) {
    case 'Required':
      return `${e.field}: Required value${e.detail ? `: ${e.detail}` : ''}`;
    case 'Forbidden':
      return `${e.field}: Forbidden${e.detail ? `: ${e.detail}` : ''}`;
    case 'NotSupported':
      return `${e.field}: Unsupported value: ${goQuote(e.badValue)}${e.detail ? `: ${e.detail}` : ''}`;
    default:
      return `${e.field}: Invalid value: ${goQuote(e.badValue)}${e.detail ? `: ${e.detail}` : ''}`;
  }
}

/** Several errors print as Go's aggregate does: one alone, or `[a, b]`. */
export function formatFieldErrors(errors: FieldError[]): string {
  const parts = errors.map(formatFieldError);
  return parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`;
}

/** Joins a child onto a field path (`a` + `b` → `a.b`). */
export function childPath(path: string, child: string): string {
  return path ? `${path}.${child}` : child;
}
