/**
 * Go's fmt printing of template values: `%v` (what `{{.}}` writes), Sprint/Sprintln spacing rules, and
 * Sprintf with the verbs, flags, width and precision Go supports, including Go's `%!verb(type=value)`
 * complaints instead of errors.
 */
import { exponentForm, fixedForm, formatGoFloat, goQuote, isGoPrint, shortestDigits } from '../go/index.ts';
import { chargeWork } from './workMeter.ts';
import {
  GoComplex, GoInt, type GoValue, intValue, isGoFunc, isHost, isUnsigned, mapView, sliceView, sortedKeys,
  typeName, utf8,
} from './values.ts';

/** fmt's `%v` of a value (the invalid value prints as `<invalid reflect.Value>` in fmt, `<nil>` for nil). */
export function formatValue(v: GoValue): string {
  // Most values printed are strings, which %v writes as they are (fmtArg's own path, without its spec).
  if (typeof v === 'string') {
    chargeWork();
    return v;
  }
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

/** fmt's tooLarge: widths and precisions past a million are not numbers fmt will use. */
function tooLarge(x: bigint): boolean {
  return x > 1_000_000n || x < -1_000_000n;
}

/**
 * fmt's parsenum: the digits at i. A number that grows past a million is "crazy long": fmt stops
 * reading the verb there and consumes the rest of the format (so Go prints %!(NOVERB)).
 */
function parseNum(format: string, i: number): { num: number; isNum: boolean; next: number } {
  let num = 0;
  let isNum = false;
  let j = i;
  for (; j < format.length && format[j] >= '0' && format[j] <= '9'; j++) {
    if (num > 1_000_000) return { num: 0, isNum: false, next: format.length };
    num = num * 10 + (format.charCodeAt(j) - 48);
    isNum = true;
  }
  return { num, isNum, next: j };
}

/** fmt.Sprintf. */
export function sprintf(format: string, args: GoValue[]): string {
  let out = '';
  let argi = 0;
  let reordered = false;
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
    // an explicit argument index, %[n]d
    const argIndex = () => {
      const m = /^\[(\d+)\]/.exec(format.slice(i));
      if (!m) return;
      i += m[0].length;
      argi = Number(m[1]) - 1;
      reordered = true;
    };
    argIndex();
    // width
    if (format[i] === '*') {
      i++;
      const w = argi < args.length ? intValue(args[argi]) : undefined;
      argi++;
      if (w === undefined || tooLarge(w)) out += '%!(BADWIDTH)';
      else {
        spec.width = Number(w);
        if (spec.width < 0) { spec.minus = true; spec.width = -spec.width; spec.zero = false; }
      }
    } else {
      const w = parseNum(format, i);
      if (w.isNum) spec.width = w.num;
      i = w.next;
    }
    if (format[i] === '.') {
      i++;
      if (format[i] === '*') {
        i++;
        const p = argi < args.length ? intValue(args[argi]) : undefined;
        argi++;
        if (p === undefined || p < 0n || tooLarge(p)) out += '%!(BADPREC)';
        else spec.prec = Number(p);
      } else {
        const p = parseNum(format, i);
        spec.prec = p.isNum ? p.num : 0;
        i = p.next;
      }
    }
    argIndex();
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
    if (argi < 0 || argi >= args.length) {
      out += argi < 0 ? `%!${verb}(BADINDEX)` : `%!${verb}(MISSING)`;
      continue;
    }
    if (verb === 'v' && (spec.plus || spec.sharp)) {
      // %+v adds struct field names (none here) and %#v prints Go syntax; neither is a sign or prefix flag
      const sharpV = spec.sharp;
      spec.plus = false;
      spec.sharp = false;
      if (sharpV) {
        out += pad(goSyntax(args[argi++], 0), spec);
        continue;
      }
    }
    out += fmtArg(args[argi++], verb, spec, 0);
  }
  if (!reordered && argi < args.length) {
    out += '%!(EXTRA ' + args.slice(argi).map((a) => (a === null || a === undefined ? '<nil>' : `${typeName(a)}=${formatValue(a)}`)).join(', ') + ')';
  }
  return out;
}

