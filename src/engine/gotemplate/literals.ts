/** Go's literal syntax: strconv.Unquote / UnquoteChar and the number rules of text/template/parse. */
import { fromUtf8, utf8 } from './values.ts';

export class SyntaxError_ extends Error {}

/** strconv.Unquote for "..." and `...`; throws SyntaxError_('invalid syntax'). */
export function unquote(s: string): string {
  if (s.length < 2) throw new SyntaxError_('invalid syntax');
  const q = s[0];
  if (q !== s[s.length - 1]) throw new SyntaxError_('invalid syntax');
  const body = s.slice(1, -1);
  if (q === '`') {
    if (body.includes('`')) throw new SyntaxError_('invalid syntax');
    return body.replace(/\r/g, '');
  }
  if (q !== '"' && q !== "'") throw new SyntaxError_('invalid syntax');
  if (!body.includes('\\') && !body.includes(q) && !body.includes('\n')) {
    if (q === "'" && [...body].length !== 1) throw new SyntaxError_('invalid syntax');
    return body;
  }
  const bytes: number[] = [];
  let i = 0;
  let runes = 0;
  while (i < body.length) {
    const r = unquoteChar(body, i, q);
    for (const b of r.bytes) bytes.push(b);
    i = r.next;
    runes++;
  }
  if (q === "'" && runes !== 1) throw new SyntaxError_('invalid syntax');
  return fromUtf8(Uint8Array.from(bytes));
}

/** strconv.UnquoteChar: decodes one (possibly escaped) character at s[i]; returns its bytes and code point. */
export function unquoteChar(s: string, i: number, quote: string): { bytes: number[]; rune: number; next: number } {
  const c = s.codePointAt(i)!;
  const ch = String.fromCodePoint(c);
  if (ch === quote && (quote === "'" || quote === '"')) throw new SyntaxError_('invalid syntax');
  if (ch === '\n' && quote !== '`') throw new SyntaxError_('invalid syntax');
  if (ch !== '\\') return { bytes: [...utf8(ch)], rune: c, next: i + ch.length };
  const e = s[i + 1];
  if (e === undefined) throw new SyntaxError_('invalid syntax');
  const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92 };
  if (e in simple) return { bytes: [simple[e]], rune: simple[e], next: i + 2 };
  if (e === "'" || e === '"') {
    if (e !== quote) throw new SyntaxError_('invalid syntax');
    return { bytes: [e.charCodeAt(0)], rune: e.charCodeAt(0), next: i + 2 };
  }
  if (e === 'x' || e === 'u' || e === 'U') {
    const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
    const hex = s.slice(i + 2, i + 2 + n);
    if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) throw new SyntaxError_('invalid syntax');
    const v = parseInt(hex, 16);
    if (e === 'x') return { bytes: [v], rune: v, next: i + 2 + n };
    if (v > 0x10ffff || (v >= 0xd800 && v < 0xe000)) throw new SyntaxError_('invalid syntax');
    return { bytes: [...utf8(String.fromCodePoint(v))], rune: v, next: i + 2 + n };
  }
  if (e >= '0' && e <= '7') {
    const oct = s.slice(i + 1, i + 4);
    if (!/^[0-7]{3}$/.test(oct)) throw new SyntaxError_('invalid syntax');
    const v = parseInt(oct, 8);
    if (v > 255) throw new SyntaxError_('invalid syntax');
    return { bytes: [v], rune: v, next: i + 4 };
  }
  throw new SyntaxError_('invalid syntax');
}

/** Underscores only between digits, or between a base prefix and a digit (Go's underscoreOK). */
function underscoreOK(s: string): boolean {
  let saw = '^';
  let i = 0;
  if (s[0] === '+' || s[0] === '-') s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'xXbBoO'.includes(s[1])) {
    i = 2;
    saw = '0';
    hex = s[1] === 'x' || s[1] === 'X';
  }
  for (; i < s.length; i++) {
    const c = s[i];
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/** strconv.ParseInt(s, 0, 64) (or ParseUint): undefined when it fails. */
export function parseGoInt(s: string, unsigned: boolean): bigint | undefined {
  let t = s;
  let neg = false;
  if (t[0] === '+' || t[0] === '-') {
    if (unsigned) return undefined;
    neg = t[0] === '-';
    t = t.slice(1);
  }
  let base = 10;
  let digits = t;
  if (/^0[xX]/.test(t)) { base = 16; digits = t.slice(2); }
  else if (/^0[bB]/.test(t)) { base = 2; digits = t.slice(2); }
  else if (/^0[oO]/.test(t)) { base = 8; digits = t.slice(2); }
  else if (t.length > 1 && t[0] === '0') { base = 8; digits = t.slice(1); }
  if (t.includes('_') && !underscoreOK(t)) return undefined;
  digits = digits.replace(/_/g, '');
  if (!digits) return undefined;
  const valid = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base]!;
  if (!valid.test(digits)) return undefined;
  let v = 0n;
  const b = BigInt(base);
  for (const d of digits) v = v * b + BigInt(parseInt(d, base));
  if (neg) v = -v;
  if (unsigned ? v > 0xffffffffffffffffn : v > 0x7fffffffffffffffn || v < -0x8000000000000000n) return undefined;
  return v;
}

/** strconv.ParseFloat(s, 64) for Go-syntax decimal and hex floats; undefined when it fails. */
export function parseGoFloat(s: string): number | undefined {
  if (s.includes('_') && !underscoreOK(s)) return undefined;
  const t = s.replace(/_/g, '');
  const m = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(t);
  if (m) {
    const [, sign, int, frac = '', exp] = m;
    if (!int && !frac) return undefined;
    let mant = 0;
    for (const d of int + frac) mant = mant * 16 + parseInt(d, 16);
    const v = mant * Math.pow(2, Number(exp) - 4 * frac.length);
    return sign === '-' ? -v : v;
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}
