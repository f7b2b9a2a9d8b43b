/**
 * Go's time.Duration: int64 nanoseconds, parsed by time.ParseDuration and printed by String(),
 * exactly (bigint), with Go's error wording. Sprig's date functions need both.
 */
import { goQuote } from './strconv.ts';

export const SECOND = 1_000_000_000n;
export const INT64_MAX = (1n << 63n) - 1n;
export const INT64_MIN = -(1n << 63n);
const MAX = INT64_MAX;
const MIN = INT64_MIN;

const UNITS: Record<string, bigint> = {
  ns: 1n, us: 1000n, 'µs': 1000n, 'μs': 1000n, ms: 1_000_000n, s: SECOND, m: 60n * SECOND, h: 3600n * SECOND,
};

/** time.ParseDuration: nanoseconds, or Go's error message. */
export function parseGoDuration(text: string): bigint | { error: string } {
  const invalid = { error: `time: invalid duration ${goQuote(text)}` };
  let s = text;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return invalid;
  let total = 0n;
  while (s !== '') {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s)!;
    const [whole, intPart, fracPart] = [m[0], m[1]!, m[2]];
    if (intPart === '' && !fracPart) return invalid; // no digits on either side of the point
    s = s.slice(whole.length);
    const unitText = /^[^0-9.]*/.exec(s)![0];
    s = s.slice(unitText.length);
    if (unitText === '') return { error: `time: missing unit in duration ${goQuote(text)}` };
    const unit = UNITS[unitText];
    if (unit === undefined) return { error: `time: unknown unit ${goQuote(unitText)} in duration ${goQuote(text)}` };
    const v = intPart === '' ? 0n : BigInt(intPart);
    if (v > (MAX + 1n) / unit) return invalid;
    let part = v * unit;
    if (fracPart) part += fractionOfUnit(fracPart, unit);
    if (part > MAX + 1n) return invalid;
    total += part;
    if (total > MAX + (neg ? 1n : 0n)) return invalid;
  }
  return neg ? -total : total;
}

/**
 * The fraction's share of a unit as Go computes it: digits kept while they fit an int64, then
 * float64 arithmetic truncated (so "0.1ns" is 0 and long fractions round as Go's do).
 */
function fractionOfUnit(digits: string, unit: bigint): bigint {
  let f = 0n;
  let scale = 1;
  for (const c of digits) {
    if (f > MAX / 10n) break;
    f = f * 10n + BigInt(c);
    scale *= 10;
  }
  return BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
}

/** time.Duration.String(): "1h2m3.5s", "1.5µs", "0s". */
export function formatGoDuration(d: bigint): string {
  if (d === 0n) return '0s';
  const neg = d < 0n;
  let u = neg ? -d : d;
  const sign = neg ? '-' : '';
  if (u < SECOND) {
    if (u < 1000n) return `${sign}${u}ns`;
    if (u < 1_000_000n) return `${sign}${fraction(u, 3)}µs`;
    return `${sign}${fraction(u, 6)}ms`;
  }
  const secs = fraction(u % (60n * SECOND), 9);
  u /= 60n * SECOND;
  if (u === 0n) return `${sign}${secs}s`;
  const mins = u % 60n;
  const hours = u / 60n;
  return hours === 0n ? `${sign}${mins}m${secs}s` : `${sign}${hours}h${mins}m${secs}s`;
}

/** n / 10^digits, printed with the fraction's trailing zeros dropped. */
function fraction(n: bigint, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const frac = (n % scale).toString().padStart(digits, '0').replace(/0+$/, '');
  return `${n / scale}${frac ? `.${frac}` : ''}`;
}

/** time.Duration.Round(m): halfway values round away from zero, saturating at the int64 range. */
export function roundGoDuration(d: bigint, m: bigint): bigint {
  if (m <= 0n) return d;
  let r = d % m;
  if (d < 0n) {
    r = -r;
    if (r + r < m) return d + r;
    const d1 = d - m + r;
    return d1 < d && d1 >= MIN ? d1 : MIN;
  }
  if (r + r < m) return d - r;
  const d1 = d + m - r;
  return d1 > d && d1 <= MAX ? d1 : MAX;
}

/** a - b as time.Time.Sub does it: saturated at the int64 range. */
export function subSaturated(a: bigint, b: bigint): bigint {
  const d = a - b;
  return d > MAX ? MAX : d < MIN ? MIN : d;
}

/** Go's int64 multiplication, which wraps. */
export function mulInt64(a: bigint, b: bigint): bigint {
  return BigInt.asIntN(64, a * b);
}
