/**
 * Splits one iptables-restore line into words the way iptables-restore does: on blanks, with
 * single or double quotes grouping a word (the quotes themselves are dropped; `a"b c"d` is one
 * word). A comment is a whole line starting with `#`, which parse.ts skips; inside a line `#` is an
 * ordinary character.
 */
import { LineLexer, type Token } from '../lexer.ts';

const QUOTES = `"'`;

export function tokenize(line: string): { tokens: Token[]; error?: string } {
  const lx = new LineLexer(line);
  const tokens: Token[] = [];
  for (lx.skipBlanks(); !lx.done; lx.skipBlanks()) {
    let text = '';
    while (!lx.done && !lx.atBlank()) {
      if (!QUOTES.includes(lx.peek())) {
        text += lx.runUntil(` \t${QUOTES}`);
        continue;
      }
      const inner = lx.quoted();
      if (inner === undefined) return { tokens, error: `unterminated quote starting at column ${lx.column(lx.pos)}` };
      text += inner;
    }
    tokens.push(lx.token(text));
  }
  return { tokens };
}
