/** Go's strconv parsing rules and error wording, as istiod's messages quote them. */

export function parseGoBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  return undefined;
}

export function goBoolError(s: string): string | undefined {
  return parseGoBool(s) === undefined ? `strconv.ParseBool: parsing ${goQuote(s)}: invalid syntax` : undefined;
}

/** strconv.ParseUint(s, 10, bits): the value, or Go's error text. */
export function parseGoUint(s: string, bits: 16 | 32 | 64): { value?: number; error?: string } {
  if (!/^\d+$/.test(s)) return { error: `strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax` };
  const n = Number(s);
  if (n > 2 ** bits - 1) return { error: `strconv.ParseUint: parsing ${goQuote(s)}: value out of range` };
  return { value: n };
}

/** Go's %q of a string (close enough for messages: JSON escaping matches for printable text). */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}
