import { stringify } from 'yaml';
import type { Diagnostic } from '../../engine/index.ts';

/** A problem as compilers print them: `file:line:column: severity: message` (no place: `severity: message`). */
export function diagnosticLine(d: Diagnostic): string {
  return `${d.source ? `${d.source.input}:${d.source.line}:${d.source.column}: ` : ''}${d.severity}: ${d.message}`;
}

/** What makes two diagnostics the same problem: severity, place (input and line) and words. */
export function diagnosticKey(d: Diagnostic): string {
  return `${d.severity}|${d.source?.input ?? ''}:${d.source?.line ?? ''}|${d.message}`;
}

/** The diagnostics with repeats dropped (the same problem found by two stages is said once). */
export function onceEach(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = diagnosticKey(d);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** A verb's report as `-o json` or `-o yaml` prints it (YAML unwrapped, without anchors). */
export function structuredOutput(report: unknown, format: 'json' | 'yaml'): string {
  return format === 'json' ? JSON.stringify(report, null, 2) : stringify(report, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** Columns padded to their widest cell (by code points, so ✔ counts as one), the last one free. */
export function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - [...c].length))).join('   ').trimEnd());
}
