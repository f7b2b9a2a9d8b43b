/** sprig's string functions (strings.go and its goutils/xstrings helpers). */
import { goQuote } from '../../go/index.ts';
import { defaultLimits } from '../exec.ts';
import { GoError, GoMap, GoSlice, type GoFunc, type GoValue, compareStrings, fromUtf8, goFunc, newMap, utf8 } from '../values.ts';
import { camelCaseToLowerCase, goToLower, goToUpper, toCamelCase } from './casing.ts';
import { listItems, strslice, strval } from './convert.ts';

const S = 'string';
const ANY = 'interface {}';

/** s[start:end] on the bytes of s, with Go's panic messages (start or end undefined when omitted). */
function byteSlice(s: string, start?: number, end?: number): string {
  const b = utf8(s);
  const fail = (what: string) => {
    throw new GoError(`runtime error: slice bounds out of range ${what}`);
  };
  if (end !== undefined) {
    if (end < 0) fail(`[:${end}]`);
    if (end > b.length) fail(`[:${end}] with length ${b.length}`);
  }
  const hi = end ?? b.length;
  if (start !== undefined) {
    if (start < 0) fail(`[${start}:]`);
    if (start > hi) fail(`[${start}:${hi}]`);
  }
  return fromUtf8(b.slice(start ?? 0, hi));
}

function substr(start: bigint, end: bigint, s: string): string {
  const len = utf8(s).length;
  if (start < 0n) return byteSlice(s, undefined, Number(end));
  if (end < 0n || end > BigInt(len)) return byteSlice(s, Number(start));
  return byteSlice(s, Number(start), Number(end));
}

function trunc(c: bigint, s: string): string {
  const len = BigInt(utf8(s).length);
  if (c < 0n && len + c > 0n) return byteSlice(s, Number(len + c), Number(len));
  if (c >= 0n && len > c) return byteSlice(s, 0, Number(c));
  return s;
}

const isSpace = (c: string) => /\s/u.test(c);

function words(s: string): string[] {
  return s.split(/\s+/u).filter(Boolean);
}

/**
 * goutils treats some strings byte by byte: Abbreviate slices bytes, and DeleteWhiteSpace/Initials read each
 * byte as a rune. These helpers give the same results for non-ASCII text.
 */
const bytesAsRunes = (s: string) => [...utf8(s)].map((b) => String.fromCharCode(b)).join('');
const runesAsBytes = (s: string) => fromUtf8(Uint8Array.from([...s].map((c) => c.charCodeAt(0) & 0xff)));

/** goutils.AbbreviateFull over bytes-as-runes (see above). */
function abbreviate(s: string, offset: number, maxWidth: number): string {
  const marker = '...';
  const runes = [...s];
  if (maxWidth < 4) return s; // goutils returns an error; sprig then returns ""
  if (runes.length <= maxWidth) return s;
  if (offset > runes.length) offset = runes.length;
  if (runes.length - offset < maxWidth - 3) offset = runes.length - (maxWidth - 3);
  if (offset <= 4) return runes.slice(0, maxWidth - 3).join('') + marker;
  if (maxWidth < 7) return s;
  if (offset + maxWidth - 3 < runes.length) return marker + abbreviate(runes.slice(offset).join(''), 0, maxWidth - 3);
  return marker + runes.slice(runes.length - (maxWidth - 3)).join('');
}

function title(s: string): string {
  let prev = ' ';
  let out = '';
  for (const c of s) {
    out += isSeparator(prev) ? c.toUpperCase() : c;
    prev = c;
  }
  return out;
}

function isSeparator(c: string): boolean {
  if (/[A-Za-z0-9_]/.test(c)) return false;
  if (c.charCodeAt(0) < 0x80) return true;
  if (/[\p{L}\p{N}]/u.test(c)) return false;
  return isSpace(c);
}

function untitle(s: string): string {
  let prev = ' ';
  let out = '';
  for (const c of s) {
    out += isSpace(prev) ? c.toLowerCase() : c;
    prev = c;
  }
  return out;
}

function swapcase(s: string): string {
  let out = '';
  let ws = true;
  for (const c of s) {
    if (c !== c.toLowerCase() && c === c.toUpperCase()) out += c.toLowerCase();
    else if (c === c.toLowerCase() && c !== c.toUpperCase()) out += ws ? c.toUpperCase() : c.toUpperCase();
    else out += c;
    ws = isSpace(c);
  }
  return out;
}

function initials(s: string): string {
  return words(s).map((w) => [...w][0]).join('');
}

