/**
 * Go's float printing: strconv.FormatFloat's shortest digits and its two layouts, the 'g' form
 * (`%v`, go-yaml) and encoding/json's form. Digits come from JavaScript's shortest round trip, which
 * is the same decimal Go's Ryū finds.
 */

/** The shortest round-trip digits of |f| (finite, non-zero) and the decimal exponent of the first digit. */
export function shortestDigits(f: number): { neg: boolean; digits: string; exp: number } {
  const s = Math.abs(f).toExponential();
  const e = s.indexOf('e');
  return { neg: f < 0, digits: s.slice(0, e).replace('.', ''), exp: Number(s.slice(e + 1)) };
}

/** d.ddde±XX, Go's exponent layout (at least two exponent digits). */
export function exponentForm(digits: string, exp: number, upper = false): string {
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const ae = Math.abs(exp);
  return `${mant}${upper ? 'E' : 'e'}${exp < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
}

/** The digits laid out without an exponent. */
export function fixedForm(digits: string, exp: number): string {
  if (exp < 0) return '0.' + '0'.repeat(-exp - 1) + digits;
  if (digits.length <= exp + 1) return digits + '0'.repeat(exp + 1 - digits.length);
  return digits.slice(0, exp + 1) + '.' + digits.slice(exp + 1);
}

/** strconv.FormatFloat(f, 'g', -1, 64): exponent form when exp < -4 or exp >= 6 (Go decides with precision 6). */
export function formatGoFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  // An integer below 1e6 is its own digits in either layout (the common case: ports, counts).
  if (Number.isInteger(f) && Math.abs(f) < 1e6) return String(f);
  const { neg, digits, exp } = shortestDigits(f);
  const sign = neg ? '-' : '';
  if (exp < -4 || exp >= 6) return sign + exponentForm(digits, exp);
  return sign + fixedForm(digits, exp);
}

/** encoding/json's text for a float64: fixed notation, exponent form below 1e-6 and from 1e21. */
export function formatGoJsonFloat(f: number): string {
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const abs = Math.abs(f);
  // An integer below 1e21 prints as its digits, as JavaScript prints it.
  if (Number.isInteger(f) && abs < 1e21) return String(f);
  const { neg, digits, exp } = shortestDigits(f);
  const sign = neg ? '-' : '';
  // encoding/json shortens a one-digit negative exponent: e-07 → e-7.
  if (abs < 1e-6 || abs >= 1e21) return sign + exponentForm(digits, exp).replace(/e-0(\d)$/, 'e-$1');
  return sign + fixedForm(digits, exp);
}
