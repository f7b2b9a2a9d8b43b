/**
 * Errors are values: every problem the engine finds in the user's input is a Diagnostic the UI can
 * show as a marker at line:column. The engine never throws across its public entry points.
 */

/** A place in the user's input. Lines and columns are 1-based, as editors show them. */
export interface SourceRef {
  /** Which input (editor tab / file) the text came from, e.g. "workloads" or a file path. */
  input: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  severity: Severity;
  message: string;
  /** Where the problem is, when it can be pinned to the input. */
  source?: SourceRef;
  /** Which part of the engine noticed it (yaml, documents, admission, template, injection, iptables...). */
  origin: string;
  /**
   * A stable name for a kind of problem a face words around (the message is for people):
   * `input-too-large` — a whole input past the size meshsim reads (yaml/inputLimits.ts), which the
   * app says once, in the held tab's notice, rather than as a YAML error to fix at a line.
   */
  code?: DiagnosticCode;
}

export type DiagnosticCode = 'input-too-large';

export function diagnostic(origin: string, severity: Severity, message: string, source?: SourceRef): Diagnostic {
  return source ? { origin, severity, message, source } : { origin, severity, message };
}

/** Turns anything thrown by library code into a message; engine entry points use it to never throw. */
export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return textOf(err);
}

/**
 * A value the user wrote, as text for a message or a summary: a string as written, another scalar
 * as YAML reads it back, a map or list as compact JSON (cut at 200 characters) — never JavaScript's
 * `[object Object]`. Where Kubernetes wants a string and gets a map, the user sees the map.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  let json: string;
  try {
    json = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';
  } catch {
    json = Array.isArray(value) ? '[…]' : '{…}';
  }
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}
