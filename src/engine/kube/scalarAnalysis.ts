/**
 * Which YAML scalar styles can carry a string unchanged, judged character by character the way the
 * libyaml-derived emitter of go-yaml v2 judges it (with unicode output on).
 */

export interface ScalarAnalysis {
  /** Code points (the columns the string takes when written as it is). */
  width: number;
  /** UTF-8 bytes (a lone surrogate counts as U+FFFD's 3, as an encoder writes it). */
  utf8Bytes: number;
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
  // Every printable character is in the Basic Multilingual Plane, so its code point is one code unit.
  return printableUnit(c.codePointAt(0)!);
}

const SPACE = 0x20;
const TAB = 0x09;
const QUESTION = 0x3f;
const COLON = 0x3a;
const DASH = 0x2d;
const HASH = 0x23;
/** Per ASCII code: 1 if it makes a scalar's first character an indicator, 2 if it is a flow indicator anywhere else. */
const INDICATOR = new Uint8Array(128);
for (const c of '#,[]{}&*!|>\'"%@`') INDICATOR[c.charCodeAt(0)] |= 1;
for (const c of ',?[]{}') INDICATOR[c.charCodeAt(0)] |= 2;
const isFirstIndicator = (c: number): boolean => c < 128 && (INDICATOR[c] & 1) !== 0;
const isFlowIndicator = (c: number): boolean => c < 128 && (INDICATOR[c] & 2) !== 0;

/** isPrintable for one UTF-16 code unit (a surrogate is not printable, as no astral character is). */
function printableUnit(cp: number): boolean {
  if (cp === 0x0a) return true;
  if (cp >= 0x20 && cp <= 0x7e) return true;
  if (cp >= 0xa0 && cp <= 0xd7ff) return true;
  if (cp >= 0xe000 && cp <= 0xfffd) return cp !== 0xfeff;
  return false;
}

/**
 * The check over the string's UTF-16 code units. That is the same check as over its code points:
 * every character it looks for is in the Basic Multilingual Plane, and a surrogate (half of an
 * astral character) is not printable, as the astral character is not.
 */
export function analyzeScalar(text: string): ScalarAnalysis {
  const n = text.length;
  if (n === 0) {
    return { width: 0, utf8Bytes: 0, multiline: false, flowPlainAllowed: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
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

  if (text.startsWith('---') || text.startsWith('...')) {
    blockIndicators = true;
    flowIndicators = true;
  }
  let precededByWhitespace = true;
  let width = n;
  let utf8Bytes = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) utf8Bytes += 1;
    else if (c < 0x800) utf8Bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // a surrogate pair: one code point of 4 bytes (its second half adds nothing)
      utf8Bytes += 4;
      width--;
    } else if (c >= 0xdc00 && c <= 0xdfff && i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) {
      // the second half of a pair, counted with the first
    } else utf8Bytes += 3;
    const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;
    const followedByWhitespace = next === -1 || next === SPACE || next === TAB;
    if (i === 0) {
      if (isFirstIndicator(c)) {
        flowIndicators = true;
        blockIndicators = true;
      } else if (c === QUESTION || c === COLON) {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      } else if (c === DASH && followedByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    } else if (isFlowIndicator(c)) {
      flowIndicators = true;
    } else if (c === COLON) {
      flowIndicators = true;
      if (followedByWhitespace) blockIndicators = true;
    } else if (c === HASH && precededByWhitespace) {
      flowIndicators = true;
      blockIndicators = true;
    }

    if (!printableUnit(c)) special = true;
    const isBreakUnit = c === 0x0d || c === 0x0a || c === 0x85 || c === 0x2028 || c === 0x2029;
    if (c === SPACE) {
      if (i === 0) leadingSpace = true;
      if (i === n - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreakUnit) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === n - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = c === SPACE || c === TAB || isBreakUnit || c === 0;
  }

  const r: ScalarAnalysis = {
    width,
    utf8Bytes,
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
