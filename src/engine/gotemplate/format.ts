/**
 * Go's fmt printing of template values: `%v` (what `{{.}}` writes), Sprint/Sprintln spacing rules, and
 * Sprintf with the verbs, flags, width and precision Go supports, including Go's `%!verb(type=value)`
 * complaints instead of errors.
 */
import {
  GoComplex, GoInt, type GoValue, intValue, isGoFunc, isHost, isUnsigned, mapView, sliceView, sortedKeys,
  typeName, utf8,
} from './values.ts';

/** strconv.FormatFloat(f, 'g', -1, 64): shortest digits, exponent form when exp < -4 or >= 6 (eprec 21 for %#v is not used). */
export function formatFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const { neg, digits, exp } = shortestDigits(f);
  const sign = neg ? '-' : '';
  if (exp < -4 || exp >= 6) return sign + expForm(digits, exp);
  return sign + plainForm(digits, exp);
}

/** Shortest round-tripping decimal digits of |f| and the decimal exponent of the first digit. */
function shortestDigits(f: number): { neg: boolean; digits: string; exp: number } {
  const s = Math.abs(f).toExponential();
  const e = s.indexOf('e');
  return { neg: f < 0, digits: s.slice(0, e).replace('.', ''), exp: Number(s.slice(e + 1)) };
}

function expForm(digits: string, exp: number, upper = false): string {
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const ae = Math.abs(exp);
  return `${mant}${upper ? 'E' : 'e'}${exp < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
}

function plainForm(digits: string, exp: number): string {
  if (exp < 0) return '0.' + '0'.repeat(-exp - 1) + digits;
  if (digits.length <= exp + 1) return digits + '0'.repeat(exp + 1 - digits.length);
  return digits.slice(0, exp + 1) + '.' + digits.slice(exp + 1);
}

/** strconv.Quote: Go-syntax double-quoted string with Go's escapes. */
export function quoteString(s: string, quote = '"'): string {
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') {
      out += '\\' + ch;
      continue;
    }
    if (isPrint(c)) {
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
/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
function isPrint(c: number): boolean {
  if (c === 0x20) return true;
  if (c < 0x20 || c === 0x7f) return false;
  if (c < 0x7f) return true;
  return !nonPrint.test(String.fromCodePoint(c));
}

/** fmt's `%v` of a value (the invalid value prints as `<invalid reflect.Value>` in fmt, `<nil>` for nil). */
export function formatValue(v: GoValue): string {
  return fmtArg(v, 'v', defaultSpec(), 0);
}

/** What a template action writes for its value: `<no value>` for the invalid value. */
export function printValue(v: GoValue): string {
  if (v === undefined) return '<no value>';
  if (isHost(v) && v.isNil && !v.format) return '<nil>';
  return formatValue(v);
}

/** fmt.Sprint: operands separated by a space when neither side is a string. */
export function sprint(args: GoValue[]): string {
  let out = '';
  for (let i = 0; i < args.length; i++) {
    if (i > 0 && typeof args[i] !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += formatValue(args[i]);
  }
  return out;
}

/** fmt.Sprintln: always spaces, then a newline. */
export function sprintln(args: GoValue[]): string {
  return args.map(formatValue).join(' ') + '\n';
}

interface Spec {
  minus: boolean;
  plus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  width?: number;
  prec?: number;
}

function defaultSpec(): Spec {
  return { minus: false, plus: false, sharp: false, space: false, zero: false };
}

/** fmt.Sprintf. */
export function sprintf(format: string, args: GoValue[]): string {
  let out = '';
  let argi = 0;
  let i = 0;
  const n = format.length;
  while (i < n) {
    const pct = format.indexOf('%', i);
    if (pct < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, pct);
    i = pct + 1;
    const spec = defaultSpec();
    for (; i < n; i++) {
      const c = format[i];
      if (c === '-') { spec.minus = true; spec.zero = false; }
      else if (c === '+') spec.plus = true;
      else if (c === '#') spec.sharp = true;
      else if (c === ' ') spec.space = true;
      else if (c === '0') spec.zero = !spec.minus;
      else break;
    }
    // width
    if (format[i] === '*') {
      i++;
      const w = argi < args.length ? intValue(args[argi]) : undefined;
      argi++;
      if (w === undefined) out += '%!(BADWIDTH)';
      else {
        spec.width = Number(w);
        if (spec.width < 0) { spec.minus = true; spec.width = -spec.width; spec.zero = false; }
      }
    } else {
      const m = /^\d+/.exec(format.slice(i));
      if (m) { spec.width = Number(m[0]); i += m[0].length; }
    }
    if (format[i] === '.') {
      i++;
      if (format[i] === '*') {
        i++;
        const p = argi < args.length ? intValue(args[argi]) : undefined;
        argi++;
        if (p === undefined || p < 0n) out += '%!(BADPREC)';
        else spec.prec = Number(p);
      } else {
        const m = /^\d+/.exec(format.slice(i));
        spec.prec = m ? Number(m[0]) : 0;
        if (m) i += m[0].length;
      }
    }
    if (i >= n) {
      out += '%!(NOVERB)';
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i)!);
    i += verb.length;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (argi >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    out += fmtArg(args[argi++], verb, spec, 0);
  }
  if (argi < args.length) {
    out += '%!(EXTRA ' + args.slice(argi).map((a) => (a === null || a === undefined ? '<nil>' : `${typeName(a)}=${formatValue(a)}`)).join(', ') + ')';
  }
  return out;
}

function pad(s: string, spec: Spec, zeroOk = true): string {
  const w = spec.width ?? 0;
  const len = [...s].length;
  if (len >= w) return s;
  const fill = w - len;
  if (spec.minus) return s + ' '.repeat(fill);
  if (spec.zero && zeroOk) {
    const signLen = /^[+\- ]/.test(s) ? 1 : 0;
    return s.slice(0, signLen) + '0'.repeat(fill) + s.slice(signLen);
  }
  return ' '.repeat(fill) + s;
}

function bad(verb: string, v: GoValue): string {
  if (v === null || v === undefined) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(v)}=${formatValue(v)})`;
}