/** goutils.WrapCustom, which works on bytes: lines break at the last space within the width. */
function wrapCustom(str: string, wrapLength: number, newLine: string, wrapLong: boolean): string {
  if (str === '') return '';
  if (newLine === '') newLine = '\n';
  if (wrapLength < 1) wrapLength = 1;
  const b = utf8(str);
  const nl = [...utf8(newLine)];
  const out: number[] = [];
  const put = (from: number, to: number) => {
    for (let k = from; k < to; k++) out.push(b[k]);
  };
  const SPACE = 0x20;
  let offset = 0;
  while (b.length - offset > wrapLength) {
    if (b[offset] === SPACE) {
      offset++;
      continue;
    }
    const end = Math.min(wrapLength + offset + 1, b.length);
    let at = -1;
    for (let k = end - 1; k >= offset; k--) if (b[k] === SPACE) { at = k; break; }
    if (at >= offset) {
      put(offset, at);
      out.push(...nl);
      offset = at + 1;
    } else if (wrapLong) {
      put(offset, offset + wrapLength);
      out.push(...nl);
      offset += wrapLength;
    } else {
      let sp = -1;
      for (let k = wrapLength + offset; k < b.length; k++) if (b[k] === SPACE) { sp = k; break; }
      if (sp < 0) {
        put(offset, b.length);
        offset = b.length;
      } else {
        put(offset, sp);
        out.push(...nl);
        offset = sp + 1;
      }
    }
  }
  put(offset, b.length);
  return fromUtf8(Uint8Array.from(out));
}

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomFrom(chars: string, n: bigint): string {
  let out = '';
  for (let i = 0n; i < n && i < 1_000_000n; i++) out += chars[Math.floor(Math.random() * chars.length)];
  return out;
}
const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

function shuffle(s: string): string {
  const r = [...s];
  for (let i = r.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [r[i], r[j]] = [r[j], r[i]];
  }
  return r.join('');
}

/**
 * Go would build any string memory allows; meshsim stops a function whose result alone would pass
 * the template's output budget, before JavaScript fails with "Invalid string length".
 */
function withinOutputBudget(length: bigint): void {
  const max = BigInt(defaultLimits.maxOutputBytes);
  if (length > max) throw new GoError(`the result would be ${length} characters, more than meshsim's output budget of ${max} bytes`);
}

function repeat(count: bigint, s: string): string {
  if (count < 0n) throw new GoError('strings: negative Repeat count');
  withinOutputBudget(BigInt(s.length) * count);
  return s.repeat(Number(count));
}

function split(sep: string, orig: string, n = -1): GoMap {
  const parts = goSplitN(orig, sep, n);
  const m = newMap();
  parts.forEach((p, i) => (m[`_${i}`] = p));
  return new GoMap('string', m);
}

/** strings.SplitN. */
export function goSplitN(s: string, sep: string, n: number): string[] {
  if (n === 0) return [];
  if (sep === '') {
    const r = [...s];
    if (n < 0 || n >= r.length) return r;
    return [...r.slice(0, n - 1), r.slice(n - 1).join('')];
  }
  const parts = s.split(sep);
  if (n < 0 || parts.length <= n) return parts;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

/** strings.Trim(s, cutset). */
export function trimCutset(s: string, cutset: string): string {
  const set = new Set([...cutset]);
  const r = [...s];
  let a = 0;
  let b = r.length;
  while (a < b && set.has(r[a])) a++;
  while (b > a && set.has(r[b - 1])) b--;
  return r.slice(a, b).join('');
}

function goTrimSpace(s: string): string {
  return s.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '');
}

