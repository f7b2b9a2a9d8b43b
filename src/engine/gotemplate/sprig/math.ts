/** sprig's math (numeric.go): int64 arithmetic, float functions, and the shopspring/decimal ops behind addf/mulf/... */
import { GoError, GoInt, type GoFunc, type GoValue, goFunc, underlying, wrapInt } from '../values.ts';
import { formatValue } from '../format.ts';
import { toFloat64, toInt64 } from './convert.ts';

const ANY = 'interface {}';
const i64 = (v: bigint) => new GoInt('int64', v);

/** An exact decimal: coef × 10^exp. */
interface Dec {
  coef: bigint;
  exp: number;
}

/** decimal.NewFromFloat: the shortest decimal that round-trips the float. */
function decFromFloat(f: number): Dec {
  if (!Number.isFinite(f)) throw new GoError(`Cannot create a Decimal from ${formatValue(f)}`);
  if (f === 0) return { coef: 0n, exp: 0 };
  const s = f.toExponential();
  const [m, e] = s.split('e');
  const neg = m.startsWith('-');
  const digits = m.replace('-', '').replace('.', '');
  return { coef: (neg ? -1n : 1n) * BigInt(digits), exp: Number(e) - (digits.length - 1) };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}

const decAdd = (a: Dec, b: Dec): Dec => {
  const [x, y, exp] = align(a, b);
  return { coef: x + y, exp };
};
const decSub = (a: Dec, b: Dec): Dec => decAdd(a, { coef: -b.coef, exp: b.exp });
const decMul = (a: Dec, b: Dec): Dec => ({ coef: a.coef * b.coef, exp: a.exp + b.exp });

/** decimal.Div: rounded half away from zero to DivisionPrecision (16) fractional digits. */
const decDiv = (a: Dec, b: Dec): Dec => {
  if (b.coef === 0n) throw new GoError('decimal division by 0');
  const prec = 16;
  // a/b scaled by 10^(prec+1), then rounded to prec digits
  const scale = prec + 1;
  let num = a.coef;
  let den = b.coef;
  const shift = scale + a.exp - b.exp;
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  let q = num / den;
  const neg = q < 0n;
  if (neg) q = -q;
  q = (q + 5n) / 10n;
  return { coef: neg ? -q : q, exp: -prec };
};

function decToFloat(d: Dec): number {
  return Number(`${d.coef}e${d.exp}`);
}

function decimalOp(first: GoValue, rest: GoValue[], op: (a: Dec, b: Dec) => Dec): number {
  let acc = decFromFloat(toFloat64(first));
  for (const x of rest) acc = op(acc, decFromFloat(toFloat64(x)));
  return decToFloat(acc);
}

function intDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new GoError('runtime error: integer divide by zero');
  return wrapInt('int64', a / b);
}

function round(a: GoValue, p: bigint, opt: number[]): number {
  const roundOn = opt.length ? opt[0] : 0.5;
  const val = toFloat64(a);
  const pow = Math.pow(10, Number(p));
  const digit = pow * val;
  const frac = digit - Math.trunc(digit);
  const r = frac >= roundOn ? Math.ceil(digit) : Math.floor(digit);
  return r / pow;
}

function toDecimal(v: GoValue): GoValue {
  const s = typeof underlying(v) === 'string' ? (underlying(v) as string) : formatValue(v);
  if (!/^[+-]?[0-7]+$/.test(s)) return i64(0n);
  const n = BigInt('0o' + s.replace(/^[+-]/, ''));
  const signed = s.startsWith('-') ? -n : n;
  if (signed > 0x7fffffffffffffffn || signed < -0x8000000000000000n) return i64(0n);
  return i64(signed);
}

