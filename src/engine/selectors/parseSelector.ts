import { formatFieldErrors } from './fieldError.ts';
import { newRequirement, validateLabelKey, type Operator, type Requirement } from './requirement.ts';
import { sortByKey, type Selector } from './selector.ts';

/**
 * labels.Parse: the string form `a=b,c!=d,e in (x,y),!f,g>1` that `kubectl -l` takes.
 * Requirements are sorted by key; errors come back with Kubernetes' wording.
 */

type Token = 'id' | 'end' | 'error' | '(' | ')' | ',' | '!' | '=' | '==' | '!=' | '>' | '<' | 'in' | 'notin';

interface Scanned {
  tok: Token;
  lit: string;
}

const SYMBOLS: Record<string, Token> = { ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', '<': '<', '!=': '!=', '(': '(' };
const KEYWORDS: Record<string, Token> = { in: 'in', notin: 'notin' };

const isWhitespace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecial = (ch: string) => '=!(),><'.includes(ch);

/** Hostile input: a selector string longer than this is refused rather than scanned. */
export const MAX_SELECTOR_LENGTH = 100_000;

function lex(s: string): Scanned[] {
  const out: Scanned[] = [];
  let pos = 0;
  for (;;) {
    while (pos < s.length && isWhitespace(s[pos])) pos++;
    if (pos >= s.length) {
      out.push({ tok: 'end', lit: '' });
      return out;
    }
    if (isSpecial(s[pos])) {
      // Longest run of special characters that still spells a symbol.
      let buffer = '';
      let last: Scanned | undefined;
      while (pos < s.length && isSpecial(s[pos])) {
        buffer += s[pos];
        const tok = SYMBOLS[buffer];
        if (tok) last = { tok, lit: buffer };
        else if (last) break;
        pos++;
      }
      out.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buffer}'` });
      continue;
    }
    let id = '';
    while (pos < s.length && !isSpecial(s[pos]) && !isWhitespace(s[pos])) id += s[pos++];
    out.push({ tok: KEYWORDS[id] ?? 'id', lit: id });
  }
}

class ParseError extends Error {}

class Parser {
  private pos = 0;
  constructor(private readonly items: Scanned[]) {}

  /** In value position the keywords `in`/`notin` are plain identifiers. */
  private look(values: boolean): Scanned {
    const it = this.items[this.pos];
    return values && (it.tok === 'in' || it.tok === 'notin') ? { tok: 'id', lit: it.lit } : it;
  }
  private take(values: boolean): Scanned {
    const it = this.look(values);
    if (this.pos < this.items.length - 1) this.pos++;
    return it;
  }

  parse(): Requirement[] {
    const reqs: Requirement[] = [];
    for (;;) {
      const { tok, lit } = this.look(true);
      if (tok === 'end') return reqs;
      if (tok !== 'id' && tok !== '!') throw new ParseError(`found '${lit}', expected: !, identifier, or 'end of string'`);
      try {
        reqs.push(this.requirement());
      } catch (e) {
        throw new ParseError(`unable to parse requirement: ${(e as Error).message}`);
      }
      const next = this.take(true);
      if (next.tok === 'end') return reqs;
      if (next.tok !== ',') throw new ParseError(`found '${next.lit}', expected: ',' or 'end of string'`);
      const after = this.look(true);
      if (after.tok !== 'id' && after.tok !== '!') throw new ParseError(`found '${after.lit}', expected: identifier after ','`);
    }
  }

  private requirement(): Requirement {
    let { tok, lit } = this.take(true);
    let op: Operator | undefined;
    if (tok === '!') {
      op = '!';
      ({ tok, lit } = this.take(true));
    }
    if (tok !== 'id') throw new Error(`found '${lit}', expected: identifier`);
    const key = lit;
    const keyError = validateLabelKey(key, 'key');
    if (keyError) throw new Error(formatFieldErrors([keyError]));
    const next = this.look(true).tok;
    if (op === '!' || next === 'end' || next === ',') return this.make(key, op ?? 'exists', []);
    const opTok = this.take(false);
    let operator: Operator;
    switch (opTok.tok) {
      case 'in': operator = 'in'; break;
      case 'notin': operator = 'notin'; break;
      case '=': operator = '='; break;
      case '==': operator = '=='; break;
      case '!=': operator = '!='; break;
      case '>': operator = 'gt'; break;
      case '<': operator = 'lt'; break;
      default: throw new Error(`found '${opTok.lit}', expected: in, notin, =, ==, !=, gt, lt`);
    }
    const values = operator === 'in' || operator === 'notin' ? this.setValues() : this.exactValue();
    return this.make(key, operator, [...values].sort());
  }

  private make(key: string, op: Operator, values: string[]): Requirement {
    const made = newRequirement(key, op, values);
    if (made.errors.length) throw new Error(formatFieldErrors(made.errors));
    return made.requirement;
  }

  private setValues(): Set<string> {
    const open = this.take(true);
    if (open.tok !== '(') throw new Error(`found '${open.lit}' expected: '('`);
    const first = this.look(true);
    if (first.tok === ')') {
      this.take(true);
      return new Set(['']);
    }
    if (first.tok !== 'id' && first.tok !== ',') throw new Error(`found '${first.lit}', expected: ',', ')' or identifier`);
    const set = this.identifiers();
    const close = this.take(true);
    if (close.tok !== ')') throw new Error(`found '${first.lit}', expected: ')'`);
    return set;
  }

  /** A comma list where empty members stand for the value "". */
  private identifiers(): Set<string> {
    const set = new Set<string>();
    for (;;) {
      const { tok, lit } = this.take(true);
      if (tok === 'id') {
        set.add(lit);
        const next = this.look(true);
        if (next.tok === ',') continue;
        if (next.tok === ')') return set;
        throw new Error(`found '${next.lit}', expected: ',' or ')'`);
      }
      if (tok === ',') {
        if (set.size === 0) set.add('');
        const next = this.look(true).tok;
        if (next === ')') {
          set.add('');
          return set;
        }
        if (next === ',') set.add('');
        continue;
      }
      throw new Error(`found '${lit}', expected: ',', or identifier`);
    }
  }

  private exactValue(): Set<string> {
    const next = this.look(true).tok;
    if (next === 'end' || next === ',') return new Set(['']);
    const { tok, lit } = this.take(true);
    if (tok === 'id') return new Set([lit]);
    throw new Error(`found '${lit}', expected: identifier`);
  }
}

export interface ParsedSelector {
  selector?: Selector;
  error?: string;
}

/** Parses the string form of a selector. Never throws. */
export function parseSelector(text: string): ParsedSelector {
  if (text.length > MAX_SELECTOR_LENGTH) return { error: `selector is longer than ${MAX_SELECTOR_LENGTH} characters` };
  try {
    const reqs = new Parser(lex(text)).parse();
    return { selector: { requirements: sortByKey(reqs), nothing: false } };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
