/**
 * One fast reader for the block YAML machines print — `key: value` lines, `- item` lists, plain and
 * one-line quoted scalars — used by two callers with different scalar rules:
 *
 * - injection templates' output (kube/blockYaml.ts): go-yaml v2's scalar rules, one-line flow
 *   collections (`[a, b]`, `{k: v}`);
 * - `kubectl -o yaml` dumps (audit/blockYaml.ts): YAML 1.2 core rules as the `yaml` library
 *   resolves them, literal block scalars (`|`, `|-`, `|+`), keys written only once.
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
 */
import { setOwn } from './ownProperty.ts';

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
    const lines = new Lines(raw);
    const first = lines.peek();
    if (!first) return rules.empty;
    const reader = new Reader(lines, rules);
    const value = reader.block(first.indent, 0);
    if (lines.peek()) return undefined;
    return { value };
  } catch (err) {
    if (err === UNSUPPORTED) return undefined;
    throw err;
  }
}

interface Line {
  indent: number;
  /** The content after the indentation, with a trailing comment and spaces removed. */
  text: string;
}

/** The text's content lines, scanned one at a time (blank and comment-only lines skipped). */
class Lines {
  /** The raw line the next content line is looked for from. */
  at = 0;
  private current: Line | undefined;
  constructor(readonly raw: readonly string[]) {}

  /** The next content line, without moving past it. */
  peek(): Line | undefined {
    while (!this.current && this.at < this.raw.length) {
      const line = this.raw[this.at];
      let indent = 0;
      while (line.charCodeAt(indent) === 32) indent++;
      if (indent === line.length || line.charCodeAt(indent) === 35) {
        this.at++; // blank or a comment
        continue;
      }
      if (indent > MAX_INDENT) bail();
      const content = stripComment(line.slice(indent));
      if (content === '---' || content.startsWith('--- ') || content === '...' || content.startsWith('%')) bail();
      this.current = { indent, text: content };
    }
    return this.current;
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
  constructor(
    private readonly lines: Lines,
    private readonly rules: BlockYamlRules,
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
    for (let line = this.lines.peek(); line; line = this.lines.peek()) {
      if (line.indent < indent) break;
      if (line.indent > indent) bail();
      // A key at the sequence's own indentation belongs to the mapping the sequence is a value of.
      if (!isEntry(line.text)) break;
      const rest = line.text === '-' ? '' : line.text.slice(2).replace(/^ +/, '');
      const restIndent = indent + (line.text.length - rest.length);
      if (rest === '') {
        // `-` alone: the item is the block below, or null
        this.lines.advance();
        const next = this.lines.peek();
        out.push(next && next.indent > indent ? this.block(next.indent, depth + 1) : null);
        continue;
      }
      if (isEntry(rest)) bail(); // `- - x`
      const c = rest.charCodeAt(0);
      if (c === 91 || c === 123 || keyColon(rest) < 0) {
        out.push(this.inlineValue(rest, indent));
        continue;
      }
      // `- key: value`: a mapping whose first key sits after the dash
      this.lines.replace({ indent: restIndent, text: rest });
      out.push(this.mapping(restIndent, depth + 1));
    }
    return out;
  }

  private mapping(indent: number, depth: number): Mapping {
    const out: Mapping = {};
    for (let line = this.lines.peek(); line; line = this.lines.peek()) {
      if (line.indent < indent) break;
      if (line.indent > indent) bail();
      if (isEntry(line.text)) break; // a sequence at the parent's indentation ends this mapping
      const colon = keyColon(line.text);
      if (colon < 0) bail();
      const key = this.keyOf(line.text.slice(0, colon));
      if (this.rules.uniqueKeys && Object.prototype.hasOwnProperty.call(out, key)) bail();
      const rest = line.text.slice(colon + 1).replace(/^ +/, '');
      let value: unknown;
      if (rest !== '') {
        value = this.inlineValue(rest, indent);
      } else {
        this.lines.advance();
        const next = this.lines.peek();
        if (next && next.indent > indent) value = this.block(next.indent, depth + 1);
        else if (next && next.indent === indent && isEntry(next.text)) value = this.sequence(indent, depth + 1);
        else value = null;
      }
      setOwn(out, key, value);
    }
    return out;
  }

  private keyOf(raw: string): string {
    if (raw === '' || raw.charCodeAt(0) === 63) bail(); // empty or `? ` complex keys
    const text = raw.trimEnd();
    return this.rules.key(scalar(text, false, this.rules), text) ?? bail();
  }

  /**
   * A value written on its key's (or dash's) line, which it ends: a scalar, a one-line flow
   * collection or a literal block scalar's header. `parent` is that key's or dash's indentation.
   */
  private inlineValue(s: string, parent: number): unknown {
    const c = s.charCodeAt(0);
    if (c === 124 && this.rules.literal) return this.literalBlock(s, parent);
    this.lines.advance();
    if (c === 91 || c === 123) {
      if (!this.rules.flow) {
        if (!/^(?:\[ *\]|\{ *\})$/.test(s)) bail();
        return c === 91 ? [] : {};
      }
      const flow = new Flow(s, this.rules);
      const v = flow.value();
      flow.end();
      return v;
    }
    return scalar(s, false, this.rules);
  }

  /** A literal block scalar: `|` with `-` (strip) or `+` (keep) chomping, its lines read as written. */
  private literalBlock(header: string, parent: number): string {
    const m = /^\|([+-]?)$/.exec(header);
    if (!m) bail(); // indentation indicators are the full reader's
    const chomp = m![1];
    this.lines.advance();
    const raw = this.lines.raw;
    const content: string[] = [];
    let indent = -1;
    let j = this.lines.at;
    for (; j < raw.length; j++) {
      const line = raw[j];
      const trimmed = line.trimStart();
      const lead = line.length - trimmed.length;
      if (trimmed === '') {
        // Before the first line, spaces would set the indent themselves: left to the full reader.
        if (indent < 0 && line.length > 0) bail();
        // Spaces beyond the indent are content.
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
    }
    this.lines.at = j;
    // Trailing blank lines belong to the scalar only for keep-chomping; they were collected above.
    let end = content.length;
    while (end > 0 && content[end - 1] === '') end--;
    const body = content.slice(0, end).join('\n');
    if (chomp === '-') return body;
    if (chomp === '+') return end ? body + '\n' + '\n'.repeat(content.length - end) : '\n'.repeat(content.length);
    return end ? body + '\n' : '';
  }
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
  constructor(
    private readonly s: string,
    private readonly rules: BlockYamlRules,
  ) {}

  end(): void {
    this.space();
    if (this.i !== this.s.length) bail();
  }

  private space(): void {
    while (this.s.charCodeAt(this.i) === 32) this.i++;
  }

  value(depth = 0): unknown {
    if (depth > MAX_DEPTH) bail();
    this.space();
    const c = this.s.charCodeAt(this.i);
    if (c === 91) return this.list(depth);
    if (c === 123) return this.map(depth);
    return this.scalarHere().value;
  }

  private list(depth: number): unknown[] {
    this.i++;
    const out: unknown[] = [];
    this.space();
    if (this.s.charCodeAt(this.i) === 93) {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth + 1));
      this.space();
      const c = this.s.charCodeAt(this.i++);
      if (c === 93) return out;
      if (c !== 44) bail();
      this.space();
      if (this.s.charCodeAt(this.i) === 93) bail(); // a trailing comma: leave it to the full reader
    }
  }

