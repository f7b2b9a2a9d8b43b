/**
 * One fast reader for the block YAML machines print and people paste — `key: value` lines, `- item`
 * lists, plain and one-line quoted scalars — used by three callers with different scalar rules:
 *
 * - injection templates' output (kube/blockYaml.ts): go-yaml v2's scalar rules, one-line flow
 *   collections (`[a, b]`, `{k: v}`);
 * - `kubectl -o yaml` dumps (audit/blockYaml.ts): YAML 1.2 core rules as the `yaml` library
 *   resolves them, literal block scalars (`|`, `|-`, `|+`), keys written only once;
 * - the user's texts (yaml/fastDocuments.ts): the same YAML 1.2 core rules with flow collections,
 *   several `---` documents and positions: with a `BlockYamlNodes` builder the reader also hands
 *   every node it reads to the caller, with the offsets the `yaml` library's composer gives it.
 *
 * It gives what the caller's full reader gives for such a text, or `undefined` the moment the text
 * holds anything else (anchors, tags, folded or multi-line scalars, several documents, an escape or
 * key the caller's rules leave out...), for the full reader to read — so the subset never has to be
 * right about the rest. Each caller's differential tests hold it to that caller's full reader.
 *
 * Two parts, as in Go's own parsers: a line scanner (`Lines`: indentation, the content with its
 * trailing comment cut, lazily, so a literal block scalar's lines are read as they are) and a
 * structure reader (`Reader`: mappings, sequences, values) that asks the caller's rules how a
 * scalar or key reads.
 *
 * With positions the subset is narrower where the library's offsets depend on more than the text
 * under a node: a comment line indented deeper than the content line after it (the library hangs it
 * on the node before, which moves that node's end), a key with spaces before its colon, a literal
 * block header with anything after it, characters some readers take as line breaks.
 */

/** How a caller's YAML reads what this reader cannot decide by itself. */
export interface BlockYamlRules {
  /** A plain scalar's value, or undefined to leave the text to the full reader. */
  plain(text: string): unknown;
  /**
   * The key a mapping key becomes, from its value (as a scalar of this reader) and its text as
   * written; undefined leaves the text to the full reader.
   */
  key(value: unknown, raw: string): string | undefined;
  /** The escapes a double-quoted scalar may use (the character after `\` → what it stands for). */
  escapes: Readonly<Record<string, string>>;
  /** Whether `\x`, `\u` and `\U` hex escapes are read. */
  hexEscapes: boolean;
  /** Whether one-line flow collections with items are read (otherwise only `[]` and `{}`). */
  flow: boolean;
  /** Whether literal block scalars (`|`, `|-`, `|+`) are read. */
  literal: boolean;
  /** Whether a key written twice in one mapping leaves the text to the full reader (else the last wins). */
  uniqueKeys: boolean;
  /** What a text with no content reads as (undefined: left to the full reader). */
  empty?: { value: unknown };
}

/**
 * Thrown (and caught below) when the text leaves the subset. A plain marker, not an Error subclass:
 * a class that extends another is code a bundler must keep, which would put this reader into the
 * app's first chunk, where nothing reads it.
 */
const UNSUPPORTED = { unsupported: true } as const;
const bail = (): never => {
  throw UNSUPPORTED;
};

/** The offsets the `yaml` library gives a node: where it starts, where its value ends, where the node ends (trailing spaces and a comment included). */
export type NodeRange = [start: number, valueEnd: number, nodeEnd: number];

/** How a scalar was written, in the `yaml` library's names. */
export type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL';

/** Makes the caller's nodes as the reader reads them (the reader keeps them opaque). */
export interface BlockYamlNodes<N = unknown> {
  /** `source` is the text of a plain scalar, the string value of a quoted or literal one. */
  scalar(value: unknown, type: ScalarStyle, source: string, range: NodeRange): N;
  /** `pairs` alternates keys and values. */
  map(pairs: N[], range: NodeRange, flow: boolean): N;
  seq(items: N[], range: NodeRange, flow: boolean): N;
}

/** One document of a stream: its value and (with a builder) its root node. */
export interface BlockYamlDocument<N = unknown> {
  /** undefined for a document without content (`---` followed by nothing). */
  value: unknown;
  node: N | undefined;
}