function pad(s: string, spec: Spec, zeroOk = true): string {
  const w = spec.width ?? 0;
  if (w === 0) return s;
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

/** Go's complaint for a verb that does not fit the value; the value is shown with %v and the same flags. */
function bad(verb: string, v: GoValue, spec: Spec = defaultSpec()): string {
  if (v === null || v === undefined) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(v)}=${fmtArg(v, 'v', spec, 1)})`;
}

function fmtArg(v: GoValue, verb: string, spec: Spec, depth: number): string {
  chargeWork();
  if (verb === 'T') return pad(v === undefined ? '<nil>' : typeName(v), spec);
  if (v === undefined) return depth === 0 && verb !== 'v' ? bad(verb, v, spec) : pad('<invalid reflect.Value>', spec);
  // A nil inside a collection prints <nil> (unpadded) whatever the verb; at top level only %v accepts it.
  if (v === null) return depth > 0 ? '<nil>' : verb === 'v' ? pad('<nil>', spec) : bad(verb, v, spec);
  if (depth > 100) return '...';
  if (isHost(v)) {
    if (v.format && (verb === 'v' || verb === 's' || verb === 'q')) {
      const s = v.format();
      return verb === 'q' ? pad(goQuote(s), spec) : pad(s, spec);
    }
    if (v.underlying) return fmtArg(v.underlying(), verb, spec, depth);
    return pad(v.isNil ? '<nil>' : `{${v.goType}}`, spec);
  }
  if (typeof v === 'boolean') return verb === 'v' || verb === 't' ? pad(String(v), spec) : bad(verb, v, spec);
  if (typeof v === 'bigint' || v instanceof GoInt) return fmtInt(v, verb, spec);
  if (typeof v === 'number') return fmtFloat(v, verb, spec);
  if (v instanceof GoComplex) {
    if (!'vbeEfFgGxX'.includes(verb)) return bad(verb, v, spec);
    const inner = { ...spec, width: undefined };
    return pad(`(${fmtFloat(v.re, verb, inner)}${fmtFloat(v.im, verb, { ...inner, plus: true })}i)`, spec);
  }
  if (typeof v === 'string') return fmtString(v, verb, spec);
  if (isGoFunc(v)) return verb === 'v' || verb === 'p' ? pad('0xc000010000', spec) : bad(verb, v, spec);
  const sl = sliceView(v);
  if (sl) {
    if (sl.elemType === 'uint8' && (verb === 's' || verb === 'q' || verb === 'x' || verb === 'X')) {
      // []byte prints as a string for these verbs
    }
    if (sl.items === null && verb === 'v' && spec.sharp) return `[]${sl.elemType}(nil)`;
    // flags and width apply to each element, not to the brackets
    const items = sl.items ?? [];
    return '[' + items.map((x) => fmtArg(x, verb, spec, depth + 1)).join(' ') + ']';
  }
  const mv = mapView(v);
  if (mv) {
    const e = mv.entries ?? {};
    const parts = sortedKeys(e).map((k) => `${fmtArg(k, verb, spec, depth + 1)}:${fmtArg(e[k], verb, spec, depth + 1)}`);
    return 'map[' + parts.join(' ') + ']';
  }
  return bad(verb, v, spec);
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
    case 'q': return pad(spec.plus ? asciiQuote(safeChar(n), "'") : goQuote(safeChar(n), "'"), spec, false);
    case 'U': {
      const u = BigInt.asUintN(64, n);
      let h = 'U+' + u.toString(16).toUpperCase().padStart(4, '0');
      if (spec.sharp && u <= 0x10ffffn && isGoPrint(Number(u))) h += ` '${safeChar(u)}'`;
      return pad(h, spec, false);
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
    case 's': case 't': case 'p':
    default:
      return bad(verb, v, spec);
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
    return bad(verb, f, spec);
  }
  switch (verb) {
    case 'v': case 'g': case 'G':
      if (spec.sharp) {
        // %#g keeps trailing zeros (6 significant digits by default) and always shows the point
        s = formatG(Math.abs(f), prec === undefined ? 6 : prec === 0 ? 1 : prec, true);
        if (!s.includes('.')) s = s.replace(/^(\d+)/, '$1.');
      } else s = prec === undefined ? formatGoFloat(Math.abs(f)) : formatG(Math.abs(f), prec === 0 ? 1 : prec, false);
      if (verb === 'G') s = s.toUpperCase();
      break;
    case 'e': case 'E': {
      const { digits, exp } = toExp(Math.abs(f), prec ?? 6);
      s = exponentForm(digits, exp, verb === 'E');
      break;
    }
    case 'f': case 'F':
      s = toFixed(Math.abs(f), prec ?? 6);
      break;
    case 'x': case 'X':
      s = hexFloat(Math.abs(f), prec, verb === 'X', spec.sharp);
      break;
    case 'b':
      s = binaryFloat(Math.abs(f));
      break;
    default:
      return bad(verb, f, spec);
  }
  const neg = f < 0 || Object.is(f, -0);
  const sign = neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  return pad(sign + s, spec);
}

/** The float's bits: 53-bit mantissa (with the implicit bit) and binary exponent, value = mant × 2^exp. */
function floatBits(f: number): { mant: bigint; exp: number } {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, f);
  const bits = dv.getBigUint64(0);
  const e = Number((bits >> 52n) & 0x7ffn);
  let mant = bits & ((1n << 52n) - 1n);
  if (e === 0) return { mant, exp: -1074 };
  mant |= 1n << 52n;
  return { mant, exp: e - 1075 };
}

/** strconv 'b' format: mantissa "p" exponent. */
function binaryFloat(f: number): string {
  const { mant, exp } = floatBits(f);
  return `${mant}p${exp >= 0 ? '+' : ''}${exp}`;
}

/** strconv 'x' format (%x on floats): 0x1.8p+00, shortest hex digits unless a precision is given. */
function hexFloat(f: number, prec: number | undefined, upper: boolean, sharp = false): string {
  let { mant, exp } = floatBits(f);
  if (mant === 0n) exp = 0;
  else {
    // normalise so the leading 1 sits at bit 52
    while (mant < 1n << 52n) {
      mant <<= 1n;
      exp--;
    }
    exp += 52;
  }
  let frac = mant & ((1n << 52n) - 1n);
  let digits = frac.toString(16).padStart(13, '0');
  let lead = mant === 0n ? 0n : 1n;
  if (prec !== undefined && prec < 13) {
    // round half to even at the requested number of hex digits
    const drop = BigInt(4 * (13 - prec));
    const half = 1n << (drop - 1n);
    const rem = frac & ((1n << drop) - 1n);
    frac >>= drop;
    if (rem > half || (rem === half && (frac & 1n) === 1n)) frac++;
    if (frac >> BigInt(4 * prec) !== 0n) {
      frac = 0n;
      lead++;
      if (lead === 2n) {
        lead = 1n;
        exp++;
      }
    }
    digits = prec > 0 ? frac.toString(16).padStart(prec, '0') : '';
  } else if (prec === undefined) {
    digits = digits.replace(/0+$/, '');
    // %#x keeps trailing zeros: at least 4 fraction digits, as Go prints them
    if (sharp) digits = digits.padEnd(4, '0');
  }
  else digits = digits.padEnd(prec, '0');
  const ae = Math.abs(exp);
  let out = `0x${lead}${digits ? '.' + digits : ''}p${exp < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
  if (upper) out = out.toUpperCase();
  return out;
}

