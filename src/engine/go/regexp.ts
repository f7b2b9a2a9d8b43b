/**
 * Go's regexp package: RE2 syntax, Go's compile errors, and matching in time linear in the input
 * (no backtracking, so no pattern can hang the engine), through re2js — a JavaScript port of RE2
 * that parses with Go's regexp/syntax rules and words its errors as Go does. Sprig's regex functions
 * and CEL's `matches()` (cel-go uses Go's regexp) both run here.
 *
 * What this file adds over re2js is Go's API on top: FindAll's and ReplaceAll's rules for empty
 * matches, Split, Expand's `$name` templates, QuoteMeta, and MustCompile's panic text. Offsets are
 * JavaScript string indexes; Go's are UTF-8 byte offsets, which only shows where the two step over
 * a character (one code point here, as one rune there).
 */
import { RE2JS } from 're2js';
import { goQuote } from './strconv.ts';

/** A compiled Go regexp. */
export interface GoRegexp {
  readonly expr: string;
  readonly re: RE2JS;
  /** Capture group names by index (index 0, the whole match, and unnamed groups are ""). */
  readonly names: readonly string[];
}

/** One match: `[start, end]` of the whole match and of each group (-1, -1 when a group did not take part). */
export type GoMatch = number[];

/** A pattern Go's regexp.Compile refuses; the message is Go's `err.Error()`. */
export class GoRegexpError extends Error {}

const cache = new Map<string, GoRegexp>();
const CACHE_LIMIT = 256;

/** regexp.Compile: the regexp, or a GoRegexpError worded as Go's (`error parsing regexp: ...`). */
export function compileGoRegexp(expr: string): GoRegexp {
  const hit = cache.get(expr);
  if (hit) return hit;
  let re: RE2JS;
  try {
    re = RE2JS.compile(expr);
  } catch (e) {
    throw new GoRegexpError(goErrorText(expr, e instanceof Error ? e.message : String(e)));
  }
  const names: string[] = Array.from({ length: re.groupCount() + 1 }, () => '');
  for (const [name, i] of Object.entries(re.namedGroups())) names[i] = name;
  const compiled: GoRegexp = { expr, re, names };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(expr, compiled);
  return compiled;
}

/** re2js leaves the offending text off two of Go's messages; Go's regexp/syntax prints it. */
function goErrorText(expr: string, message: string): string {
  if (message === 'error parsing regexp: trailing backslash at end of expression') return `${message}: \`\``;
  if (message === 'error parsing regexp: expression nests too deeply') return `${message}: \`${expr}\``;
  return message;
}

/** The text of regexp.MustCompile's panic, as a template shows a function's panic. */
export function mustCompileMessage(expr: string, error: GoRegexpError): string {
  return `regexp: Compile(${goRegexpQuote(expr)}): ${error.message}`;
}

/** regexp's quote(): a raw string literal when strconv.CanBackquote allows one, else strconv.Quote. */
function goRegexpQuote(s: string): string {
  const canBackquote = !/[`\u0000-\u0008\u000a-\u001f\u007f\ufeff]/.test(s);
  return canBackquote ? `\`${s}\`` : goQuote(s);
}

/** MatchString: whether the regexp matches anywhere in s. */
export function matchString(r: GoRegexp, s: string): boolean {
  return r.re.test(s);
}

type Matcher = ReturnType<RE2JS['matcher']>;

/**
 * The leftmost match at or after `from` (the whole text stays the context for `^`, `\b`, ...). One
 * matcher serves every search over a text: making one reads the whole text.
 */
function execAt(r: GoRegexp, m: Matcher, from: number): GoMatch | undefined {
  if (!m.find(from)) return undefined;
  const out: GoMatch = [];
  for (let g = 0; g < r.names.length; g++) {
    const start = m.start(g);
    out.push(start, start < 0 ? -1 : m.end(g));
  }
  return out;
}

/** Width of the character at i: Go steps over one rune, here one code point. */
function charWidth(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c < 0xdc00 && i + 1 < s.length ? 2 : 1;
}

/**
 * FindAll*Index: successive non-overlapping matches, at most n (all when n < 0); an empty match
 * right after the previous match is skipped (Go's allMatches).
 */
export function findAll(r: GoRegexp, s: string, n: number): GoMatch[] {
  const out: GoMatch[] = [];
  const limit = n < 0 ? s.length + 1 : n;
  const matcher = r.re.matcher(s);
  let pos = 0;
  let prevEnd = -1;
  while (out.length < limit && pos <= s.length) {
    const m = execAt(r, matcher, pos);
    if (!m) break;
    let accept = true;
    if (m[1] === pos) {
      if (m[0] === prevEnd) accept = false;
      pos += charWidth(s, pos) || 1;
    } else {
      pos = m[1];
    }
    prevEnd = m[1];
    if (accept) out.push(m);
  }
  return out;
}

/** The text of group g of a match, or "" when the group did not take part. */
export function groupText(s: string, m: GoMatch, g: number): string {
  return 2 * g + 1 < m.length && m[2 * g] >= 0 ? s.slice(m[2 * g], m[2 * g + 1]) : '';
}

/** Regexp.Expand: `$1`, `${1}`, `$name`, `${name}` and `$$` in a replacement template. */
export function expand(r: GoRegexp, template: string, s: string, m: GoMatch): string {
  let out = '';
  let rest = template;
  for (;;) {
    const at = rest.indexOf('$');
    if (at < 0) break;
    out += rest.slice(0, at);
    rest = rest.slice(at + 1);
    if (rest.startsWith('$')) {
      out += '$';
      rest = rest.slice(1);
      continue;
    }
    const ref = /^(?:\{([\p{L}\p{Nd}_]+)\}|([\p{L}\p{Nd}_]+))/u.exec(rest);
    if (!ref) {
      out += '$'; // malformed: the $ stays as text
      continue;
    }
    rest = rest.slice(ref[0].length);
    const name = ref[1] ?? ref[2];
    if (/^(0|[1-9]\d{0,8})$/.test(name)) out += groupText(s, m, Number(name));
    else if (/^\d+$/.test(name)) continue; // a leading zero or too many digits: a name no group has
    else {
      const g = r.names.indexOf(name);
      if (g > 0) out += groupText(s, m, g);
    }
  }
  return out + rest;
}

/** ReplaceAllString / ReplaceAllLiteralString: Go's replaceAll, which skips an empty match right after a match. */
export function replaceAll(r: GoRegexp, s: string, replacement: (m: GoMatch) => string): string {
  let out = '';
  let lastMatchEnd = 0;
  let searchPos = 0;
  const matcher = r.re.matcher(s);
  while (searchPos <= s.length) {
    const m = execAt(r, matcher, searchPos);
    if (!m) break;
    out += s.slice(lastMatchEnd, m[0]);
    if (m[1] > lastMatchEnd || m[0] === 0) out += replacement(m);
    lastMatchEnd = m[1];
    const width = charWidth(s, searchPos);
    if (searchPos + width > m[1]) searchPos += width;
    else if (searchPos + 1 > m[1]) searchPos++;
    else searchPos = m[1];
  }
  return out + s.slice(lastMatchEnd);
}

/** Regexp.Split. */
export function split(r: GoRegexp, s: string, n: number): string[] {
  if (n === 0) return [];
  if (r.expr.length > 0 && s.length === 0) return [''];
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of findAll(r, s, n)) {
    if (n > 0 && out.length === n - 1) break;
    end = m[0];
    if (m[1] !== 0) out.push(s.slice(beg, end));
    beg = m[1];
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}

/** regexp.QuoteMeta. */
export function quoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
