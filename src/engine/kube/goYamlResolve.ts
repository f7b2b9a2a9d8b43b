/**
 * How go-yaml v2 (the YAML library under sigs.k8s.io/yaml) reads an unquoted scalar: YAML 1.1-ish.
 * `yes`/`on`/`y` are booleans, `~` and `` are null, `0777` is octal, `0x1F` hex, `1_000` an int,
 * `2024-01-02` a timestamp. The writer quotes any string that would read back as something else.
 */
import type { JsonValue } from './sigsYamlWriter.ts';

export type ResolvedScalar =
  | { tag: 'str'; value: string }
  | { tag: 'null'; value: null }
  | { tag: 'bool'; value: boolean }
  | { tag: 'int'; value: bigint }
  | { tag: 'float'; value: number }
  | { tag: 'timestamp'; value: string };

const KEYWORDS: Record<string, ResolvedScalar> = {};
function keyword(words: string[], r: ResolvedScalar): void {
  for (const w of words) KEYWORDS[w] = r;
}
keyword(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'], { tag: 'bool', value: true });
keyword(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'], { tag: 'bool', value: false });
keyword(['', '~', 'null', 'Null', 'NULL'], { tag: 'null', value: null });
keyword(['.nan', '.NaN', '.NAN'], { tag: 'float', value: NaN });
keyword(['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'], { tag: 'float', value: Infinity });
keyword(['-.inf', '-.Inf', '-.INF'], { tag: 'float', value: -Infinity });

/** go-yaml only looks further at scalars whose first character hints at a non-string. */
function hint(first: string): 'S' | 'D' | 'M' | '.' | undefined {
  if (first === '+' || first === '-') return 'S';
  if (first >= '0' && first <= '9') return 'D';
  if ('yYnNtTfFoO~'.includes(first)) return 'M';
  if (first === '.') return '.';
  return undefined;
}

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** Go's strconv.ParseInt(s, 0, 64) (signed) or ParseUint(s, 0, 64) (unsigned); undefined on error. */
export function parseGoInt(s: string, signed: boolean): bigint | undefined {
  let rest = s;
  let negative = false;
  if (signed && (rest[0] === '+' || rest[0] === '-')) {
    negative = rest[0] === '-';
    rest = rest.slice(1);
  }
  let digits: RegExp;
  let prefix = '';
  if (/^0[xX]/.test(rest)) {
    digits = /^[0-9a-fA-F]+$/;
    prefix = '0x';
    rest = rest.slice(2);
  } else if (/^0[bB]/.test(rest)) {
    digits = /^[01]+$/;
    prefix = '0b';
    rest = rest.slice(2);
  } else if (/^0[oO]/.test(rest)) {
    digits = /^[0-7]+$/;
    prefix = '0o';
    rest = rest.slice(2);
  } else if (rest.length > 1 && rest[0] === '0') {
    digits = /^[0-7]+$/;
    prefix = '0o';
    rest = rest.slice(1);
  } else {
    digits = /^[0-9]+$/;
  }
  if (!digits.test(rest)) return undefined;
  let n = BigInt(prefix + rest);
  if (negative) n = -n;
  if (signed ? n < INT64_MIN || n > INT64_MAX : n > UINT64_MAX) return undefined;
  return n;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]);
}

// The four layouts go-yaml accepts: "2006-1-2T15:4:5.999999999Z07:00" (T or t), "2006-1-2 15:4:5.999999999", "2006-1-2".
const TIMESTAMP_WITH_ZONE = /^(\d{4})-(\d{1,2})-(\d{1,2})[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const TIMESTAMP_NO_ZONE = /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?$/;
const DATE_ONLY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Whether go-yaml would read `s` (unquoted) as a timestamp. */
export function isGoYamlTimestamp(s: string): boolean {
  const m = TIMESTAMP_WITH_ZONE.exec(s) ?? TIMESTAMP_NO_ZONE.exec(s) ?? DATE_ONLY.exec(s);
  if (!m) return false;
  if (!validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (m[4] === undefined) return true;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
  const zone = m[8];
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59)) return false;
  return true;
}

/** What an unquoted scalar means to go-yaml v2. */
export function resolvePlainScalar(s: string): ResolvedScalar {
  const h = s === '' ? 'M' : hint(s[0]);
  if (h === undefined) return { tag: 'str', value: s };
  const known = KEYWORDS[s];
  if (known) return known;
  if (h === '.') {
    if (DOT_FLOAT.test(s)) return { tag: 'float', value: Number(s) };
    return { tag: 'str', value: s };
  }
  if (h === 'D' || h === 'S') {
    if (isGoYamlTimestamp(s)) return { tag: 'timestamp', value: s };
    const plain = s.replaceAll('_', '');
    const i = parseGoInt(plain, true) ?? parseGoInt(plain, false);
    if (i !== undefined) return { tag: 'int', value: i };
    if (YAML_STYLE_FLOAT.test(plain)) return { tag: 'float', value: Number(plain) };
  }
  return { tag: 'str', value: s };
}

/** go-yaml v2 writes a string unquoted only when it reads back as that same string. */
export function stringNeedsQuotes(s: string): boolean {
  // Most strings start with a letter go-yaml does not look further at (and no base 60 float does).
  if (s !== '' && hint(s[0]) === undefined) return false;
  return resolvePlainScalar(s).tag !== 'str' || isBase60Float(s);
}

function isBase60Float(s: string): boolean {
  const c = s.charCodeAt(0);
  if (!(c === 0x2b || c === 0x2d || (c >= 0x30 && c <= 0x39)) || !s.includes(':')) return false;
  return BASE60_FLOAT.test(s);
}

/** The shortest decimal that reads back as the same float32: Go's FormatFloat(f, 'g', -1, 32). */
function formatFloat32(f: number): string {
  if (Number.isNaN(f)) return '.nan';
  if (!Number.isFinite(f)) return f > 0 ? '.inf' : '-.inf';
  const target = Math.fround(f);
  for (let p = 1; p <= 9; p++) {
    const s = target.toPrecision(p);
    if (Math.fround(Number(s)) === target) return goStyleG(Number(s));
  }
  return goStyleG(target);
}

function goStyleG(n: number): string {
  const [m, e] = n.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(n);
}

/**
 * An untagged plain scalar as go-yaml v2 resolves it and encoding/json then holds it; undefined for
 * what JSON cannot hold (`.inf`, `.nan`), which sigs.k8s.io/yaml refuses.
 */
export function plainScalarValue(text: string): JsonValue | undefined {
  const r = resolvePlainScalar(text);
  switch (r.tag) {
    case 'str':
    case 'timestamp':
      return r.value;
    case 'null':
      return null;
    case 'bool':
      return r.value;
    case 'int':
      // Integers beyond 2^53 lose precision here; a bigint would break every JSON.stringify downstream.
      return Number(r.value);
    case 'float':
      return Number.isFinite(r.value) ? r.value : undefined;
  }
}

/** A map key's value as the JSON key sigs.k8s.io/yaml writes (`true` → "true", `1.5` → "1.5"); undefined for one it refuses (null, a list). */
export function keyText(k: JsonValue): string | undefined {
  if (typeof k === 'string') return k;
  if (typeof k === 'boolean') return k ? 'true' : 'false';
  if (typeof k === 'bigint') return k.toString();
  if (typeof k === 'number') return Number.isInteger(k) ? BigInt(k).toString() : formatFloat32(k);
  return undefined;
}

/** The two readings above, handed to the fast block reader (blockYaml.ts) so it reads scalars exactly as decodeKubeYaml does. */
export const GO_YAML_SCALARS = { plainScalarValue, keyText };
