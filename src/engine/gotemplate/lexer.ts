/**
 * Splits template text into tokens the way Go's text/template/parse lexer does: text, `{{`/`}}` with the
 * `{{- `/` -}}` trim markers, comments, and the words of actions. An error becomes an `error` token that
 * ends the stream; its line is where the bad token started.
 */

export type TokenType =
  | 'text' | 'leftDelim' | 'rightDelim' | 'comment' | 'space' | 'eof' | 'error'
  | 'declare' | 'assign' | 'pipe' | 'leftParen' | 'rightParen' | 'char'
  | 'string' | 'rawString' | 'charConstant' | 'number' | 'complex' | 'bool'
  | 'variable' | 'field' | 'identifier' | 'dot' | 'nil'
  | 'block' | 'break' | 'continue' | 'define' | 'else' | 'end' | 'if' | 'range' | 'template' | 'with';

export interface Token {
  type: TokenType;
  val: string;
  /** Offset in the template text (UTF-16 units). */
  pos: number;
  /** 1-based line where the token starts. */
  line: number;
}

const keywords = new Map<string, TokenType>(Object.entries({
  block: 'block', break: 'break', continue: 'continue', define: 'define', else: 'else', end: 'end',
  if: 'if', range: 'range', nil: 'nil', template: 'template', with: 'with',
}) as [string, TokenType][]);

export function isKeyword(t: TokenType): boolean {
  return t === 'block' || t === 'break' || t === 'continue' || t === 'define' || t === 'else' || t === 'end' ||
    t === 'if' || t === 'range' || t === 'nil' || t === 'template' || t === 'with' || t === 'dot';
}

const LEFT = '{{';
const RIGHT = '}}';

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n';
}

const alnum = /^[\p{L}\p{Nd}_]$/u;
function isAlphaNumeric(c: string | undefined): boolean {
  if (c === undefined) return false;
  const n = c.charCodeAt(0);
  if (n < 0x80) return (n >= 48 && n <= 57) || (n >= 65 && n <= 90) || (n >= 97 && n <= 122) || n === 95;
  return alnum.test(c);
}

/** Go's `%#U`: `U+0023 '#'`. */
export function goRuneRepr(c: string): string {
  const n = c.codePointAt(0)!;
  const hex = 'U+' + n.toString(16).toUpperCase().padStart(4, '0');
  return n >= 0x20 && n !== 0x7f ? `${hex} '${c}'` : hex;
}

