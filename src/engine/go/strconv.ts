/**
 * Go's strconv: parsing with Go's rules and error wording (istiod and istio-cni quote these errors
 * verbatim), and strconv.Quote, which Go's messages and fmt's %q use.
 */

/** strconv.ParseBool: 1 t T TRUE true True / 0 f F FALSE false False; undefined for anything else. */
export function parseGoBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  return undefined;
}

/** strconv.ParseBool's error for `s`, or undefined when it parses. */
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

/**
 * strconv.ParseUint(s, 0, bits): base prefixes 0x/0o/0b and a leading 0 for octal; underscores only
 * between digits and only with a prefix. Undefined when Go reports a syntax error; the value may be
 * past `2^bits - 1` (the caller words the range error, as pflag does).
 */
export function parseGoUintBase0(s: string): number | undefined {
  const prefixes: [RegExp, number, number][] = [[/^0[xX]/, 16, 2], [/^0[oO]/, 8, 2], [/^0[bB]/, 2, 2], [/^0./, 8, 1]];
  const hit = prefixes.find(([re]) => re.test(s));
  const base = hit ? hit[1] : 10;
  let body = hit ? s.slice(hit[2]) : s;
  if (body.includes('_')) {
    if (base === 10 || /^_|_$|__/.test(body)) return undefined;
    body = body.replace(/_/g, '');
  }
  const digits = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base as 2 | 8 | 10 | 16];
  if (!digits.test(body)) return undefined;
  const n = parseInt(body, base);
  return Number.isFinite(n) ? n : undefined;
}

const PLAIN_ASCII = /^[ !#-[\]-~]*$/;

/** strconv.Quote (or QuoteRune's escaping with `quote` = "'"): Go-syntax quoted text with Go's escapes. */
export function goQuote(s: string, quote = '"'): string {
  // Printable ASCII with neither a double quote nor a backslash needs no escape.
  if (quote === '"' && PLAIN_ASCII.test(s)) return quote + s + quote;
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') {
      out += '\\' + ch;
      continue;
    }
    if (isGoPrint(c)) {
      out += ch;
      continue;
    }
    switch (ch) {
      case '\x07': out += '\\a'; break;
      case '\b': out += '\\b'; break;
      case '\f': out += '\\f'; break;
      case '\n': out += '\\n'; break;
      case '\r': out += '\\r'; break;
      case '\t': out += '\\t'; break;
      case '\v': out += '\\v'; break;
      default:
        if (c >= 0xd800 && c < 0xe000) out += '\\ufffd';
        else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
        else if (c < 0x10000) out += '\\u' + c.toString(16).padStart(4, '0');
        else out += '\\U' + c.toString(16).padStart(8, '0');
    }
  }
  return out + quote;
}

const nonPrint = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}]|[\p{Zs}]/u;

/** unicode.IsPrint (strconv.IsPrint): letters, marks, numbers, punctuation, symbols and the ASCII space. */
export function isGoPrint(c: number): boolean {
  if (c === 0x20) return true;
  if (c < 0x20 || c === 0x7f) return false;
  if (c < 0x7f) return true;
  return !nonPrint.test(String.fromCodePoint(c));
}
