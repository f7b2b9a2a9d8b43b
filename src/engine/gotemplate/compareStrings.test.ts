import { describe, expect, it } from 'vitest';
import { compareStrings } from './values.ts';

/** Go's string comparison: the UTF-8 bytes, one by one. */
function compareUtf8(a: string, b: string): number {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return Math.sign(x.length - y.length);
}

describe('compareStrings orders as Go does (UTF-8 bytes)', () => {
  // Around the places UTF-16 and UTF-8 disagree: surrogate pairs against U+E000..U+FFFF.
  const pool = ['', 'a', 'b', 'ab', 'é', 'z', '\u{d7ff}', '\u{e000}', '\u{ffff}', '\u{10000}', '\u{1f600}', '\u{10ffff}', 'a\u{1f600}', 'a\u{e000}', 'a\u{10000}b'];
  it.each(pool.flatMap((a) => pool.map((b) => [a, b] as const)))('%j vs %j', (a, b) => {
    expect(compareStrings(a, b)).toBe(compareUtf8(a, b));
  });
});