/** Machine-printed objects are a few dozen levels deep at most; deeper texts go to the full reader. */
const MAX_DEPTH = 64;
const MAX_INDENT = 400;

/** The document's value, or undefined when the text is not in the subset these rules allow. */
export function readBlockYamlWith(text: string, rules: BlockYamlRules): { value: unknown } | undefined {
  // Carriage returns, directives and document markers: the full reader's.
  if (text.includes('\r') || text.startsWith('%') || /^(?:---|\.\.\.)(?:[ \t]|$)/m.test(text)) return undefined;
  try {
    const raw = text.split('\n');
    if (raw[raw.length - 1] === '') raw.pop(); // the newline ending the last line starts no new one
    const lines = new Lines(raw, 0, raw.length);
    const first = lines.peek();
    if (!first) return rules.empty;
    const reader = new Reader(lines, rules, undefined);
    const value = reader.block(first.indent, 0);
    if (lines.peek()) return undefined;
    return { value };
  } catch (err) {
    if (err === UNSUPPORTED) return undefined;
    throw err;
  }
}

/** Characters the full reader may count as line breaks or strip (NEL, LS, PS, a byte order mark) and C1 controls. */
const ODD_CHARACTERS = /[\u0080-\u009f\u2028\u2029\ufeff]/;

/**
 * Every document of a stream of block documents separated by `---` lines, with the caller's nodes
 * at the `yaml` library's offsets; undefined when any of it is outside the subset. Documents are
 * counted as the library counts them: text before the first `---` is a document only when it has
 * content, and each `---` starts one (an empty one has value undefined).
 */
export function readBlockYamlStream<N>(text: string, rules: BlockYamlRules, nodes: BlockYamlNodes<N>): BlockYamlDocument<N>[] | undefined {
  if (text.includes('\r') || text.startsWith('%') || ODD_CHARACTERS.test(text)) return undefined;
  try {
    const raw = text.split('\n');
    if (raw[raw.length - 1] === '') raw.pop();
    const starts = new Array<number>(raw.length);
    const marks: number[] = [];
    for (let i = 0, at = 0; i < raw.length; i++) {
      starts[i] = at;
      at += raw[i].length + 1;
      if (raw[i] === '---') marks.push(i);
    }
    const out: BlockYamlDocument<N>[] = [];
    let from = 0;
    for (let d = 0; d <= marks.length; d++) {
      const to = d < marks.length ? marks[d] : raw.length;
      const lines = new Lines(raw, from, to, starts, text.length);
      const first = lines.peek();
      if (!first) {
        lines.endOfDocument();
        if (d > 0) out.push({ value: undefined, node: undefined });
      } else {
        const reader = new Reader(lines, rules, nodes as BlockYamlNodes);
        const value = reader.block(first.indent, 0);
        if (lines.peek()) return undefined;
        lines.endOfDocument();
        out.push({ value, node: reader.node as N });
      }
      from = to + 1;
    }
    return out;
  } catch (err) {
    if (err === UNSUPPORTED) return undefined;
    throw err;
  }
}

interface Line {
  indent: number;
  /** The content after the indentation, with a trailing comment and spaces removed. */
  text: string;
  /** The offset in the whole text where `text` starts (with positions only, else 0). */
  start: number;
}

/** The text's content lines from `at` to `end`, scanned one at a time (blank and comment-only lines skipped). */
class Lines {
  private current: Line | undefined;
  /** With positions: the deepest comment-only line skipped since the last content line (-1: none). */
  private commentIndent = -1;
  /** With positions: the deepest comment-only line right before the line `peek` gives (-1: none). */
  before = -1;
  constructor(
    readonly raw: readonly string[],
    /** The raw line the next content line is looked for from. */
    public at: number,
    /** The raw line this window ends before. */
    readonly end: number,
    /** With positions: the offset where each raw line starts, and the text's length. */
    readonly starts?: readonly number[],
    readonly length = 0,
  ) {}

