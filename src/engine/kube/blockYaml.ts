/**
 * A fast reader for the plain block YAML that injection templates print (`key: value` lines,
 * `- item` lists, one-line `[a, b]` and `{k: v}` collections, plain and quoted scalars), giving
 * what decodeKubeYaml gives for it — or `undefined` the moment the text holds anything else
 * (anchors, tags, block scalars, multi-line scalars, several documents, an error), for the full
 * reader to read. It exists because the `yaml` library's parse is most of the cost of reading a
 * rendered sidecar (≈5 KB), which every injection reads; blockYaml.test.ts holds it to the full
 * reader on every template output and corpus text it can find, and on generated texts.
 */
import type { JsonValue } from './sigsYamlWriter.ts';
import { setOwn } from './ownProperty.ts';

type JsonObject = { [key: string]: JsonValue };

/**
 * Thrown (and caught below) when the text leaves the subset: the full reader takes over. A plain
 * marker, not an Error subclass: a class that extends another is code a bundler must keep, which
 * would put this reader into the app's first chunk, where nothing reads it.
 */
const UNSUPPORTED = { unsupported: true } as const;
const bail = (): never => {
  throw UNSUPPORTED;
};

const MAX_DEPTH = 64;

interface Line {
  indent: number;
  /** The content after the indentation, with a trailing comment and spaces removed. */
  text: string;
}

/** How go-yaml v2 reads a plain scalar and which JSON key a map key becomes (GO_YAML_SCALARS, goYamlResolve.ts). */
export interface GoYamlScalars {
  plainScalarValue(text: string): JsonValue | undefined;
  keyText(key: JsonValue): string | undefined;
}

/** The caller's go-yaml scalar rules, for the one synchronous read in progress. */
let go: GoYamlScalars;

/**
 * The document's value, or undefined when the text is not in the subset this reader knows. The
 * scalar rules are handed in (kube's GO_YAML_SCALARS, the ones decodeKubeYaml reads with) rather
 * than imported: importing them put this reader into the app's first chunk, which never reads it.
 */
export function readBlockYaml(text: string, scalars: GoYamlScalars): { value: JsonValue } | undefined {
  go = scalars;
  try {
    const lines = splitLines(text);
    if (lines.length === 0) return undefined;
    const reader = new Reader(lines);
    const value = reader.block(lines[0].indent, 0);
    if (reader.at < lines.length) return undefined;
    return { value };
  } catch (err) {
    if (err === UNSUPPORTED) return undefined;
    throw err;
  }
}

/** Content lines (blank and comment-only lines dropped); anything outside the subset bails. */
function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  const n = text.length;
  while (start <= n) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    let indent = start;
    while (indent < end && text.charCodeAt(indent) === 32) indent++;
    if (indent < end) {
      const c = text.charCodeAt(indent);
      if (c === 9 || c === 13) bail(); // tabs, CRLF
      if (c !== 35) {
        // not a comment line
        const content = stripComment(text.slice(indent, end));
        if (content === '---' || content.startsWith('--- ') || content === '...' || content.startsWith('%')) bail();
        if (content.length) out.push({ indent: indent - start, text: content });
      }
    }
    start = end + 1;
  }
  return out;
}

/** The line without a trailing ` # comment` and spaces; quotes are tracked so a `#` inside one stays. */
function stripComment(s: string): string {
  let quote = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 127) bail(); // control characters (and tabs within the line)
    if (quote === 0) {
      if (c === 34 || c === 39) {
        // a quote opens a scalar only at a token start
        const prev = i === 0 ? 32 : s.charCodeAt(i - 1);
        if (prev === 32 || prev === 91 || prev === 123 || prev === 44 || prev === 58 || prev === 45) quote = c;
      } else if (c === 35 && i > 0 && s.charCodeAt(i - 1) === 32) {
        return s.slice(0, i).trimEnd();
      }
    } else if (quote === 34 && c === 92) {
      i++;
    } else if (c === quote) {
      if (quote === 39 && s.charCodeAt(i + 1) === 39) i++;
      else quote = 0;
    }
  }
  if (quote !== 0) bail(); // a quoted scalar that goes on past the line
  return s.trimEnd();
}

class Reader {
  at = 0;
  constructor(private readonly lines: Line[]) {}

  /** The block node whose lines start at `indent` (a mapping or a sequence). */
  block(indent: number, depth: number): JsonValue {
    if (depth > MAX_DEPTH) bail();
    const first = this.lines[this.at];
    if (first.indent !== indent) bail();
    return isEntry(first.text) ? this.sequence(indent, depth) : this.mapping(indent, depth, first.text);
  }