function fmtArg(v: GoValue, verb: string, spec: Spec, depth: number): string {
  if (verb === 'T') return pad(v === undefined ? '<nil>' : typeName(v), spec);
  if (v === undefined) return depth === 0 && verb !== 'v' ? bad(verb, v) : pad('<invalid reflect.Value>', spec);
  // A nil inside a collection prints <nil> whatever the verb; at top level only %v accepts it.
  if (v === null) return verb === 'v' || depth > 0 ? pad('<nil>', spec) : bad(verb, v);
  if (depth > 100) return '...';
  if (isHost(v)) {
    if (v.format && (verb === 'v' || verb === 's' || verb === 'q')) {
      const s = v.format();
      return verb === 'q' ? pad(quoteString(s), spec) : pad(s, spec);
    }
    if (v.underlying) return fmtArg(v.underlying(), verb, spec, depth);
    return pad(v.isNil ? '<nil>' : `{${v.goType}}`, spec);
  }
  if (typeof v === 'boolean') return verb === 'v' || verb === 't' ? pad(String(v), spec) : bad(verb, v);
  if (typeof v === 'bigint' || v instanceof GoInt) return fmtInt(v, verb, spec);
  if (typeof v === 'number') return fmtFloat(v, verb, spec);
  if (v instanceof GoComplex) {
    if (!'vbeEfFgGxX'.includes(verb)) return bad(verb, v);
    const inner = { ...spec, width: undefined };
    return pad(`(${fmtFloat(v.re, verb, inner)}${fmtFloat(v.im, verb, { ...inner, plus: true })}i)`, spec);
  }
  if (typeof v === 'string') return fmtString(v, verb, spec);
  if (isGoFunc(v)) return verb === 'v' || verb === 'p' ? pad('0xc000010000', spec) : bad(verb, v);
  const sl = sliceView(v);
  if (sl) {
    if (sl.elemType === 'uint8' && (verb === 's' || verb === 'q' || verb === 'x' || verb === 'X')) {
      // []byte prints as a string for these verbs
    }
    if (sl.items === null && verb === 'v' && spec.sharp) return `[]${sl.elemType}(nil)`;
    const items = sl.items ?? [];
    return pad('[' + items.map((x) => fmtArg(x, verb, { ...spec, width: undefined }, depth + 1)).join(' ') + ']', spec);
  }
  const mv = mapView(v);
  if (mv) {
    const e = mv.entries ?? {};
    const inner = { ...spec, width: undefined };
    const parts = sortedKeys(e).map((k) => `${fmtArg(k, verb, inner, depth + 1)}:${fmtArg(e[k], verb, inner, depth + 1)}`);
    return pad('map[' + parts.join(' ') + ']', spec);
  }
  return bad(verb, v);
}