  private map(depth: number): Mapping {
    this.i++;
    const out: Mapping = {};
    this.space();
    if (this.s.charCodeAt(this.i) === 125) {
      this.i++;
      return out;
    }
    for (;;) {
      const k = this.scalarHere(true);
      const key = this.rules.key(k.value, k.raw) ?? bail();
      if (this.rules.uniqueKeys && Object.prototype.hasOwnProperty.call(out, key)) bail();
      this.space();
      if (this.s.charCodeAt(this.i) !== 58) bail();
      this.i++;
      if (this.s.charCodeAt(this.i) !== 32) bail();
      const value = this.value(depth + 1);
      setOwn(out, key, value);
      this.space();
      const c = this.s.charCodeAt(this.i++);
      if (c === 125) return out;
      if (c !== 44) bail();
      this.space();
      if (this.s.charCodeAt(this.i) === 125) bail();
    }
  }

  /** A scalar in a flow collection: up to `,` `]` `}` (or, for a key, `:`). */
  private scalarHere(key = false): { value: unknown; raw: string } {
    const s = this.s;
    const start = this.i;
    const c = s.charCodeAt(start);
    if (c === 34 || c === 39) {
      this.i = quotedEnd(s, start);
      const raw = s.slice(start, this.i);
      return { value: scalar(raw, true, this.rules), raw };
    }
    let end = start;
    while (end < s.length) {
      const d = s.charCodeAt(end);
      if (d === 44 || d === 93 || d === 125 || d === 91 || d === 123) break;
      if (d === 58 && (key || end + 1 === s.length || s.charCodeAt(end + 1) === 32)) break;
      end++;
    }
    const raw = s.slice(start, end).trimEnd();
    if (raw === '') bail();
    this.i = end;
    return { value: scalar(raw, true, this.rules), raw };
  }
}