  private sequence(indent: number, depth: number): JsonValue[] {
    const out: JsonValue[] = [];
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (line.indent < indent) break;
      if (line.indent > indent) bail();
      // A key at the sequence's own indentation belongs to the mapping the sequence is a value of.
      if (!isEntry(line.text)) break;
      const rest = line.text === '-' ? '' : line.text.slice(2).replace(/^ +/, '');
      const restIndent = indent + (line.text.length - rest.length);
      if (rest === '') {
        // `-` alone: the item is the block below, or null
        this.at++;
        const next = this.lines[this.at];
        out.push(next && next.indent > indent ? this.block(next.indent, depth + 1) : null);
        continue;
      }
      if (isEntry(rest)) bail(); // `- - x`
      const flow = rest.charCodeAt(0) === 91 || rest.charCodeAt(0) === 123;
      if (flow || keyColon(rest) < 0) {
        this.at++;
        out.push(this.inlineValue(rest));
        continue;
      }
      // `- key: value`: a mapping whose first key sits after the dash
      this.lines[this.at] = { indent: restIndent, text: rest };
      out.push(this.mapping(restIndent, depth + 1, rest));
    }
    return out;
  }

  private mapping(indent: number, depth: number, _first: string): JsonObject {
    const out: JsonObject = {};
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (line.indent < indent) break;
      if (line.indent > indent) bail();
      if (isEntry(line.text)) break; // a sequence at the parent's indentation ends this mapping
      const colon = keyColon(line.text);
      if (colon < 0) bail();
      const key = keyOf(line.text.slice(0, colon));
      const rest = line.text.slice(colon + 1).replace(/^ +/, '');
      this.at++;
      let value: JsonValue;
      if (rest !== '') {
        value = this.inlineValue(rest);
      } else {
        const next = this.lines[this.at];
        if (next && next.indent > indent) value = this.block(next.indent, depth + 1);
        else if (next && next.indent === indent && isEntry(next.text)) value = this.sequence(indent, depth + 1);
        else value = null;
      }
      if (key === '<<') bail(); // merge keys: the full reader's
      setOwn(out, key, value);
    }
    return out;
  }

  /** A value written on the key's (or dash's) line: a scalar or a one-line flow collection. */
  private inlineValue(s: string): JsonValue {
    const c = s.charCodeAt(0);
    if (c === 91 || c === 123) {
      const flow = new Flow(s);
      const v = flow.value();
      flow.end();
      return v;
    }
    return scalar(s, false);
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

function keyOf(raw: string): string {
  if (raw === '' || raw.charCodeAt(0) === 63) bail(); // empty or `? ` complex keys
  return go.keyText(scalar(raw.trimEnd(), false)) ?? bail();
}

/** Characters a plain scalar may not start with (YAML's indicators), apart from `-`, `?` and `:` followed by a safe character. */
const INDICATORS = ',[]{}#&*!|>%@`';

/** One scalar as written (the whole of `s`): quoted, or plain and resolved with go-yaml's rules. */
function scalar(s: string, inFlow: boolean): JsonValue {
  const c = s[0];
  if (c === '"') return quotedEnd(s, 0) === s.length ? doubleQuoted(s) : bail();
  if (c === "'") return quotedEnd(s, 0) === s.length ? s.slice(1, -1).replaceAll("''", "'") : bail();
  if (INDICATORS.includes(c)) bail();
  if ((c === '-' || c === '?' || c === ':') && (s.length === 1 || s[1] === ' ' || (inFlow && /[,[\]{}]/.test(s[1])))) bail();
  // `a: b` on one line is an error in block context, and `[`, `]` ... end a plain scalar in a flow one.
  if (s.includes(': ') || s.endsWith(':') || s.includes(' #')) bail();
  if (inFlow && /[,[\]{}]/.test(s)) bail();
  const value = go.plainScalarValue(s);
  return value === undefined ? bail() : value;
}

/** A double-quoted scalar's value, for the escapes templates write; any other escape goes to the full reader. */
function doubleQuoted(s: string): string {
  const body = s.slice(1, -1);
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const e = body[++i];
    switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case ' ': out += ' '; break;
      default: bail();
    }
  }
  return out;
}

/** A flow collection written on one line: `[a, "b"]`, `{k: v, k2: [x]}`. */
class Flow {
  private i = 0;
  constructor(private readonly s: string) {}

  end(): void {
    this.space();
    if (this.i !== this.s.length) bail();
  }

  private space(): void {
    while (this.s.charCodeAt(this.i) === 32) this.i++;
  }

  value(depth = 0): JsonValue {
    if (depth > MAX_DEPTH) bail();
    this.space();
    const c = this.s.charCodeAt(this.i);
    if (c === 91) return this.list(depth);
    if (c === 123) return this.map(depth);
    return this.scalarHere();
  }

  private list(depth: number): JsonValue[] {
    this.i++;
    const out: JsonValue[] = [];
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

  private map(depth: number): JsonObject {
    this.i++;
    const out: JsonObject = {};
    this.space();
    if (this.s.charCodeAt(this.i) === 125) {
      this.i++;
      return out;
    }
    for (;;) {
      const key = go.keyText(this.scalarHere(true)) ?? bail();
      this.space();
      if (this.s.charCodeAt(this.i) !== 58) bail();
      this.i++;
      if (this.s.charCodeAt(this.i) !== 32) bail();
      const value = this.value(depth + 1);
      if (key === '<<') bail();
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
  private scalarHere(key = false): JsonValue {
    const s = this.s;
    const start = this.i;
    const c = s.charCodeAt(start);
    if (c === 34 || c === 39) {
      this.i = quotedEnd(s, start);
      return scalar(s.slice(start, this.i), true);
    }
    let end = start;
    while (end < s.length) {
      const d = s.charCodeAt(end);
      if (d === 44 || d === 93 || d === 125 || d === 91 || d === 123) break;
      if (d === 58 && (key || end + 1 === s.length || s.charCodeAt(end + 1) === 32)) break;
      end++;
    }
    const text = s.slice(start, end).trimEnd();
    if (text === '') bail();
    this.i = end;
    return scalar(text, true);
  }
}