export function stringFuncs(): Record<string, GoFunc> {
  const str1 = (f: (s: string) => string) => goFunc([S], f, { result: S });
  return {
    abbrev: goFunc(['int', S], (w: bigint, s: string) => runesAsBytes(abbreviate(bytesAsRunes(s), 0, Number(w))), { result: S }),
    abbrevboth: goFunc(['int', 'int', S], (l: bigint, r: bigint, s: string) => runesAsBytes(abbreviate(bytesAsRunes(s), Number(l), Number(r))), { result: S }),
    trunc: goFunc(['int', S], trunc, { result: S }),
    trim: str1(goTrimSpace),
    upper: str1(goToUpper),
    lower: str1(goToLower),
    title: str1(title),
    untitle: str1(untitle),
    substr: goFunc(['int', 'int', S], substr, { result: S }),
    repeat: goFunc(['int', S], repeat, { result: S }),
    trimall: goFunc([S, S], (a: string, b: string) => trimCutset(b, a), { result: S }),
    trimAll: goFunc([S, S], (a: string, b: string) => trimCutset(b, a), { result: S }),
    trimSuffix: goFunc([S, S], (a: string, b: string) => (a && b.endsWith(a) ? b.slice(0, b.length - a.length) : b), { result: S }),
    trimPrefix: goFunc([S, S], (a: string, b: string) => (b.startsWith(a) ? b.slice(a.length) : b), { result: S }),
    nospace: str1((s) => [...bytesAsRunes(s)].filter((c) => !isSpace(c)).join('')),
    initials: str1((s) => initials(bytesAsRunes(s))),
    randAlphaNum: goFunc(['int'], (n: bigint) => randomFrom(alnum, n), { result: S }),
    randAlpha: goFunc(['int'], (n: bigint) => randomFrom(alnum.slice(0, 52), n), { result: S }),
    randAscii: goFunc(['int'], (n: bigint) => randomFrom(ascii, n), { result: S }),
    randNumeric: goFunc(['int'], (n: bigint) => randomFrom('0123456789', n), { result: S }),
    swapcase: str1(swapcase),
    shuffle: str1(shuffle),
    snakecase: str1((s) => camelCaseToLowerCase(s, '_')),
    camelcase: str1(toCamelCase),
    kebabcase: str1((s) => camelCaseToLowerCase(s, '-')),
    wrap: goFunc(['int', S], (l: bigint, s: string) => wrapCustom(s, Number(l), '', false), { result: S }),
    wrapWith: goFunc(['int', S, S], (l: bigint, sep: string, s: string) => wrapCustom(s, Number(l), sep, true), { result: S }),
    contains: goFunc([S, S], (sub: string, s: string) => s.includes(sub), { result: 'bool' }),
    hasPrefix: goFunc([S, S], (sub: string, s: string) => s.startsWith(sub), { result: 'bool' }),
    hasSuffix: goFunc([S, S], (sub: string, s: string) => s.endsWith(sub), { result: 'bool' }),
    quote: goFunc([], (xs: GoValue[]) => xs.filter((x) => x !== null && x !== undefined).map((x) => goQuote(strval(x))).join(' '), { variadic: ANY, result: S }),
    squote: goFunc([], (xs: GoValue[]) => xs.filter((x) => x !== null && x !== undefined).map((x) => `'${strval(x)}'`).join(' '), { variadic: ANY, result: S }),
    cat: goFunc([], (xs: GoValue[]) => xs.filter((x) => x !== null && x !== undefined).map(strval).join(' '), { variadic: ANY, result: S }),
    indent: goFunc(['int', S], (n: bigint, s: string) => indent(n, s), { result: S }),
    nindent: goFunc(['int', S], (n: bigint, s: string) => '\n' + indent(n, s), { result: S }),
    replace: goFunc([S, S, S], (o: string, n: string, s: string) => (o === '' ? goReplaceEmpty(s, n) : s.split(o).join(n)), { result: S }),
    plural: goFunc([S, S, 'int'], (one: string, many: string, c: bigint) => (c === 1n ? one : many), { result: S }),
    toString: goFunc([ANY], (v: GoValue) => strval(v), { result: S }),
    split: goFunc([S, S], (sep: string, s: string) => split(sep, s), { result: 'map[string]string' }),
    splitList: goFunc([S, S], (sep: string, s: string) => new GoSlice('string', goSplitN(s, sep, -1)), { result: '[]string' }),
    splitn: goFunc([S, 'int', S], (sep: string, n: bigint, s: string) => split(sep, s, Number(n)), { result: 'map[string]string' }),
    toStrings: goFunc([ANY], (v: GoValue) => new GoSlice('string', strslice(v)), { result: '[]string' }),
    join: goFunc([S, ANY], (sep: string, v: GoValue) => strslice(v).join(sep), { result: S }),
    sortAlpha: goFunc([ANY], (v: GoValue) => new GoSlice('string', listItems(v) ? strslice(v).sort(compareStrings) : [strval(v)]), { result: '[]string' }),
  };
}


function indent(n: bigint, s: string): string {
  if (n < 0n) n = 0n;
  withinOutputBudget(BigInt(s.length) + n * BigInt(s.split('\n').length));
  const pad = ' '.repeat(Number(n));
  return pad + s.split('\n').join('\n' + pad);
}

/** strings.Replace with an empty old string inserts `n` around every rune. */
function goReplaceEmpty(s: string, n: string): string {
  return n + [...s].join(n) + (s ? n : '');
}
