/**
 * Case conversions as sprig gets them from huandu/xstrings (1.3.x, the version sprig 3.2.3 builds with)
 * and from Go's per-rune unicode.ToUpper/ToLower: camelcase, snakecase, kebabcase, swapcase, upper, lower.
 */

const isUpper = (c: string) => /\p{Lu}/u.test(c);
const isLower = (c: string) => /\p{Ll}/u.test(c);
const isLetter = (c: string) => /\p{L}/u.test(c);
const isNumber = (c: string) => /\p{N}/u.test(c);
const isPunct = (c: string) => /\p{P}/u.test(c);
const isSpace = (c: string) => /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u.test(c);
const isConnector = (c: string) => c === '-' || c === '_' || isSpace(c);
/** xstrings' isAlphabet: a letter that is not CJK. */
const isAlphabet = (c: string) => isLetter(c) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(c);

/** unicode.ToUpper/ToLower rune by rune (no multi-character expansions such as ß → SS). */
function mapRunes(s: string, f: (c: string) => string): string {
  let out = '';
  for (const c of s) {
    const m = f(c);
    out += m.length === 1 || (m.length === 2 && m.codePointAt(0)! > 0xffff) ? m : c;
  }
  return out;
}

const ascii = /^[\x00-\x7f]*$/;
// ASCII has no expansions, so the whole-string conversion is the rune-by-rune one, much faster.
export const goToUpper = (s: string) => (ascii.test(s) ? s.toUpperCase() : mapRunes(s, (c) => c.toUpperCase()));
export const goToLower = (s: string) => (ascii.test(s) ? s.toLowerCase() : mapRunes(s, (c) => c.toLowerCase()));

export function swapCase(s: string): string {
  return mapRunes(s, (c) => (isUpper(c) ? c.toLowerCase() : isLower(c) ? c.toUpperCase() : c));
}

/** xstrings.ToCamelCase: connectors (space, '_', '-') capitalise the next rune; runs of connectors keep all but the last. */
export function toCamelCase(str: string): string {
  const runes = [...str];
  if (runes.length === 0) return '';
  let out = '';
  let i = 0;
  let r0 = '';
  for (; i < runes.length; i++) {
    r0 = runes[i];
    if (!isConnector(r0)) {
      r0 = goToUpper(r0);
      i++;
      break;
    }
    out += r0;
  }
  if (i >= runes.length) return out + (isConnector(r0) ? '' : r0);
  for (; i < runes.length; i++) {
    const r1 = r0;
    r0 = runes[i];
    if (isConnector(r0) && isConnector(r1)) {
      out += r1;
      continue;
    }
    if (isConnector(r1)) r0 = goToUpper(r0);
    else {
      r0 = goToLower(r0);
      out += r1;
    }
  }
  return out + r0;
}

type WordType = 'number' | 'upper' | 'alpha' | 'connector' | 'punct' | 'other' | 'none';

/** xstrings' nextWord over runes from index i: the word's type and end index. */
function nextWord(r: string[], i: number): [WordType, number] {
  if (i >= r.length) return ['none', i];
  const c = r[i];
  let j = i + 1;
  if (isConnector(c)) {
    while (j < r.length && isConnector(r[j])) j++;
    return ['connector', j];
  }
  if (isPunct(c)) {
    while (j < r.length && isPunct(r[j])) j++;
    return ['punct', j];
  }
  if (isUpper(c)) {
    if (j >= r.length) return ['upper', j];
    if (isUpper(r[j])) {
      while (j < r.length && isUpper(r[j])) j++;
      // "HTTPStatus" splits as "HTTP" + "Status"
      if (j < r.length && isAlphabet(r[j])) j--;
    } else if (isAlphabet(r[j])) {
      while (j < r.length && isAlphabet(r[j]) && !isUpper(r[j])) j++;
    }
    return ['upper', j];
  }
  if (isAlphabet(c)) {
    while (j < r.length && isAlphabet(r[j]) && !isUpper(r[j])) j++;
    return ['alpha', j];
  }
  if (isNumber(c)) {
    while (j < r.length && isNumber(r[j])) j++;
    return ['number', j];
  }
  while (j < r.length && !isConnector(r[j]) && !isAlphabet(r[j]) && !isNumber(r[j]) && !isPunct(r[j])) j++;
  return ['other', j];
}

/** xstrings.ToSnakeCase / ToKebabCase. */
export function camelCaseToLowerCase(str: string, connector: string): string {
  const r = [...str];
  if (r.length === 0) return '';
  let out = '';
  const lower = (t: WordType, a: number, b: number) => {
    const w = r.slice(a, b);
    if (t !== 'upper' && t !== 'connector') out += w.join('');
    else for (const c of w) out += isConnector(c) ? connector : isUpper(c) ? goToLower(c) : c;
  };
  let start = 0;
  let [wt, end] = nextWord(r, 0);
  while (end < r.length) {
    if (wt !== 'connector') lower(wt, start, end);
    const prev = wt;
    const lastStart = start;
    const lastEnd = end;
    start = end;
    [wt, end] = nextWord(r, start);
    switch (prev) {
      case 'number':
        while (wt === 'alpha' || wt === 'number') {
          lower(wt, start, end);
          start = end;
          [wt, end] = nextWord(r, start);
        }
        if (wt !== 'none' && wt !== 'punct' && wt !== 'connector') out += connector;
        break;
      case 'connector':
        lower(prev, lastStart, lastEnd);
        break;
      case 'punct':
        break;
      default: {
        if (wt !== 'number') {
          if (wt !== 'connector' && wt !== 'punct') out += connector;
          break;
        }
        if (end >= r.length) break;
        const numStart = start;
        const numEnd = end;
        start = end;
        [wt, end] = nextWord(r, start);
        if (wt !== 'alpha') {
          lower('number', numStart, numEnd);
          if (wt !== 'connector' && wt !== 'punct') out += connector;
          break;
        }
        out += connector;
        lower('number', numStart, numEnd);
        while (wt === 'alpha' || wt === 'number') {
          lower(wt, start, end);
          start = end;
          [wt, end] = nextWord(r, start);
        }
        if (wt !== 'none' && wt !== 'connector' && wt !== 'punct') out += connector;
      }
    }
  }
  lower(wt, start, end);
  return out;
}