  /** The next content line, without moving past it. */
  peek(): Line | undefined {
    while (!this.current && this.at < this.end) {
      const line = this.raw[this.at];
      let indent = 0;
      while (line.charCodeAt(indent) === 32) indent++;
      if (indent === line.length || line.charCodeAt(indent) === 35) {
        if (this.starts && indent < line.length && indent > this.commentIndent) this.commentIndent = indent;
        this.at++; // blank or a comment
        continue;
      }
      if (indent > MAX_INDENT) bail();
      const content = stripComment(line.slice(indent));
      if (content === '---' || content.startsWith('--- ') || content === '...' || content.startsWith('%')) bail();
      // The library hangs a comment line on the node before it when it is indented deeper than what follows.
      if (this.commentIndent > indent) bail();
      this.before = this.commentIndent;
      this.commentIndent = -1;
      this.current = { indent, text: content, start: this.starts ? this.starts[this.at] + indent : 0 };
    }
    return this.current;
  }

  /**
   * With positions: a collection at `indent` ends before the line `peek` gives. The library ends it
   * after the comment lines before that line when they are indented as deep as it (past column 0),
   * so its end is not where its last value ends: left to the library.
   */
  closes(indent: number): void {
    if (this.before > 0 && this.before >= indent && this.current) bail();
  }

  /** With positions: the document ends here; a comment line indented at its end is the library's to place. */
  endOfDocument(): void {
    if (this.commentIndent > 0) bail();
  }

  /** With positions: the offset just past raw line `i` and its line break. */
  lineEnd(i: number): number {
    return Math.min(this.starts![i] + this.raw[i].length + 1, this.length);
  }

  /** With positions: where an empty value at `at` on raw line `i` ends: its line's end when a comment follows it there. */
  emptyEnd(i: number, at: number): number {
    return at < this.starts![i] + this.raw[i].length ? this.lineEnd(i) : at;
  }

  /** With positions: the offset just past the spaces that follow `from` on raw line `i` (`from` an offset). */
  spacesAfter(i: number, from: number): number {
    const line = this.raw[i];
    let k = from - this.starts![i];
    while (line.charCodeAt(k) === 32) k++;
    return this.starts![i] + k;
  }

  /** Moves past the line `peek` gave. */
  advance(): void {
    this.current = undefined;
    this.at++;
  }

  /** Reads the line `peek` gave as `line` instead (a `- key: value` item's mapping starts after its dash). */
  replace(line: Line): void {
    this.current = line;
  }
}

/** Where a quoted scalar can start: at the line's start or after one of these (and spaces). */
const QUOTE_AFTER = new Set([58, 45, 63, 91, 123, 44]); // : - ? [ { ,

/**
 * The line without a trailing ` # comment` and spaces. Quotes are tracked so a `#` inside one
 * stays: a quote counts as opening a scalar wherever one could start (more places than a scalar
 * really starts, which only ever makes a line bail, never cuts a quoted scalar short).
 */
function stripComment(s: string): string {
  let quote = 0;
  let lastNonSpace = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 127) bail(); // control characters, tabs among them
    if (quote === 0) {
      if (c === 34 || c === 39) {
        if (lastNonSpace < 0 || QUOTE_AFTER.has(lastNonSpace)) quote = c;
      } else if (c === 35 && i > 0 && s.charCodeAt(i - 1) === 32) {
        return s.slice(0, i).trimEnd();
      }
    } else if (quote === 34 && c === 92) {
      i++;
    } else if (c === quote) {
      if (quote === 39 && s.charCodeAt(i + 1) === 39) i++;
      else quote = 0;
    }
    if (c !== 32) lastNonSpace = c;
  }
  if (quote !== 0) bail(); // a quoted scalar that goes on past the line
  return s.trimEnd();
}

type Mapping = Record<string, unknown>;

class Reader {
  /** With a builder: the node of the value the last call read (a register, so values stay plain returns). */
  node: unknown;

  constructor(
    private readonly lines: Lines,
    private readonly rules: BlockYamlRules,
    private readonly nodes: BlockYamlNodes | undefined,
  ) {}

