/**
 * Which YAML scalar styles can carry a string unchanged, judged character by character the way the
 * libyaml-derived emitter of go-yaml v2 judges it (with unicode output on). Works on code points.
 */

export interface ScalarAnalysis {
  multiline: boolean;
  flowPlainAllowed: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** Line breaks as YAML 1.1 knows them: CR, LF, NEL, LS, PS. */
export function isBreak(c: string | undefined): boolean {
  return c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
}

/** The emitter's notion of printable (tab, CR and astral-plane characters are not). */
export function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0)!;
  if (cp === 0x0a) return true;
  if (cp >= 0x20 && cp <= 0x7e) return true;
  if (cp >= 0xa0 && cp <= 0xd7ff) return true;
  if (cp >= 0xe000 && cp <= 0xfffd) return cp !== 0xfeff;
  return false;
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

export function analyzeScalar(chars: readonly string[]): ScalarAnalysis {
  if (chars.length === 0) {
    return { multiline: false, flowPlainAllowed: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;

  const start = chars.slice(0, 3).join('');
  if (start === '---' || start === '...') {
    blockIndicators = true;
    flowIndicators = true;
  }
  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const next = chars[i + 1];
    const followedByWhitespace = next === undefined || isBlank(next);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) {
        flowIndicators = true;
        blockIndicators = true;
      } else if (c === '?' || c === ':') {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      } else if (c === '-' && followedByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    } else if (',?[]{}'.includes(c)) {
      flowIndicators = true;
    } else if (c === ':') {
      flowIndicators = true;
      if (followedByWhitespace) blockIndicators = true;
    } else if (c === '#' && precededByWhitespace) {
      flowIndicators = true;
      blockIndicators = true;
    }

    if (!isPrintable(c)) special = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlank(c) || isBreak(c) || c === '\0';
  }

  const r: ScalarAnalysis = {
    multiline: lineBreaks,
    flowPlainAllowed: true,
    blockPlainAllowed: true,
    singleQuotedAllowed: true,
    blockAllowed: true,
  };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
  }
  if (trailingSpace) r.blockAllowed = false;
  if (breakSpace) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
    r.singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
    r.singleQuotedAllowed = false;
    r.blockAllowed = false;
  }
  if (lineBreaks) {
    r.flowPlainAllowed = false;
    r.blockPlainAllowed = false;
  }
  if (flowIndicators) r.flowPlainAllowed = false;
  if (blockIndicators) r.blockPlainAllowed = false;
  return r;
}