function fmtInt(v: bigint | GoInt, verb: string, spec: Spec): string {
  const n = typeof v === 'bigint' ? v : v.value;
  const unsigned = typeof v !== 'bigint' && isUnsigned(v.type);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  let body: string;
  let prefix = '';
  switch (verb) {
    case 'v': case 'd': body = abs.toString(10); break;
    case 'b': body = abs.toString(2); if (spec.sharp) prefix = '0b'; break;
    case 'o': body = abs.toString(8); if (spec.sharp && body !== '0') prefix = '0'; break;
    case 'O': body = abs.toString(8); prefix = '0o'; break;
    case 'x': body = abs.toString(16); if (spec.sharp) prefix = '0x'; break;
    case 'X': body = abs.toString(16).toUpperCase(); if (spec.sharp) prefix = '0X'; break;
    case 'c': return pad(safeChar(n), spec, false);
    case 'q': return pad(quoteString(safeChar(n), "'"), spec, false);
    case 'U': {
      let h = abs.toString(16).toUpperCase().padStart(4, '0');
      h = 'U+' + h;
      if (spec.sharp && n >= 0n && n <= 0x10ffffn) h += ` '${safeChar(n)}'`;
      return pad(h, spec, false);
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
    case 's': case 't': case 'p':
    default:
      return bad(verb, v);
  }
  void unsigned;
  if (spec.prec !== undefined) {
    if (spec.prec === 0 && n === 0n) body = '';
    body = body.padStart(spec.prec, '0');
  }
  const sign = neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  return pad(sign + prefix + body, spec, spec.prec === undefined);
}

function safeChar(n: bigint): string {
  if (n < 0n || n > 0x10ffffn || (n >= 0xd800n && n < 0xe000n)) return '\ufffd';
  return String.fromCodePoint(Number(n));
}

function fmtFloat(f: number, verb: string, spec: Spec): string {
  let s: string;
  const prec = spec.prec;
  if (!Number.isFinite(f)) {
    s = Number.isNaN(f) ? 'NaN' : f > 0 ? (spec.plus ? '+Inf' : '+Inf') : '-Inf';
    if (f > 0 && !spec.plus) s = spec.space ? ' Inf' : '+Inf';
    if (verb === 'v' || 'eEfFgG'.includes(verb)) return pad(s, { ...spec, zero: false });
    return bad(verb, f);
  }
  switch (verb) {
    case 'v': case 'g': case 'G':
      s = prec === undefined ? formatFloat(Math.abs(f)) : formatG(Math.abs(f), prec === 0 ? 1 : prec, spec.sharp);
      if (verb === 'G') s = s.toUpperCase();
      break;
    case 'e': case 'E': {
      const t = Math.abs(f).toExponential(prec ?? 6);
      const [m, e] = t.split('e');
      s = expForm(m.replace('.', ''), Number(e), verb === 'E');
      if ((prec ?? 6) > 0) s = s.replace(/^(\d)(\d+)/, '$1.$2');
      else s = s.replace(/^(\d)\./, '$1');
      break;
    }
    case 'f': case 'F':
      s = toFixed(Math.abs(f), prec ?? 6);
      break;
    case 'x': case 'X': case 'b':
    default:
      return bad(verb, f);
  }
  const neg = f < 0 || Object.is(f, -0);
  const sign = neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  return pad(sign + s, spec);
}

function toFixed(f: number, prec: number): string {
  if (f < 1e21 && prec <= 100) return f.toFixed(prec);
  const { digits, exp } = shortestDigits(f);
  return plainForm(digits, exp) + (prec > 0 ? '.' + '0'.repeat(prec) : '');
}

function formatG(f: number, prec: number, sharp: boolean): string {
  if (f === 0) return sharp ? '0.' + '0'.repeat(prec - 1) : '0';
  const t = f.toExponential(prec - 1);
  const [m, e] = t.split('e');
  const exp = Number(e);
  let digits = m.replace('.', '');
  if (!sharp) digits = digits.replace(/0+$/, '') || '0';
  if (exp < -4 || exp >= prec) return expForm(digits, exp);
  return plainForm(digits, exp);
}

function fmtString(s: string, verb: string, spec: Spec): string {
  switch (verb) {
    case 'v': case 's': {
      if (spec.prec !== undefined) s = [...s].slice(0, spec.prec).join('');
      return pad(s, spec);
    }
    case 'q': {
      if (spec.prec !== undefined) s = [...s].slice(0, spec.prec).join('');
      if (spec.sharp && !s.includes('`') && [...s].every((c) => c === '\t' || isPrint(c.codePointAt(0)!))) return pad('`' + s + '`', spec);
      return pad(spec.plus ? asciiQuote(s) : quoteString(s), spec);
    }
    case 'x': case 'X': {
      let bytes = utf8(s);
      if (spec.prec !== undefined) bytes = bytes.slice(0, spec.prec);
      const hex = [...bytes].map((b) => {
        const h = b.toString(16).padStart(2, '0');
        return verb === 'X' ? h.toUpperCase() : h;
      });
      const pre = spec.sharp ? (verb === 'X' ? '0X' : '0x') : '';
      const out = spec.space ? hex.map((h) => pre + h).join(' ') : pre + hex.join('');
      return pad(out, spec);
    }
    default:
      return bad(verb, s);
  }
}

function asciiQuote(s: string): string {
  return quoteString(s).replace(/[^\x20-\x7e]/gu, (c) => {
    const n = c.codePointAt(0)!;
    return n < 0x10000 ? '\\u' + n.toString(16).padStart(4, '0') : '\\U' + n.toString(16).padStart(8, '0');
  });
}

