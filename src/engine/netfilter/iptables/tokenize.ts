/**
 * Splits one iptables-restore line into words the way iptables-restore does: on blanks, with
 * single or double quotes grouping a word (the quotes themselves are dropped).
 */
export interface Token {
  text: string;
  /** 1-based column where the word starts. */
  column: number;
}

export function tokenize(line: string): { tokens: Token[]; error?: string } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
    if (i >= line.length) break;
    const start = i;
    let text = '';
    while (i < line.length && line[i] !== ' ' && line[i] !== '\t') {
      const ch = line[i];
      if (ch === '"' || ch === "'") {
        const close = line.indexOf(ch, i + 1);
        if (close < 0) return { tokens, error: `unterminated quote starting at column ${i + 1}` };
        text += line.slice(i + 1, close);
        i = close + 1;
      } else {
        text += ch;
        i++;
      }
    }
    tokens.push({ text, column: start + 1 });
  }
  return { tokens };
}
