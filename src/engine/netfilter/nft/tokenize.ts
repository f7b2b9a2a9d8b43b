/**
 * Splits one line of an nft script (or of `nft list ruleset`) into words: on blanks, `{ } , ;` as
 * words of their own, a "double-quoted string" as one word (marked `quoted`), and `#` at the start
 * of a word beginning a comment that runs to the end of the line.
 */
import { LineLexer, type Token } from '../lexer.ts';

const ALONE = '{},;';

export function tokenizeNft(line: string, startColumn = 1): { tokens: Token[]; error?: { message: string; column: number } } {
  const lx = new LineLexer(line, startColumn);
  const tokens: Token[] = [];
  for (lx.skipBlanks(); !lx.done; lx.skipBlanks()) {
    const ch = lx.peek();
    if (ch === '#') break;
    if (ALONE.includes(ch)) tokens.push(lx.token(lx.next()));
    else if (ch === '"') {
      const inner = lx.quoted();
      if (inner === undefined) return { tokens, error: { message: 'unterminated quoted string', column: lx.column() } };
      tokens.push(lx.token(inner, true));
    } else tokens.push(lx.token(lx.runUntil(` \t${ALONE}"`)));
  }
  return { tokens };
}