/** %#v: Go-syntax representation. */
function goSyntax(v: GoValue, depth: number): string {
  chargeWork();
  if (v === undefined) return '<invalid reflect.Value>';
  if (v === null) return depth === 0 ? '<nil>' : 'interface {}(nil)';
  if (depth > 100) return '...';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return formatGoFloat(v);
    const { digits, exp } = shortestDigits(Math.abs(v));
    const body = exp < -4 || exp >= 21 ? exponentForm(digits, exp) : fixedForm(digits, exp);
    return (v < 0 || Object.is(v, -0) ? '-' : '') + body;
  }
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof GoInt) return isUnsigned(v.type) ? '0x' + v.value.toString(16) : String(v.value);
  if (v instanceof GoComplex) return formatValue(v);
  if (isHost(v)) return v.format ? v.format() : `&${v.goType.replace(/^\*/, '')}{}`;
  if (isGoFunc(v)) return `(${typeName(v)})(0xc000010000)`;
  const sl = sliceView(v);
  if (sl) {
    if (sl.items === null) return `${sl.typeName}(nil)`;
    return `${sl.typeName}{${sl.items.map((x) => goSyntax(x, depth + 1)).join(', ')}}`;
  }
  const mv = mapView(v);
  if (mv) {
    if (mv.entries === null) return `${mv.typeName}(nil)`;
    const e = mv.entries;
    return `${mv.typeName}{${sortedKeys(e).map((k) => `${goQuote(k)}:${goSyntax(e[k], depth + 1)}`).join(', ')}}`;
  }
  return formatValue(v);
}

