/** Go's unicode.IsSpace set (JavaScript's trim differs: it also strips U+FEFF and keeps U+0085). */
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'gu');

/** strings.TrimSpace. */
export function goTrimSpace(s: string): string {
  return s.replace(GO_TRIM, '');
}
