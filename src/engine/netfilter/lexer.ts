/**
 * The line lexer both netfilter text grammars read with, in the manner of Go's own lexers: a small
 * object walking one line, that knows where the word it is in started (`start`) and where the next
 * character is (`pos`). The dialects — iptables-restore's (`iptables/tokenize.ts`) and nft's
 * (`nft/tokenize.ts`) — are the loops that call it: which characters quote, which stand alone,
 * where a comment starts. A line is read alone: no line continuation (a trailing `\`) is joined,
 * which neither istio-iptables nor the node agent writes.
 */
export interface Token {
  text: string;
  /** 1-based column where the word starts (its opening quote, for a quoted word). */
  column: number;
  /** The word was written as one quoted string (nft's `"…"`). */
  quoted?: boolean;
}

const BLANKS = ' \t';

export class LineLexer {
  /** Where the current word starts. */
  start = 0;
  /** The next character to read. */
  pos = 0;

  /** `firstColumn` is the column of the line's first character (the text may be part of a longer line). */
  constructor(readonly line: string, readonly firstColumn = 1) {}

  get done(): boolean {
    return this.pos >= this.line.length;
  }

  /** The next character, not consumed ('' at the end). */
  peek(): string {
    return this.line[this.pos] ?? '';
  }

  /** Consumes the next character. */
  next(): string {
    return this.line[this.pos++] ?? '';
  }

  atBlank(): boolean {
    return !this.done && BLANKS.includes(this.peek());
  }

  /** Skips blanks (spaces and tabs); the next word starts where they end. */
  skipBlanks(): void {
    while (this.atBlank()) this.pos++;
    this.start = this.pos;
  }

  /** Consumes characters up to the end or the first of `stops` (a blank stops nothing unless listed); returns them. */
  runUntil(stops: string): string {
    const from = this.pos;
    while (!this.done && !stops.includes(this.peek())) this.pos++;
    return this.line.slice(from, this.pos);
  }

  /**
   * At a quote character: consumes it, the text up to the same quote and that quote, and returns
   * the text between them. Undefined, with nothing consumed, when the line ends before it closes.
   */
  quoted(): string | undefined {
    const quote = this.peek();
    const close = this.line.indexOf(quote, this.pos + 1);
    if (close < 0) return undefined;
    const text = this.line.slice(this.pos + 1, close);
    this.pos = close + 1;
    return text;
  }

  /** The column of the current word, or of index `at` of the line. */
  column(at = this.start): number {
    return this.firstColumn + at;
  }

  /** The current word as a token. */
  token(text: string, quoted = false): Token {
    return quoted ? { text, column: this.column(), quoted } : { text, column: this.column() };
  }
}