export function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let start = 0;
  let line = 1; // line at `pos`
  let startLine = 1;
  let parenDepth = 0;

  const advanceTo = (p: number) => {
    for (let i = pos; i < p; i++) if (input.charCodeAt(i) === 10) line++;
    pos = p;
  };
  const emit = (type: TokenType) => {
    tokens.push({ type, val: input.slice(start, pos), pos: start, line: startLine });
    start = pos;
    startLine = line;
  };
  const ignore = () => {
    start = pos;
    startLine = line;
  };
  const fail = (message: string): false => {
    tokens.push({ type: 'error', val: message, pos: start, line: startLine });
    return false;
  };
  const peekChar = (): string | undefined => {
    if (pos >= input.length) return undefined;
    return String.fromCodePoint(input.codePointAt(pos)!);
  };
  const nextChar = (): string | undefined => {
    const c = peekChar();
    if (c !== undefined) advanceTo(pos + c.length);
    return c;
  };
  const hasLeftTrim = (p: number) => input[p] === '-' && isSpace(input[p + 1]);
  const hasRightTrim = (p: number) => isSpace(input[p]) && input[p + 1] === '-';
  const atRightDelim = (): { delim: boolean; trim: boolean } => {
    if (hasRightTrim(pos) && input.startsWith(RIGHT, pos + 2)) return { delim: true, trim: true };
    if (input.startsWith(RIGHT, pos)) return { delim: true, trim: false };
    return { delim: false, trim: false };
  };
  const atTerminator = (): boolean => {
    const c = input[pos];
    if (c === undefined || isSpace(c)) return true;
    if ('.,|:()'.includes(c)) return true;
    return input.startsWith(RIGHT, pos);
  };
  const leftTrimLength = (p: number) => {
    let n = 0;
    while (isSpace(input[p + n])) n++;
    return n;
  };

  /** Text up to the next `{{`; returns false at EOF (after emitting it). */
  const lexText = (): boolean => {
    const x = input.indexOf(LEFT, pos);
    if (x < 0) {
      advanceTo(input.length);
      if (pos > start) emit('text');
      emit('eof');
      return false;
    }
    if (x > pos) {
      let end = x;
      if (hasLeftTrim(x + LEFT.length)) while (end > start && isSpace(input[end - 1])) end--;
      advanceTo(end);
      if (end > start) emit('text');
      advanceTo(x);
      ignore();
    }
    return lexLeftDelim();
  };

  const lexLeftDelim = (): boolean => {
    advanceTo(pos + LEFT.length);
    const trim = hasLeftTrim(pos);
    const after = trim ? 2 : 0;
    if (input.startsWith('/*', pos + after)) {
      advanceTo(pos + after);
      ignore();
      return lexComment();
    }
    tokens.push({ type: 'leftDelim', val: LEFT, pos: start, line: startLine });
    advanceTo(pos + after);
    ignore();
    parenDepth = 0;
    return lexInsideAction();
  };

  const lexComment = (): boolean => {
    advanceTo(pos + 2);
    const x = input.indexOf('*/', pos);
    if (x < 0) return fail('unclosed comment');
    advanceTo(x + 2);
    const { delim, trim } = atRightDelim();
    if (!delim) return fail('comment ends before closing delimiter');
    if (trim) advanceTo(pos + 2);
    advanceTo(pos + RIGHT.length);
    if (trim) advanceTo(pos + leftTrimLength(pos));
    ignore();
    return true;
  };

  const lexRightDelim = (trim: boolean): boolean => {
    if (trim) {
      advanceTo(pos + 2);
      ignore();
    }
    advanceTo(pos + RIGHT.length);
    emit('rightDelim');
    if (trim) {
      advanceTo(pos + leftTrimLength(pos));
      ignore();
    }
    return true;
  };

  const lexInsideAction = (): boolean => {
    for (;;) {
      const { delim, trim } = atRightDelim();
      if (delim) {
        if (parenDepth === 0) return lexRightDelim(trim);
        return fail('unclosed left paren');
      }
      const r = nextChar();
      if (r === undefined) return fail('unclosed action');
      if (isSpace(r)) {
        let numSpaces = 1;
        while (isSpace(input[pos])) {
          advanceTo(pos + 1);
          numSpaces++;
        }
        if (hasRightTrim(pos - 1) && input.startsWith(RIGHT, pos + 1)) {
          pos--; // before the space; no newline can be lost since it is part of " -}}"
          if (input[pos] === '\n') line--;
          if (numSpaces === 1) continue;
        }
        emit('space');
        continue;
      }
      switch (r) {
        case '=': emit('assign'); continue;
        case ':':
          if (nextChar() !== '=') return fail('expected :=');
          emit('declare');
          continue;
        case '|': emit('pipe'); continue;
        case '"': if (!lexQuote()) return false; continue;
        case '`': if (!lexRawQuote()) return false; continue;
        case '$': if (!lexVariable()) return false; continue;
        case "'": if (!lexChar()) return false; continue;
        case '(': parenDepth++; emit('leftParen'); continue;
        case ')':
          parenDepth--;
          if (parenDepth < 0) return fail('unexpected right paren');
          emit('rightParen');
          continue;
      }
      if (r === '.') {
        // ".field" unless a digit follows; a "." at the very end lexes as a (bad) number, as in Go
        const c = input[pos];
        if (c !== undefined && (c < '0' || c > '9')) {
          if (!lexFieldOrVariable('field')) return false;
          continue;
        }
      }
      if (r === '.' || r === '+' || r === '-' || (r >= '0' && r <= '9')) {
        advanceTo(pos - 1);
        if (!lexNumber()) return false;
        continue;
      }
      if (isAlphaNumeric(r)) {
        advanceTo(pos - r.length);
        if (!lexIdentifier()) return false;
        continue;
      }
      const code = r.codePointAt(0)!;
      if (code < 0x7f && code >= 0x20) {
        emit('char');
        continue;
      }
      return fail(`unrecognized character in action: ${goRuneRepr(r)}`);
    }
  };

  const lexIdentifier = (): boolean => {
    let r: string | undefined;
    for (;;) {
      r = peekChar();
      if (!isAlphaNumeric(r)) break;
      nextChar();
    }
    if (!atTerminator()) return fail(`bad character ${goRuneRepr(r!)}`);
    const word = input.slice(start, pos);
    const kw = keywords.get(word);
    if (kw) emit(kw);
    else if (word === 'true' || word === 'false') emit('bool');
    else emit('identifier');
    return true;
  };

  const lexFieldOrVariable = (type: 'field' | 'variable'): boolean => {
    if (atTerminator()) {
      emit(type === 'variable' ? 'variable' : 'dot');
      return true;
    }
    let r: string | undefined;
    for (;;) {
      r = peekChar();
      if (!isAlphaNumeric(r)) break;
      nextChar();
    }
    if (!atTerminator()) return fail(`bad character ${goRuneRepr(r ?? '\0')}`);
    emit(type);
    return true;
  };

  const lexVariable = (): boolean => {
    if (atTerminator()) {
      emit('variable');
      return true;
    }
    return lexFieldOrVariable('variable');
  };

  const lexQuote = (): boolean => {
    for (;;) {
      const c = nextChar();
      if (c === '\\') {
        const d = nextChar();
        if (d !== undefined && d !== '\n') continue;
        return fail('unterminated quoted string');
      }
      if (c === undefined || c === '\n') return fail('unterminated quoted string');
      if (c === '"') break;
    }
    emit('string');
    return true;
  };

  const lexRawQuote = (): boolean => {
    const x = input.indexOf('`', pos);
    if (x < 0) return fail('unterminated raw quoted string');
    advanceTo(x + 1);
    emit('rawString');
    return true;
  };

  const lexChar = (): boolean => {
    for (;;) {
      const c = nextChar();
      if (c === '\\') {
        const d = nextChar();
        if (d !== undefined && d !== '\n') continue;
        return fail('unterminated character constant');
      }
      if (c === undefined || c === '\n') return fail('unterminated character constant');
      if (c === "'") break;
    }
    emit('charConstant');
    return true;
  };

  const accept = (valid: string): boolean => {
    const c = input[pos];
    if (c !== undefined && valid.includes(c)) {
      advanceTo(pos + 1);
      return true;
    }
    return false;
  };
  const acceptRun = (valid: string) => {
    while (accept(valid));
  };
  const scanNumber = (): boolean => {
    accept('+-');
    let digits = '0123456789_';
    if (accept('0')) {
      if (accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (accept('oO')) digits = '01234567_';
      else if (accept('bB')) digits = '01_';
    }
    acceptRun(digits);
    if (accept('.')) acceptRun(digits);
    if (digits.length === 11 && accept('eE')) {
      accept('+-');
      acceptRun('0123456789_');
    }
    if (digits.length === 23 && accept('pP')) {
      accept('+-');
      acceptRun('0123456789_');
    }
    accept('i');
    if (isAlphaNumeric(peekChar())) {
      nextChar();
      return false;
    }
    return true;
  };
  const lexNumber = (): boolean => {
    if (!scanNumber()) return fail(`bad number syntax: ${JSON.stringify(input.slice(start, pos))}`);
    const sign = input[pos];
    if (sign === '+' || sign === '-') {
      if (!scanNumber() || input[pos - 1] !== 'i') return fail(`bad number syntax: ${JSON.stringify(input.slice(start, pos))}`);
      emit('complex');
      return true;
    }
    emit('number');
    return true;
  };

  while (lexText());
  return tokens;
}