export function mathFuncs(): Record<string, GoFunc> {
  const maxMin = (pickMax: boolean) => goFunc([ANY], (a: GoValue, rest: GoValue[]) => {
    let acc = toInt64(a);
    for (const x of rest) {
      const v = toInt64(x);
      if (pickMax ? v > acc : v < acc) acc = v;
    }
    return i64(acc);
  }, { variadic: ANY, result: 'int64' });
  const maxMinF = (pickMax: boolean) => goFunc([ANY], (a: GoValue, rest: GoValue[]) => {
    let acc = toFloat64(a);
    for (const x of rest) acc = pickMax ? Math.max(acc, toFloat64(x)) : Math.min(acc, toFloat64(x));
    return acc;
  }, { variadic: ANY, result: 'float64' });
  return {
    atoi: goFunc(['string'], (s: string) => {
      const m = /^[+-]?\d+$/.test(s) ? BigInt(s) : 0n;
      return m > 0x7fffffffffffffffn || m < -0x8000000000000000n ? 0n : m;
    }, { result: 'int' }),
    int64: goFunc([ANY], (v: GoValue) => i64(toInt64(v)), { result: 'int64' }),
    int: goFunc([ANY], (v: GoValue) => toInt64(v), { result: 'int' }),
    float64: goFunc([ANY], (v: GoValue) => toFloat64(v), { result: 'float64' }),
    toDecimal: goFunc([ANY], toDecimal, { result: 'int64' }),
    add1: goFunc([ANY], (v: GoValue) => i64(toInt64(v) + 1n), { result: 'int64' }),
    add: goFunc([], (xs: GoValue[]) => i64(xs.reduce<bigint>((s, x) => s + toInt64(x), 0n)), { variadic: ANY, result: 'int64' }),
    sub: goFunc([ANY, ANY], (a: GoValue, b: GoValue) => i64(toInt64(a) - toInt64(b)), { result: 'int64' }),
    div: goFunc([ANY, ANY], (a: GoValue, b: GoValue) => i64(intDiv(toInt64(a), toInt64(b))), { result: 'int64' }),
    mod: goFunc([ANY, ANY], (a: GoValue, b: GoValue) => {
      const y = toInt64(b);
      if (y === 0n) throw new GoError('runtime error: integer divide by zero');
      return i64(toInt64(a) % y);
    }, { result: 'int64' }),
    mul: goFunc([ANY], (a: GoValue, rest: GoValue[]) => i64(rest.reduce<bigint>((p, x) => p * toInt64(x), toInt64(a))), { variadic: ANY, result: 'int64' }),
    randInt: goFunc(['int', 'int'], (lo: bigint, hi: bigint) => {
      if (hi <= lo) throw new GoError('invalid argument to Intn');
      return lo + BigInt(Math.floor(Math.random() * Number(hi - lo)));
    }, { result: 'int' }),
    add1f: goFunc([ANY], (v: GoValue) => decimalOp(v, [1], decAdd), { result: 'float64' }),
    addf: goFunc([], (xs: GoValue[]) => decimalOp(0, xs, decAdd), { variadic: ANY, result: 'float64' }),
    subf: goFunc([ANY], (a: GoValue, xs: GoValue[]) => decimalOp(a, xs, decSub), { variadic: ANY, result: 'float64' }),
    divf: goFunc([ANY], (a: GoValue, xs: GoValue[]) => decimalOp(a, xs, decDiv), { variadic: ANY, result: 'float64' }),
    mulf: goFunc([ANY], (a: GoValue, xs: GoValue[]) => decimalOp(a, xs, decMul), { variadic: ANY, result: 'float64' }),
    biggest: maxMin(true),
    max: maxMin(true),
    min: maxMin(false),
    maxf: maxMinF(true),
    minf: maxMinF(false),
    ceil: goFunc([ANY], (v: GoValue) => Math.ceil(toFloat64(v)), { result: 'float64' }),
    floor: goFunc([ANY], (v: GoValue) => Math.floor(toFloat64(v)), { result: 'float64' }),
    round: goFunc([ANY, 'int'], round, { variadic: 'float64', result: 'float64' }),
  };
}
