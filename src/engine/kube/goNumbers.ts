/**
 * Numbers as Go prints them. A JSON number passes through two printers on its way to sigs.k8s.io/yaml
 * output: encoding/json, then go-yaml, which writes an integer as an integer and anything else with
 * strconv.FormatFloat(f, 'g', -1, 64) ("1e+21", "1e-05", "1.5").
 */

const INT64_MIN = -(2 ** 63);
const UINT64_LIMIT = 2 ** 64;

/** The shortest round-trip digits and decimal exponent of a finite non-zero |f|: f = 0.d1d2... × 10^(exp+1). */
function shortestDigits(f: number): { digits: string; exp: number } {
  const [mantissa, e] = Math.abs(f).toExponential().split('e');
  return { digits: mantissa.replace('.', ''), exp: Number(e) };
}

function exponentSuffix(exp: number): string {
  const sign = exp < 0 ? '-' : '+';
  const abs = Math.abs(exp);
  return `e${sign}${abs < 10 ? '0' : ''}${abs}`;
}

/** strconv.FormatFloat(f, 'g', -1, 64). */
export function formatGoFloatG(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const sign = f < 0 ? '-' : '';
  const { digits, exp } = shortestDigits(f);
  // Shortest 'g' switches to exponent form from 1e+06 on: Go decides with precision 6.
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${frac}${exponentSuffix(exp)}`;
  }
  return sign + fixedNotation(digits, exp);
}

function fixedNotation(digits: string, exp: number): string {
  if (exp < 0) return `0.${'0'.repeat(-exp - 1)}${digits}`;
  const intLen = exp + 1;
  if (digits.length <= intLen) return digits + '0'.repeat(intLen - digits.length);
  return `${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}

/** encoding/json's text for a float64: fixed notation, exponent form below 1e-6 and from 1e21. */
export function formatGoJsonFloat(f: number): string {
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const abs = Math.abs(f);
  const sign = f < 0 ? '-' : '';
  const { digits, exp } = shortestDigits(f);
  if (abs < 1e-6 || abs >= 1e21) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    // encoding/json shortens a one-digit negative exponent: e-07 → e-7.
    return `${sign}${digits[0]}${frac}${exponentSuffix(exp).replace(/^e-0(\d)$/, 'e-$1')}`;
  }
  return sign + fixedNotation(digits, exp);
}

/**
 * How go-yaml writes a JSON number it read back: integer text when the value fits int64/uint64 and
 * encoding/json printed it without fraction or exponent, otherwise the 'g' float form.
 */
export function formatYamlNumber(n: number): string {
  if (Number.isInteger(n) && n >= INT64_MIN && n < UINT64_LIMIT && Math.abs(n) < 1e21) return BigInt(n).toString();
  if (!Number.isFinite(n)) {
    if (Number.isNaN(n)) return '.nan';
    return n > 0 ? '.inf' : '-.inf';
  }
  return formatGoFloatG(n);
}
