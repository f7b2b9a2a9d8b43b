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

function goYamlKeyLess(a: string, b: string): boolean {
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