  /** The block node whose lines start at `indent` (a mapping or a sequence). */
  block(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) bail();
    const first = this.lines.peek()!;
    if (first.indent !== indent) bail();
    return isEntry(first.text) ? this.sequence(indent, depth) : this.mapping(indent, depth);
  }

  private sequence(indent: number, depth: number): unknown[] {
    const out: unknown[] = [];
    const nodes = this.nodes;
    const items: unknown[] = [];
    let start = 0;
    let end = 0;
    for (let line = this.lines.peek(); line; line = this.lines.peek()) {
      if (line.indent < indent) break;
      if (line.indent > indent) bail();
      // A key at the sequence's own indentation belongs to the mapping the sequence is a value of.
      if (!isEntry(line.text)) break;
      if (nodes && !out.length) start = line.start;
      const rest = line.text === '-' ? '' : line.text.slice(2).replace(/^ +/, '');
      const restIndent = indent + (line.text.length - rest.length);
      if (rest === '') {
        // `-` alone: the item is the block below, or null
        const empty = nodes ? this.lines.spacesAfter(this.lines.at, line.start + 1) : 0;
        const emptyEnd = nodes ? this.lines.emptyEnd(this.lines.at, empty) : 0;
        this.lines.advance();
        const next = this.lines.peek();
        if (next && next.indent > indent) out.push(this.block(next.indent, depth + 1));
        else {
          out.push(null);
          if (nodes) this.node = nodes.scalar(null, 'PLAIN', '', [empty, empty, emptyEnd]);
        }
      } else {
        if (isEntry(rest)) bail(); // `- - x`
        const c = rest.charCodeAt(0);
        if (c === 91 || c === 123 || keyColon(rest) < 0) {
          out.push(this.inlineValue(rest, line.start + line.text.length - rest.length, indent));
        } else {
          // `- key: value`: a mapping whose first key sits after the dash
          this.lines.replace({ indent: restIndent, text: rest, start: line.start + line.text.length - rest.length });
          out.push(this.mapping(restIndent, depth + 1));
        }
      }
      if (nodes) end = this.kept(items);
    }
    if (nodes) this.node = this.closed(indent, nodes.seq(items, [start, end, end], false));
    return out;
  }

  private mapping(indent: number, depth: number): Mapping {
    const out: Mapping = {};
    const nodes = this.nodes;
    const pairs: unknown[] = [];
    let start = -1;
    let end = 0;
    for (let line = this.lines.peek(); line; line = this.lines.peek()) {
      if (line.indent < indent) break;
      if (line.indent > indent) bail();
      if (isEntry(line.text)) break; // a sequence at the parent's indentation ends this mapping
      const colon = keyColon(line.text);
      if (colon < 0) bail();
      const key = this.keyOf(line.text.slice(0, colon), line.start);
      if (nodes) {
        if (start < 0) start = line.start;
        pairs.push(this.node);
      }
      if (this.rules.uniqueKeys && Object.prototype.hasOwnProperty.call(out, key)) bail();
      const rest = line.text.slice(colon + 1).replace(/^ +/, '');
      let value: unknown;
      if (rest !== '') {
        value = this.inlineValue(rest, line.start + line.text.length - rest.length, indent);
      } else {
        const empty = nodes ? this.lines.spacesAfter(this.lines.at, line.start + colon + 1) : 0;
        const emptyEnd = nodes ? this.lines.emptyEnd(this.lines.at, empty) : 0;
        this.lines.advance();
        const next = this.lines.peek();
        if (next && next.indent > indent) value = this.block(next.indent, depth + 1);
        else if (next && next.indent === indent && isEntry(next.text)) value = this.sequence(indent, depth + 1);
        else {
          value = null;
          if (nodes) this.node = nodes.scalar(null, 'PLAIN', '', [empty, empty, emptyEnd]);
        }
      }
      out[key] = value;
      if (nodes) end = this.kept(pairs);
    }
    if (nodes) this.node = this.closed(indent, nodes.map(pairs, [start, end, end], false));
    return out;
  }

  /** With a builder: keeps the node the last call read, and gives where it ends (where its collection ends, if it is the last). */
  private kept(into: unknown[]): number {
    into.push(this.node);
    return (this.node as { range: NodeRange }).range[2];
  }

  /** With a builder: a block collection at `indent` ends before the line `peek` gives (see Lines.closes). */
  private closed(indent: number, node: unknown): unknown {
    this.lines.closes(indent);
    return node;
  }

  private keyOf(raw: string, start: number): string {
    if (raw === '' || raw.charCodeAt(0) === 63) bail(); // empty or `? ` complex keys
    const text = raw.trimEnd();
    // The library's key ends after the spaces before the colon; left to it.
    if (this.nodes && text.length !== raw.length) bail();
    return ownKey(this.rules.key(this.scalar(text, false, start, start + text.length), text));
  }

  /** A scalar as written (the whole of `s`, which starts at offset `start`), with its node when positions are asked for. */
  private scalar(s: string, inFlow: boolean, start: number, nodeEnd: number): unknown {
    const value = scalar(s, inFlow, this.rules);
    if (this.nodes) {
      const c = s.charCodeAt(0);
      const type = c === 34 ? 'QUOTE_DOUBLE' : c === 39 ? 'QUOTE_SINGLE' : 'PLAIN';
      this.node = this.nodes.scalar(value, type, type === 'PLAIN' ? s : (value as string), [start, start + s.length, nodeEnd]);
    }
    return value;
  }

  /**
   * A value written on its key's (or dash's) line, which it ends: a scalar, a one-line flow
   * collection or a literal block scalar's header. `start` is its offset; `parent` is that key's
   * or dash's indentation.
   */
  private inlineValue(s: string, start: number, parent: number): unknown {
    const c = s.charCodeAt(0);
    if (c === 124 && this.rules.literal) return this.literalBlock(s, start, parent);
    const lineEnd = this.nodes ? this.lines.lineEnd(this.lines.at) : 0;
    this.lines.advance();
    if (c === 91 || c === 123) {
      if (!this.rules.flow) {
        if (!/^(?:\[ *\]|\{ *\})$/.test(s)) bail();
        return c === 91 ? [] : {};
      }
      const flow = new Flow(s, this.rules, this.nodes, start);
      const v = flow.value(0, lineEnd);
      flow.end();
      if (this.nodes) this.node = flow.node;
      return v;
    }
    return this.scalar(s, false, start, lineEnd);
  }

  /** A literal block scalar: `|` with `-` (strip) or `+` (keep) chomping, its lines read as written. */
  private literalBlock(header: string, start: number, parent: number): string {
    const m = /^\|([+-]?)$/.exec(header);
    if (!m) bail(); // indentation indicators are the full reader's
    const chomp = m![1];
    const lines = this.lines;
    // With positions, nothing may follow the header (the library's range of a commented header differs).
    if (this.nodes && start + header.length !== lines.starts![lines.at] + lines.raw[lines.at].length) bail();
    lines.advance();
    const raw = lines.raw;
    const content: string[] = [];
    let indent = -1;
    let j = lines.at;
    /** The last raw line with content (for where a clipped or stripped block ends). */
    let last = -1;
    for (; j < lines.end; j++) {
      const line = raw[j];
      const trimmed = line.trimStart();
      const lead = line.length - trimmed.length;
      if (trimmed === '') {
        // Before the first line, spaces would set the indent themselves: left to the full reader.
        if (indent < 0 && line.length > 0) bail();
        // Spaces beyond the indent are content (with positions, the full reader's).
        if (this.nodes && indent >= 0 && line.length > indent) bail();
        content.push(line.length > indent ? line.slice(indent) : '');
        continue;
      }
      if (indent < 0) {
        if (lead <= parent) break;
        if (line.slice(0, lead).includes('\t')) bail();
        indent = lead;
      }
      if (lead < indent) break;
      content.push(line.slice(indent));
      last = j;
    }
    lines.at = j;
    // Trailing blank lines belong to the scalar only for keep-chomping; they were collected above.
    let end = content.length;
    while (end > 0 && content[end - 1] === '') end--;
    const body = content.slice(0, end).join('\n');
    const value = chomp === '-' ? body : chomp === '+' ? (end ? body + '\n' + '\n'.repeat(content.length - end) : '\n'.repeat(content.length)) : end ? body + '\n' : '';
    if (this.nodes) {
      if (last < 0) bail(); // an empty block: the full reader's
      const blockEnd = chomp === '+' ? (j < raw.length ? lines.starts![j] : lines.length) : lines.lineEnd(last);
      this.node = this.nodes.scalar(value, 'BLOCK_LITERAL', value, [start, blockEnd, blockEnd]);
    }
    return value;
  }
}

