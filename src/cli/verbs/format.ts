import type { Diagnostic } from '../../engine/index.ts';

/** A problem as compilers print them: `file:line:column: severity: message` (no place: `severity: message`). */
export function diagnosticLine(d: Diagnostic): string {
  return `${d.source ? `${d.source.input}:${d.source.line}:${d.source.column}: ` : ''}${d.severity}: ${d.message}`;
}

/** The diagnostics with repeats dropped (the same problem found by two stages is said once). */
export function onceEach(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.severity}|${d.source?.input ?? ''}:${d.source?.line ?? ''}|${d.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Columns padded to their widest cell (by code points, so ✔ counts as one), the last one free. */
export function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - [...c].length))).join('   ').trimEnd());
}
