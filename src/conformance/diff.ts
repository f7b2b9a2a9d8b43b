/** A short line diff: the first few differing lines of expected vs actual, for a one-glance failure report. */
export function shortDiff(expected: string, actual: string, maxLines = 6): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  const out: string[] = [];
  const n = Math.max(e.length, a.length);
  for (let i = 0; i < n && out.length < maxLines * 2; i++) {
    if (e[i] === a[i]) continue;
    if (e[i] !== undefined) out.push(`  line ${i + 1} expected: ${JSON.stringify(e[i])}`);
    if (a[i] !== undefined) out.push(`  line ${i + 1}   actual: ${JSON.stringify(a[i])}`);
  }
  return out.length ? out.join('\n') : '  (texts differ only in length)';
}
