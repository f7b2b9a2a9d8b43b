/**
 * A fast reader for the block-style YAML `kubectl -o yaml` prints: block mappings and sequences,
 * plain and one-line quoted scalars, literal block scalars (`|`, `|-`, `|+`) and empty `[]`/`{}`.
 * A dump of tens of megabytes is almost all of that, and reading it line by line is many times
 * faster than a full YAML parser. Anything outside the subset (anchors, tags, flow collections,
 * folded or multi-line scalars, duplicate keys...) makes it answer undefined, and the caller parses
 * that text with the full parser instead — so the subset never has to be right about the rest.
 */

class OutsideSubset extends Error {}
const MAX_INDENT = 400;
const outside = (): never => {
  throw new OutsideSubset();
};

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const INF = /^[-+]?\.(?:inf|Inf|INF)$/;
const NAN = /^\.(?:nan|NaN|NAN)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** Characters that give a plain scalar (or key) another meaning when they come first. */
const INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

/** The YAML 1.2 core schema, as the `yaml` library resolves plain scalars. */
export function resolvePlain(s: string): unknown {
  if (NULL.test(s)) return null;
  if (TRUE.test(s)) return true;
  if (FALSE.test(s)) return false;
  if (INT.test(s)) return Number(s);
  if (OCT.test(s)) return parseInt(s.slice(2), 8);
  if (HEX.test(s)) return parseInt(s.slice(2), 16);
  if (INF.test(s)) return s[0] === '-' ? -Infinity : Infinity;
  if (NAN.test(s)) return NaN;
  if (FLOAT.test(s)) return parseFloat(s);
  return s;
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', '\t': '\t',
};
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** After a closed quoted scalar only a comment may follow on the line. */
function endOfLine(s: string, from: number): void {
  const rest = s.slice(from);
  if (rest.trim() !== '' && !/^[ \t]+#/.test(rest)) outside();
}

function singleQuoted(s: string): string {
  let out = '';
  for (let j = 1; j < s.length; j++) {
    const c = s[j];
    if (c !== "'") {
      out += c;
    } else if (s[j + 1] === "'") {
      out += "'";
      j++;
    } else {
      endOfLine(s, j + 1);
      return out;
    }
  }
  return outside();
}

function doubleQuoted(s: string): string {
  let out = '';
  for (let j = 1; j < s.length; j++) {
    const c = s[j];
    if (c === '"') {
      endOfLine(s, j + 1);
      return out;
    }
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = s[++j];
    if (e in ESCAPES) {
      out += ESCAPES[e];
    } else if (e in HEX_LENGTH) {
      const digits = s.slice(j + 1, j + 1 + HEX_LENGTH[e]);
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== HEX_LENGTH[e]) outside();
      out += String.fromCodePoint(parseInt(digits, 16));
      j += digits.length;
    } else {
      outside();
    }
  }
  return outside();
}

function plain(s: string): unknown {
  if (s.includes('\t')) outside();
  const hash = s.indexOf(' #');
  const text = (hash >= 0 ? s.slice(0, hash) : s).trimEnd();
  if (text.includes(': ') || text.endsWith(':')) outside();
  return resolvePlain(text);
}

class Reader {
  private i = 0;
  constructor(private readonly lines: string[]) {}

  private indentAt(i: number): number {
    const line = this.lines[i];
    let k = 0;
    while (line.charCodeAt(k) === 32) k++;
    if (line.charCodeAt(k) === 9) outside();
    return k;
  }

  /** Moves past blank and comment lines; false at the end of the text. */
  private more(): boolean {
    while (this.i < this.lines.length) {
      const t = this.lines[this.i].trimStart();
      if (t !== '' && t[0] !== '#') return true;
      this.i++;
    }
    return false;
  }

  document(): unknown {
    if (!this.more()) return null;
    const value = this.block(0);
    if (this.more()) outside();
    return value;
  }

  private block(minIndent: number): unknown {
    if (!this.more()) return null;
    // Kubernetes objects are a few dozen levels deep at most; anything deeper is left to the full parser.
    if (minIndent > MAX_INDENT) outside();
    const n = this.indentAt(this.i);
    if (n < minIndent) return null;
    const body = this.lines[this.i].slice(n);
    return body === '-' || body.startsWith('- ') ? this.sequence(n) : this.mapping(n);
  }