/**
 * A key the caller's rules accept, as an object key. `__proto__` is left to the full reader, which
 * sets it as an own property (an assignment would change the object's prototype instead).
 */
function ownKey(key: string | undefined): string {
  return key === undefined || key === '__proto__' ? bail() : key;
}

/** `- x` or `-` alone. */
function isEntry(s: string): boolean {
  return s.charCodeAt(0) === 45 && (s.length === 1 || s.charCodeAt(1) === 32);
}

/** Where the `:` that ends a block mapping key is (followed by a space or the line's end), or -1. */
function keyColon(s: string): number {
  const c = s.charCodeAt(0);
  if (c === 34 || c === 39) {
    const end = quotedEnd(s, 0);
    if (s.charCodeAt(end) !== 58) return -1;
    return end + 1 === s.length || s.charCodeAt(end + 1) === 32 ? end : bail();
  }
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) === 58 && (i + 1 === s.length || s.charCodeAt(i + 1) === 32)) return i;
  }
  return -1;
}

/** The index just past the quoted scalar that starts at `from`. */
function quotedEnd(s: string, from: number): number {
  const q = s.charCodeAt(from);
  for (let i = from + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (q === 34 && c === 92) i++;
    else if (c === q) {
      if (q === 39 && s.charCodeAt(i + 1) === 39) i++;
      else return i + 1;
    }
  }
  return bail();
}