/** The exact decimal value of a non-negative double: digits and the position of the decimal point. */
function exactDecimal(f: number): { digits: string; point: number } {
  const { mant, exp } = floatBits(f);
  if (exp >= 0) {
    const d = (mant << BigInt(exp)).toString();
    return { digits: d, point: d.length };
  }
  const d = (mant * 5n ** BigInt(-exp)).toString();
  return { digits: d, point: d.length + exp };
}

/** Rounds a digit string to n digits, half to even (Go rounds the exact binary value this way). */
function roundDigits(digits: string, n: number): { digits: string; carry: boolean } {
  if (n < 0) return { digits: '', carry: false };
  if (digits.length <= n) return { digits: digits.padEnd(n, '0'), carry: false };
  const head = digits.slice(0, n);
  const rest = digits.slice(n);
  const up = rest[0] > '5' || (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) || (n > 0 && Number(head[n - 1]) % 2 === 1)));
  if (!up) return { digits: head, carry: false };
  const bumped = (BigInt('1' + head) + 1n).toString().slice(1);
  if (bumped.length > n || /^0*$/.test(bumped) && n > 0) return { digits: '1' + '0'.repeat(n), carry: true };
  return { digits: bumped.padStart(n, '0'), carry: false };
}

/** %.{prec}f with Go's exact rounding. */
function toFixed(f: number, prec: number): string {
  const { digits, point } = exactDecimal(f);
  const all = point < 0 ? '0'.repeat(-point) + digits : digits;
  const intLen = Math.max(point, 0);
  const r = roundDigits(all, intLen + prec);
  let d = r.digits;
  let iLen = intLen;
  if (r.carry && d.length > intLen + prec) iLen++;
  if (iLen === 0) {
    d = '0' + d;
    iLen = 1;
  }
  const intPart = d.slice(0, iLen).replace(/^0+(?=\d)/, '');
  return prec > 0 ? `${intPart}.${d.slice(iLen, iLen + prec)}` : intPart;
}

/** %.{prec}e with Go's exact rounding: mantissa digits and exponent. */
function toExp(f: number, prec: number): { digits: string; exp: number } {
  if (f === 0) return { digits: '0'.repeat(prec + 1), exp: 0 };
  const { digits, point } = exactDecimal(f);
  const lead = digits.search(/[1-9]/);
  const sig = digits.slice(lead);
  let exp = point - lead - 1;
  const r = roundDigits(sig, prec + 1);
  let d = r.digits;
  if (r.carry) {
    exp++;
    d = d.slice(0, prec + 1);
  }
  return { digits: d, exp };
}

function formatG(f: number, prec: number, sharp: boolean): string {
  if (f === 0) return sharp ? '0.' + '0'.repeat(prec - 1) : '0';
  const t = f.toExponential(prec - 1);
  const [m, e] = t.split('e');
  const exp = Number(e);
  let digits = m.replace('.', '');
  if (!sharp) digits = digits.replace(/0+$/, '') || '0';
  if (exp < -4 || exp >= prec) return exponentForm(digits, exp);
  return fixedForm(digits, exp);
}

function fmtString(s: string, verb: string, spec: Spec): string {
  switch (verb) {
    case 'v': case 's': {
      if (spec.prec !== undefined) s = [...s].slice(0, spec.prec).join('');
      return pad(s, spec);
    }
    case 'q': {
      if (spec.prec !== undefined) s = [...s].slice(0, spec.prec).join('');
      if (spec.sharp && !s.includes('`') && [...s].every((c) => c === '\t' || isGoPrint(c.codePointAt(0)!))) return pad('`' + s + '`', spec);
      return pad(spec.plus ? asciiQuote(s) : goQuote(s), spec);
    }
    case 'x': case 'X': {
      let bytes = utf8(s);
      if (spec.prec !== undefined) bytes = bytes.slice(0, spec.prec);
      const hex = [...bytes].map((b) => {
        const h = b.toString(16).padStart(2, '0');
        return verb === 'X' ? h.toUpperCase() : h;
      });
      const pre = spec.sharp && bytes.length ? (verb === 'X' ? '0X' : '0x') : '';
      const out = spec.space ? hex.map((h) => pre + h).join(' ') : pre + hex.join('');
      return pad(out, spec);
    }
    default:
      return bad(verb, s, spec);
  }
}

function asciiQuote(s: string, quote = '"'): string {
  return goQuote(s, quote).replace(/[^\x20-\x7e]/gu, (c) => {
    const n = c.codePointAt(0)!;
    return n < 0x10000 ? '\\u' + n.toString(16).padStart(4, '0') : '\\U' + n.toString(16).padStart(8, '0');
  });
}