  private sequence(n: number): unknown[] {
    const out: unknown[] = [];
    while (this.more()) {
      const k = this.indentAt(this.i);
      if (k < n) break;
      if (k > n) outside();
      const line = this.lines[this.i];
      const body = line.slice(n);
      if (body !== '-' && !body.startsWith('- ')) break;
      let off = n + 1;
      while (line.charCodeAt(off) === 32) off++;
      const rest = line.slice(off);
      if (rest === '' || rest[0] === '#') {
        this.i++;
        out.push(this.block(n + 1));
      } else if (rest === '-' || rest.startsWith('- ')) {
        outside();
      } else if (this.isKey(rest)) {
        // `- key: value` is a mapping whose keys sit at the column after the dash.
        this.lines[this.i] = ' '.repeat(off) + rest;
        out.push(this.mapping(off));
      } else {
        out.push(this.inline(rest, n));
      }
    }
    return out;
  }

  private isKey(s: string): boolean {
    return !INDICATORS.has(s[0]) && (s.includes(': ') || s.endsWith(':'));
  }

  private mapping(n: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    while (this.more()) {
      const k = this.indentAt(this.i);
      if (k < n) break;
      if (k > n) outside();
      const body = this.lines[this.i].slice(n);
      if (body === '-' || body.startsWith('- ')) break;
      if (INDICATORS.has(body[0])) outside();
      const sep = body.indexOf(': ');
      const colon = sep >= 0 ? sep : body.endsWith(':') ? body.length - 1 : -1;
      if (colon <= 0) outside();
      const key = body.slice(0, colon);
      if (key.endsWith(' ') || key.includes(' #') || key.includes('\t') || key === '__proto__' || typeof resolvePlain(key) !== 'string') outside();
      if (Object.prototype.hasOwnProperty.call(out, key)) outside();
      const rest = body.slice(colon + 1).trimStart();
      if (rest === '' || rest[0] === '#') {
        this.i++;
        out[key] = this.nested(n);
      } else {
        out[key] = this.inline(rest, n);
      }
    }
    return out;
  }

  /** The value of `key:` with nothing after it: a deeper block, a sequence at the key's own indent, or null. */
  private nested(n: number): unknown {
    if (!this.more()) return null;
    const k = this.indentAt(this.i);
    const body = this.lines[this.i].slice(k);
    if (k > n) return this.block(n + 1);
    if (k === n && (body === '-' || body.startsWith('- '))) return this.sequence(n);
    return null;
  }

  /** A value written on the line of its key or dash; `parent` is that key's or dash's indent. */
  private inline(s: string, parent: number): unknown {
    const first = s[0];
    let value: unknown;
    if (first === '|') return this.literal(s, parent);
    if (first === "'") value = singleQuoted(s);
    else if (first === '"') value = doubleQuoted(s);
    else if (first === '[' || first === '{') {
      if (!/^(\[\s*\]|\{\s*\})([ \t]+#.*)?$/.test(s)) outside();
      value = first === '[' ? [] : {};
    } else if (INDICATORS.has(first) && !('-?:'.includes(first) && s.length > 1 && s[1] !== ' ')) outside();
    else value = plain(s);
    this.i++;
    // A deeper line after a one-line value would continue it (a multi-line scalar): not ours to read.
    if (this.more() && this.indentAt(this.i) > parent) outside();
    return value;
  }

  private literal(header: string, parent: number): string {
    const m = /^\|([+-]?)([ \t]+#.*)?$/.exec(header);
    if (!m) outside();
    const chomp = m![1];
    this.i++;
    const content: string[] = [];
    let indent = -1;
    let j = this.i;
    for (; j < this.lines.length; j++) {
      const line = this.lines[j];
      const trimmed = line.trimStart();
      const lead = line.length - trimmed.length;
      if (trimmed === '') {
        // Before the first line, spaces would set the indent themselves: left to the full parser.
        if (indent < 0 && line.length > 0) outside();
        // Spaces beyond the indent are content.
        content.push(line.length > indent ? line.slice(indent) : '');
        continue;
      }
      if (indent < 0) {
        if (lead <= parent) break;
        if (line.slice(0, lead).includes('\t')) outside();
        indent = lead;
      }
      if (lead < indent) break;
      content.push(line.slice(indent));
    }
    this.i = j;
    // Trailing blank lines belong to the scalar only for keep-chomping; they were collected above.
    let end = content.length;
    while (end > 0 && content[end - 1] === '') end--;
    const body = content.slice(0, end).join('\n');
    if (chomp === '-') return body;
    if (chomp === '+') return end ? body + '\n' + '\n'.repeat(content.length - end) : '\n'.repeat(content.length);
    return end ? body + '\n' : '';
  }
}

/** The value of a block-style YAML text, or undefined when the text uses YAML beyond kubectl's subset. */
export function readBlockYaml(text: string): { value: unknown } | undefined {
  if (text.includes('\r') || text.startsWith('%') || /^(---|\.\.\.)(\s|$)/m.test(text)) return undefined;
  try {
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop(); // the newline ending the last line starts no new one
    return { value: new Reader(lines).document() };
  } catch (err) {
    if (err instanceof OutsideSubset) return undefined;
    throw err;
  }
}