/** Characters a plain scalar may not start with (YAML's indicators), apart from `-`, `?` and `:` followed by a safe character. */
const INDICATORS = ',[]{}#&*!|>%@`';
const FLOW_INDICATOR = /[,[\]{}]/;

/** One scalar as written (the whole of `s`): quoted, or plain and resolved with the caller's rules. */
function scalar(s: string, inFlow: boolean, rules: BlockYamlRules): unknown {
  const c = s[0];
  if (c === '"') return quotedEnd(s, 0) === s.length ? doubleQuoted(s.slice(1, -1), rules) : bail();
  if (c === "'") return quotedEnd(s, 0) === s.length ? s.slice(1, -1).replaceAll("''", "'") : bail();
  if (INDICATORS.includes(c)) bail();
  if ((c === '-' || c === '?' || c === ':') && (s.length === 1 || s[1] === ' ' || (inFlow && FLOW_INDICATOR.test(s[1])))) bail();
  // `a: b` on one line is an error in block context, and `[`, `]` ... end a plain scalar in a flow one.
  if (s.includes(': ') || s.endsWith(':') || s.includes(' #')) bail();
  if (inFlow && FLOW_INDICATOR.test(s)) bail();
  const value = rules.plain(s);
  return value === undefined ? bail() : value;
}

const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** A double-quoted scalar's value (its text between the quotes), for the escapes the rules allow. */
function doubleQuoted(body: string, rules: BlockYamlRules): string {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const e = body[++i];
    if (Object.prototype.hasOwnProperty.call(rules.escapes, e)) {
      out += rules.escapes[e];
    } else if (rules.hexEscapes && e in HEX_LENGTH) {
      const digits = body.slice(i + 1, i + 1 + HEX_LENGTH[e]);
      if (digits.length !== HEX_LENGTH[e] || !/^[0-9a-fA-F]+$/.test(digits)) bail();
      out += String.fromCodePoint(parseInt(digits, 16));
      i += digits.length;
    } else {
      bail();
    }
  }
  return out;
}

/** A flow collection written on one line: `[a, "b"]`, `{k: v, k2: [x]}`. */
class Flow {
  private i = 0;
  /** With a builder: the node of the value the last call read. */
  node: unknown;
  constructor(
    private readonly s: string,
    private readonly rules: BlockYamlRules,
    private readonly nodes?: BlockYamlNodes,
    /** The offset where `s` starts in the whole text. */
    private readonly base = 0,
  ) {}

  end(): void {
    this.space();
    if (this.i !== this.s.length) bail();
  }

