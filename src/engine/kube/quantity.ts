/**
 * Kubernetes resource quantities (apimachinery `resource.Quantity`): parsed from "500m", "1.5Gi",
 * "1e3"..., rounded up to nano units, and printed back in canonical form, which is what every typed
 * round trip of a pod does to its resources (`2000m` → `2`, `1024Mi` → `1Gi`, `0.5` → `500m`).
 */

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_BY_EXPONENT = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e, s]));
const MAX_INT64 = (1n << 63n) - 1n;
const MAX_SUFFIX_EXPONENT = 1_000;

interface QuantityParts {
  positive: boolean;
  /** The number as written, sign and leading zeros included, without the suffix. */
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

function splitQuantity(str: string): QuantityParts | undefined {
  let pos = 0;
  const end = str.length;
  let positive = true;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') {
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  const numStart = pos;
  while (pos < end && isDigit(str[pos])) pos++;
  let num = str.slice(numStart, pos);
  if (num === '') num = '0';
  let denom = '';
  if (pos < end && str[pos] === '.') {
    pos++;
    const denomStart = pos;
    while (pos < end && isDigit(str[pos])) pos++;
    denom = str.slice(denomStart, pos);
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  while (pos < end && 'eEinumkKMGTP'.includes(str[pos])) pos++;
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) return undefined;
  return { positive, value, num, denom, suffix: str.slice(suffixStart) };
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';

function interpretSuffix(suffix: string): { base: 2 | 10; exponent: number; format: Format } | undefined {
  if (suffix in DECIMAL_SUFFIXES) return { base: 10, exponent: DECIMAL_SUFFIXES[suffix], format: 'DecimalSI' };
  if (suffix in BINARY_SUFFIXES) return { base: 2, exponent: BINARY_SUFFIXES[suffix], format: 'BinarySI' };
  if (/^[eE][-+]?\d+$/.test(suffix)) {
    const exponent = Number(suffix.slice(1));
    if (Math.abs(exponent) > MAX_SUFFIX_EXPONENT) return undefined;
    return { base: 10, exponent, format: 'DecimalExponent' };
  }
  return undefined;
}

/** A parsed quantity: unscaled × 10^scale, and the format its suffix asked for. */
export interface Quantity {
  unscaled: bigint;
  scale: number;
  format: Format;
  /** The input itself, kept when apimachinery keeps it (it was already canonical). */
  cached?: string;
}

/** apimachinery's ParseQuantity; undefined when the text is not a quantity. */
export function parseQuantity(str: string): Quantity | undefined {
  if (str === '') return undefined;
  if (str === '0') return { unscaled: 0n, scale: 0, format: 'DecimalSI', cached: str };
  const parts = splitQuantity(str);
  if (!parts) return undefined;
  const suffix = interpretSuffix(parts.suffix);
  if (!suffix) return undefined;
  const { num, denom, positive } = parts;
  const digits = BigInt(num + denom) * (positive ? 1n : -1n);
  let unscaled: bigint;
  let scale: number;
  if (suffix.base === 10) {
    unscaled = digits;
    scale = suffix.exponent - denom.length;
  } else {
    unscaled = digits * (1n << BigInt(suffix.exponent));
    scale = -denom.length;
  }
  const cached = keepsInputText(parts, suffix) ? str : undefined;
  // Anything finer than a nano unit rounds up (away from zero), so a tiny request stays non-zero.
  if (scale < -9) {
    const divisor = 10n ** BigInt(-9 - scale);
    const q = unscaled / divisor;
    unscaled = unscaled % divisor === 0n ? q : q + (unscaled < 0n ? -1n : 1n);
    scale = -9;
  }
  if (unscaled > 0n && compareScaled(unscaled, scale, MAX_INT64) > 0) {
    unscaled = MAX_INT64;
    scale = 0;
  }
  const q: Quantity = { unscaled, scale, format: suffix.format };
  if (cached !== undefined) q.cached = cached;
  return q;
}

/** apimachinery reuses the input text on its int64 fast path when the text is already canonical. */
function keepsInputText(parts: QuantityParts, suffix: { base: 2 | 10; exponent: number }): boolean {
  const { num, denom } = parts;
  if (suffix.base === 10) {
    if (18 - (num.length + denom.length) < 0) return false;
    const scale = suffix.exponent - denom.length;
    if (scale < -9) return false;
    const shifted = num + denom;
    return scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
  }
  if (denom.length > 0) return false;
  const precision = 15 - num.length - Math.trunc((suffix.exponent * 3) / 10) - 1;
  if (precision < 0) return false;
  const value = BigInt(num);
  if (value * (1n << BigInt(suffix.exponent)) > MAX_INT64) return false;
  return suffix.exponent % 10 === 0 && (value & 7n) !== 0n;
}

function compareScaled(unscaled: bigint, scale: number, n: bigint): number {
  const left = scale >= 0 ? unscaled * 10n ** BigInt(scale) : unscaled;
  const right = scale >= 0 ? n : n * 10n ** BigInt(-scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

function removeFactors(value: bigint, factor: bigint): { amount: bigint; times: number } {
  let amount = value;
  let times = 0;
  while (amount !== 0n && amount % factor === 0n) {
    amount /= factor;
    times++;
  }
  return { amount, times };
}

/** The canonical text apimachinery prints for a quantity (MarshalJSON / String). */
export function formatQuantity(q: Quantity): string {
  if (q.cached !== undefined) return q.cached;
  if (q.unscaled === 0n) return '0';
  let format = q.format;
  let wholeBytes: bigint | undefined;
  if (format === 'BinarySI') {
    const inSmallRange = compareScaled(q.unscaled, q.scale, -1024n) > 0 && compareScaled(q.unscaled, q.scale, 1024n) < 0;
    if (inSmallRange) format = 'DecimalSI';
    else if (q.scale >= 0) wholeBytes = q.unscaled * 10n ** BigInt(q.scale);
    else {
      const d = 10n ** BigInt(-q.scale);
      if (q.unscaled % d === 0n) wholeBytes = q.unscaled / d;
      else format = 'DecimalSI';
    }
  }
  if (format === 'BinarySI' && wholeBytes !== undefined) {
    const { amount, times } = removeFactors(wholeBytes, 1024n);
    return amount.toString() + (BINARY_BY_EXPONENT.get(times * 10) ?? '');
  }
  const { amount: stripped, times } = removeFactors(q.unscaled, 10n);
  let amount = stripped;
  let exponent = q.scale + times;
  while (exponent % 3 !== 0) {
    amount *= 10n;
    exponent--;
  }
  if (format === 'DecimalExponent') return amount.toString() + (exponent === 0 ? '' : `e${exponent}`);
  return amount.toString() + (DECIMAL_BY_EXPONENT.get(exponent) ?? '');
}

/** Canonical form of a quantity string, or undefined when it does not parse. */
export function normalizeQuantity(text: string): string | undefined {
  const q = parseQuantity(text);
  return q ? formatQuantity(q) : undefined;
}
