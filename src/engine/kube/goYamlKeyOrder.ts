/**
 * The order in which go-yaml v2 writes the keys of a map: not byte order but a "natural" order in
 * which non-letters come before letters and runs of digits compare as numbers ("a2" < "a10").
 */

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

const isLetter = (c: string): boolean => LETTER.test(c);
const isDigit = (c: string): boolean => DIGIT.test(c);

/** Go accumulates digit runs in an int64 that silently wraps; keep that so huge runs order as Go orders them. */
function accumulate(n: bigint, c: string): bigint {
  return BigInt.asIntN(64, n * 10n + BigInt((c.codePointAt(0) ?? 0) - 48));
}

/** Negative when a sorts before b. */
export function compareGoYamlKeys(a: string, b: string): number {
  if (a === b) return 0;
  return goYamlKeyLess(a, b) ? -1 : 1;
}

const isAsciiLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isAsciiDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** Thrown by the ASCII comparison when it meets a character it leaves to the full one. */
const NOT_ASCII = { notAscii: true } as const;

/**
 * The comparison for keys that are ASCII up to where it is decided (nearly every key): the same
 * steps over char codes, where a letter is A-Z a-z and a digit 0-9 (\p{L} and \p{Nd} in ASCII).
 */
function asciiKeyLess(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca >= 0x80 || cb >= 0x80) throw NOT_ASCII;
    if (ca === cb) continue;
    const al = isAsciiLetter(ca);
    const bl = isAsciiLetter(cb);
    if (al && bl) return ca < cb;
    if (al || bl) return bl;
    // A zero inside a number ("10" vs "1x") must not be taken as a leading zero.
    let start = 0n;
    if (ca === 0x30 || cb === 0x30) {
      for (let j = i - 1; j >= 0 && isAsciiDigit(a.charCodeAt(j)); j--) {
        if (a.charCodeAt(j) !== 0x30) {
          start = 1n;
          break;
        }
      }
    }
    const [ai, an] = asciiDigitRun(a, i, start);
    const [bi, bn] = asciiDigitRun(b, i, start);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ca < cb;
  }
  // One is a prefix of the other: the shorter in code units is the shorter in code points.
  return a.length < b.length;
}

/** The run of ASCII digits in `s` from `i`: where it ends, and `n` with its digits accumulated as Go does. */
function asciiDigitRun(s: string, i: number, n: bigint): [end: number, value: bigint] {
  let k = i;
  for (; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 0x80) throw NOT_ASCII;
    if (!isAsciiDigit(c)) break;
    n = BigInt.asIntN(64, n * 10n + BigInt(c - 48));
  }
  return [k, n];
}

function goYamlKeyLess(a: string, b: string): boolean {
  try {
    return asciiKeyLess(a, b);
  } catch (err) {
    if (err !== NOT_ASCII) throw err;
  }
  return fullKeyLess(a, b);
}

function fullKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      // A zero inside a number ("10" vs "1x") must not be taken as a leading zero.
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = accumulate(an, ar[ai]);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = accumulate(bn, br[bi]);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
  }
  return ar.length < br.length;
}