  private space(): void {
    while (this.s.charCodeAt(this.i) === 32) this.i++;
  }

  /** Where the spaces after `i` end, as an offset in the whole text (a flow node's end, as the library gives it). */
  private endAfterSpaces(i: number): number {
    while (this.s.charCodeAt(i) === 32) i++;
    return this.base + i;
  }

  /** `nodeEnd`: the outermost collection's end (its line's end); inner nodes end after the spaces that follow them. */
  value(depth = 0, nodeEnd?: number): unknown {
    if (depth > MAX_DEPTH) bail();
    this.space();
    const c = this.s.charCodeAt(this.i);
    if (c === 91) return this.list(depth, nodeEnd);
    if (c === 123) return this.map(depth, nodeEnd);
    return this.scalarHere().value;
  }

  private list(depth: number, nodeEnd: number | undefined): unknown[] {
    const start = this.i++;
    const out: unknown[] = [];
    const items: unknown[] = [];
    this.space();
    if (this.s.charCodeAt(this.i) !== 93) {
      for (;;) {
        out.push(this.value(depth + 1));
        if (this.nodes) items.push(this.node);
        this.space();
        const c = this.s.charCodeAt(this.i++);
        if (c === 93) break;
        if (c !== 44) bail();
        this.space();
        if (this.s.charCodeAt(this.i) === 93) bail(); // a trailing comma: leave it to the full reader
      }
    } else this.i++;
    if (this.nodes) this.node = this.nodes.seq(items, [this.base + start, this.base + this.i, nodeEnd ?? this.endAfterSpaces(this.i)], true);
    return out;
  }

  private map(depth: number, nodeEnd: number | undefined): Mapping {
    const start = this.i++;
    const out: Mapping = {};
    const pairs: unknown[] = [];
    this.space();
    if (this.s.charCodeAt(this.i) !== 125) {
      for (;;) {
        const k = this.scalarHere(true);
        const key = ownKey(this.rules.key(k.value, k.raw));
        if (this.nodes) pairs.push(this.node);
        if (this.rules.uniqueKeys && Object.prototype.hasOwnProperty.call(out, key)) bail();
        this.space();
        if (this.s.charCodeAt(this.i) !== 58) bail();
        this.i++;
        if (this.s.charCodeAt(this.i) !== 32) bail();
        const value = this.value(depth + 1);
        if (this.nodes) pairs.push(this.node);
        out[key] = value;
        this.space();
        const c = this.s.charCodeAt(this.i++);
        if (c === 125) break;
        if (c !== 44) bail();
        this.space();
        if (this.s.charCodeAt(this.i) === 125) bail();
      }
    } else this.i++;
    if (this.nodes) this.node = this.nodes.map(pairs, [this.base + start, this.base + this.i, nodeEnd ?? this.endAfterSpaces(this.i)], true);
    return out;
  }

  /** A scalar in a flow collection: up to `,` `]` `}` (or, for a key, `:`). */
  private scalarHere(key = false): { value: unknown; raw: string } {
    const s = this.s;
    const start = this.i;
    const c = s.charCodeAt(start);
    let raw: string;
    if (c === 34 || c === 39) {
      this.i = quotedEnd(s, start);
      raw = s.slice(start, this.i);
    } else {
      let end = start;
      while (end < s.length) {
        const d = s.charCodeAt(end);
        if (d === 44 || d === 93 || d === 125 || d === 91 || d === 123) break;
        if (d === 58 && (key || end + 1 === s.length || s.charCodeAt(end + 1) === 32)) break;
        end++;
      }
      raw = s.slice(start, end).trimEnd();
      if (raw === '') bail();
      this.i = end;
    }
    const value = scalar(raw, true, this.rules);
    if (this.nodes) {
      const type = c === 34 ? 'QUOTE_DOUBLE' : c === 39 ? 'QUOTE_SINGLE' : 'PLAIN';
      this.node = this.nodes.scalar(value, type, type === 'PLAIN' ? raw : (value as string), [this.base + start, this.base + start + raw.length, this.endAfterSpaces(start + raw.length)]);
    }
    return { value, raw };
  }
}
