/**
 * The yaml library's errors, said in plain words at the place where the problem starts, once.
 *
 * The library names what its parser expected ("Implicit keys need to be on a single line", "Missing
 * closing "quote") and points where it gave up: an unclosed quote is reported where the line (or the
 * text) ends, an unclosed `[` at the next key. The user needs to hear what is wrong in their text and
 * where it begins: the quote that is never closed, the `[` that is never closed. Every error code
 * the library has (yaml's `ErrorCode`) has a sentence here; a message this table does not know gets
 * its code's sentence, never the library's words alone.
 *
 * One problem often makes the library report two or three errors (an unclosed `[` is also "a key
 * without a value" and "a `]` that closes nothing" further down); only a document's first error is
 * kept.
 */
import { visit, type Document, type ErrorCode, type YAMLError } from 'yaml';

export interface PlainYamlError {
  severity: 'error' | 'warning';
  message: string;
  /** Offset in the text where the problem starts. */
  start: number;
  /** Offset where the highlighted part ends, when there is one. */
  end?: number;
}

/** How the lexer's token names read to a user. */
const TOKEN_WORDS: Record<string, string> = {
  'flow-seq-end': 'a "]"',
  'flow-map-end': 'a "}"',
  'flow-seq-start': 'a "["',
  'flow-map-start': 'a "{"',
  'flow-error-end': 'a closing bracket',
  comma: 'a ","',
  'map-value-ind': 'a ":"',
  'seq-item-ind': 'a "- " list item',
  'block-seq-ind': 'a "- " list item',
  'explicit-key-ind': 'a "?"',
  'doc-start': 'a "---" line',
  'doc-end': 'a "..." line',
  'directives-end': 'a "---" line',
  anchor: 'an &anchor',
  tag: 'a !tag',
  alias: 'an *alias',
  scalar: 'a value',
  'double-quoted-scalar': 'a quoted value',
  'single-quoted-scalar': 'a quoted value',
  'block-scalar': 'a | or > block',
  'block-scalar-header': 'a | or > block',
  'block-map': 'a map',
  'block-seq': 'a list',
  'flow-collection': 'a [ ] or { } collection',
  directive: 'a % directive',
  comment: 'a comment',
};

const word = (type: string) => TOKEN_WORDS[type] ?? `"${type}"`;
const cap = (text: string) => text[0].toUpperCase() + text.slice(1);

const KIND_WORD: Record<string, string> = { map: 'map', seq: 'list', scalar: 'single value' };
const COLLECTION = (name: string) => (name === 'flow map' ? '{ }' : '[ ]');
const OPENER = (name: string) => (name === 'flow map' ? '{' : '[');

/** One sentence per error code, for a message the table below does not know. */
const BY_CODE: Record<ErrorCode, string> = {
  ALIAS_PROPS: 'An alias (*name) stands for a value written elsewhere, so it cannot have an &anchor or !tag of its own',
  BAD_ALIAS: 'This anchor or alias has no usable name: write &name to mark a value and *name to repeat it',
  BAD_DIRECTIVE: 'A line starting with % is a YAML directive, and meshsim does not know this one; quote the value or remove the line',
  BAD_DQ_ESCAPE: 'Inside double quotes a backslash starts an escape, and this one is not valid; write \\\\ for a backslash, or use single quotes',
  BAD_INDENT: 'This line is not indented where YAML expects it: lines of one map or list start at the same column, and what belongs to a key is indented more than the key',
  BAD_PROP_ORDER: 'An &anchor or !tag must come after the ? or : it belongs to, not before it',
  BAD_SCALAR_START: 'A value cannot start with this character unless it is quoted',
  BLOCK_AS_IMPLICIT_KEY: 'A list or map cannot be a key: a key is one value before a ":"',
  BLOCK_IN_FLOW: 'Inside [ ] or { }, a value cannot be an indented "- item" list or "key: value" lines; write it in brackets too, or close the brackets first',
  DUPLICATE_KEY: 'This key is written twice in the same map',
  IMPOSSIBLE: 'meshsim cannot read this part of the YAML (the parser reached a state it does not expect); check the lines around it',
  KEY_OVER_1024_CHARS: 'This key is longer than the 1,024 characters YAML allows a key written before a ":" on one line',
  MISSING_CHAR: 'A character YAML needs here is missing',
  MULTILINE_IMPLICIT_KEY: 'This key runs over more than one line: a line above probably lacks its ":", or a quote is not closed',
  MULTIPLE_ANCHORS: 'A value can have only one &anchor',
  MULTIPLE_DOCS: 'This text holds more than one document where one is expected',
  MULTIPLE_TAGS: 'A value can have only one !tag',
  NON_STRING_KEY: 'Keys here must be strings; quote this key',
  RESOURCE_EXHAUSTION: 'This YAML expands to more than meshsim reads (aliases repeated too many times, or nesting too deep), so it was not read',
  TAB_AS_INDENT: 'This line is indented with a tab; YAML indents with spaces only',
  TAG_RESOLVE_FAILED: 'This !tag is not one meshsim knows, or the value does not fit it; the value is read without it',
  UNEXPECTED_TOKEN: 'YAML does not expect this here',
  BAD_COLLECTION_TYPE: 'This !tag is for another kind of value (a list, a map or a single value) than the one it is written on',
};

/** What a relocating rule needs: the node that ends where the library reported, if any. */
interface Context {
  /** The quoted scalar or flow collection whose written text ends at `offset`. */
  openedAt(offset: number, kind: 'quote' | 'flow'): number | undefined;
  /** Whether only spaces stand before `offset` on its line (unknown: undefined). */
  startsLine?(offset: number): boolean | undefined;
}

type Rule = [code: ErrorCode | '*', pattern: RegExp, say: (m: RegExpMatchArray, e: YAMLError, ctx: Context) => { message: string; start?: number; end?: number }];

/** The library's messages, one by one (see node_modules/yaml/dist/compose and parse). */
const RULES: Rule[] = [
  ['MISSING_CHAR', /^Missing closing "quote/, (_m, e, ctx) => {
    const start = ctx.openedAt(e.pos[0], 'quote');
    return { message: 'This "double-quoted" value is never closed: the " that ends it is missing', start, end: start === undefined ? undefined : start + 1 };
  }],
  ['MISSING_CHAR', /^Missing closing 'quote/, (_m, e, ctx) => {
    const start = ctx.openedAt(e.pos[0], 'quote');
    return { message: "This 'single-quoted' value is never closed: the ' that ends it is missing (inside single quotes, '' is one quote)", start, end: start === undefined ? undefined : start + 1 };
  }],
  ['*', /^(Flow map|Flow sequence)( in block collection must be sufficiently indented and| must) end with a ([\]}])/, (m, e, ctx) => {
    const name = m[1].toLowerCase();
    const start = ctx.openedAt(e.pos[0], 'flow');
    return {
      message: `This ${OPENER(name)} is never closed: the ${m[3]} that ends it is missing${m[2].startsWith(' in block') ? `, or a line inside it is indented less than the line where it starts` : ''}`,
      start,
      end: start === undefined ? undefined : start + 1,
    };
  }],
  ['*', /^Missing , between (flow map|flow sequence) items/, (m) => ({ message: `A "," is missing between two items of this ${COLLECTION(m[1])}` })],
  ['*', /^Missing , or : between (flow map|flow sequence) items/, (m) => ({ message: `A "," or ":" is missing between two items of this ${COLLECTION(m[1])}` })],
  ['*', /^Missing space after : in (flow map|flow sequence)/, (m) => ({ message: `Inside ${COLLECTION(m[1])}, a ":" that separates a key from its value needs a space after it (or quote the value if the ":" is part of it)` })],
  ['*', /^Unexpected , in (flow map|flow sequence|collection)/, (m) => ({ message: m[1] === 'collection' ? 'A "," separates items only inside [ ] or { }; quote the value if the comma is part of it' : `This "," has no item before it in the ${COLLECTION(m[1])}` })],
  ['*', /^Unexpected empty item in (flow map|flow sequence)/, (m) => ({ message: `This ${COLLECTION(m[1])} has an empty item: two commas in a row, or a comma right after the ${OPENER(m[1])}` })],
  ['*', /^Comments must be separated from other tokens by white space/, () => ({ message: 'A # starts a comment only after a space; put a space before it, or quote the value if the # is part of it' })],
  ['*', /^Implicit map keys need to be followed by map values/, () => ({ message: 'This key has no ":" after it (or a value stands where a key was expected)' })],
  ['*', /^Implicit keys need to be on a single line/, () => ({ message: BY_CODE.MULTILINE_IMPLICIT_KEY })],
  ['*', /^Implicit keys of flow sequence pairs need to be on a single line/, () => ({ message: 'Inside [ ], a "key: value" pair must be written on one line' })],
  ['*', /^All mapping items must start at the same column/, () => ({ message: 'This key is not lined up with the keys above it: the keys of one map start at the same column (check the indentation of this line and the one before)' })],
  ['*', /^All sequence items must start at the same column/, () => ({ message: 'This "- " item is not lined up with the items above it: every item of one list starts at the same column' })],
  ['*', /^Sequence item without - indicator/, () => ({ message: 'This line is inside a list but does not start with "- "' })],
  ['*', /^A block sequence may not be used as an implicit map key/, () => ({ message: 'A "- " list cannot be a key; indent it under the key it belongs to' })],
  ['*', /^Nested mappings are not allowed in compact mappings/, () => ({ message: 'This value holds a "key: value" (on this line, or on an indented line below it): a text value cannot hold one; put nested keys on their own lines under a key without a value, or quote the value' })],
  ['*', /^Unexpected block-seq-ind on same line with key/, (_m, e, ctx) => ({
    message: ctx.startsLine?.(e.pos[0])
      ? 'A "- " list item stands where this map expects another "key: value" line; indent it under the key whose list it is'
      : 'A "- " list item cannot start on the same line as its key; put it on the next line, indented',
  })],
  ['*', /^Block collections are not allowed within flow collections/, () => ({ message: BY_CODE.BLOCK_IN_FLOW })],
  ['*', /^Flow end indicator should be more indented than parent/, () => ({ message: 'The closing ] or } of a value written over several lines must be indented more than its key' })],
  ['*', /^The : indicator must be at most 1024 chars/, () => ({ message: BY_CODE.KEY_OVER_1024_CHARS })],
  ['*', /^Tabs are not allowed as indentation/, () => ({ message: BY_CODE.TAB_AS_INDENT })],
  ['*', /^Tags and anchors must be separated from the next token by white space/, () => ({ message: 'An &anchor or !tag must be followed by a space before the value' })],
  ['*', /^A node can have at most one anchor/, () => ({ message: BY_CODE.MULTIPLE_ANCHORS })],
  ['*', /^A node can have at most one tag/, () => ({ message: BY_CODE.MULTIPLE_TAGS })],
  ['*', /^Anchors and tags must be after the (\S+) indicator/, (m) => ({ message: `An &anchor or !tag must come after the ${m[1]}, not before it` })],
  ['*', /^An alias node must not specify any properties/, () => ({ message: BY_CODE.ALIAS_PROPS })],
  ['*', /^Anchor cannot be an empty string/, () => ({ message: 'An & needs a name after it (&name) to mark a value' })],
  ['*', /^Alias cannot be an empty string/, () => ({ message: 'A * needs the name of an anchor after it (*name) to repeat a value' })],
  ['*', /^(Anchor|Alias) ending in : is ambiguous/, (m) => ({ message: `This ${m[1].toLowerCase()}'s name ends in ":"; write a space before the ":" if it starts the value` })],
  ['*', /^Plain value cannot start with reserved character (.)/, (m) => ({ message: `A value cannot start with ${m[1]} unless it is quoted: write "${m[1]}…"` })],
  ['*', /^Plain value cannot start with block scalar indicator (.)/, (m) => ({ message: `A ${m[1]} starts a block of text only as the whole value; quote the value if it starts with ${m[1]}` })],
  ['*', /^Plain value cannot start with (?:flow|directive) indicator character (.)/, (m) => ({ message: `A value cannot start with ${m[1]} unless it is quoted: write "${m[1]}…"` })],
  ['*', /^Plain value cannot start with a tab character/, () => ({ message: 'A value cannot start with a tab unless it is quoted' })],
  ['*', /^Plain value cannot start with/, () => ({ message: BY_CODE.BAD_SCALAR_START })],
  ['*', /^Invalid escape sequence (.*)/, (m) => ({ message: `${m[1]} is not an escape YAML knows inside double quotes; write \\\\ for a backslash, or use single quotes` })],
  ['*', /^Block scalars with more-indented leading empty lines must use an explicit indentation indicator/, () => ({ message: 'This | or > block starts with blank lines indented more than its first line; say the indentation after the | (for example |2)' })],
  ['*', /^Block scalar values in collections must be indented/, () => ({ message: 'The lines of a | or > block must be indented more than its key' })],
  ['*', /^Block scalar lines must not be less indented than their (first line|explicit indentation indicator)/, (m) => ({ message: `This line of a | or > block is indented less than its ${m[1] === 'first line' ? 'first line' : 'indentation indicator says'}; indent it like the others, or end the block before it` })],
  ['*', /^Block scalar header includes extra characters: (.*)/, (m) => ({ message: `After a | or > only a chomping sign (+ or -), an indentation digit and a comment may follow; ${JSON.stringify(m[1])} may not` })],
  ['*', /^Block scalar header not found/, () => ({ message: BY_CODE.IMPOSSIBLE })],
  ['*', /^Missing newline after block sequence props/, () => ({ message: 'After an &anchor or !tag for a "- " list, the list must start on the next line' })],
  ['*', /^Missing directives-end(\/doc-start)? indicator line/, () => ({ message: 'A % directive must be followed by a "---" line before the document' })],
  ['*', /^Block collection cannot start on same line with directives-end marker/, () => ({ message: 'A map or list cannot start on the "---" line; start it on the next line' })],
  ['*', /^Unknown directive (\S*)/, (m) => ({ message: `${m[1]} is not a YAML directive (only %YAML and %TAG are); a line that starts with % must be quoted if it is a value` })],
  ['*', /^Unsupported YAML version (.*)/, (m) => ({ message: `YAML ${m[1]} is not a version meshsim reads; it reads the document as YAML 1.2` })],
  ['*', /^%(TAG|YAML) directive should contain exactly (one|two) parts?/, (m) => ({ message: `A %${m[1]} directive takes ${m[2]} part${m[2] === 'one' ? '' : 's'} after its name` })],
  ['*', /^Unresolved tag: tag:yaml\.org,2002:(str|map|seq|int|float|bool|null|binary|timestamp|set|omap|pairs)$/, (m) => ({ message: `The tag !!${m[1]} does not fit this value (as !!str on a list, or !!int on a word); the value is read as if it had no tag` })],
  ['*', /^(?:tag:yaml\.org,2002:)?(\S+) used for (map|seq|scalar) collection, but expects (\S+)/, (m) => ({ message: `The tag !!${m[1].replace(/^tag:yaml\.org,2002:/, '')} is for a ${KIND_WORD[m[3]] ?? m[3]}, but it is written on a ${KIND_WORD[m[2]] ?? m[2]}` })],
  ['*', /^Set items must all have null values/, () => ({ message: 'The items of a !!set have no values: write each as "? item"' })],
  ['*', /^Ordered maps must not include duplicate keys: (.*)/, (m) => ({ message: `The key ${JSON.stringify(m[1])} is written twice in this !!omap` })],
  ['*', /^Each pair must have its own sequence indicator/, () => ({ message: 'Each pair of a !!pairs or !!omap list is its own "- key: value" item' })],
  ['*', /^This environment does not support reading binary tags/, () => ({ message: 'A !!binary value cannot be read here; it is read as text' })],
  ['*', /^Unresolved tag: (?:tag:yaml\.org,2002:)?(.*)/, (m) => ({ message: `meshsim does not know the tag ${m[0].includes('tag:yaml.org,2002:') ? '!!' : ''}${m[1]}; the value is read as if it had none` })],
  ['*', /^(?:Could not resolve tag|Not a valid tag|The (.*) tag has no suffix|Verbatim tags)/, () => ({ message: 'This !tag cannot be read; the value is read as if it had none' })],
  ['*', /^Excessive alias count/, () => ({ message: 'Aliases (*name) here repeat values so often that the document would grow past what meshsim reads (an alias bomb), so it was not read' })],
  ['*', /^Unexpected (\S+) token in YAML (stream|document)(?:: (.*))?/, (m) => ({
    message: m[1] === 'flow-seq-end' || m[1] === 'flow-map-end'
      ? `This ${m[1] === 'flow-seq-end' ? '"]"' : '"}"'} closes nothing: no ${m[1] === 'flow-seq-end' ? '"["' : '"{"'} is open before it`
      : `${cap(word(m[1]))} cannot stand here${m[2] === 'stream' ? ', outside any document' : ''}`,
  })],
  ['*', /^Unexpected (\S+) at node end/, (m) => ({ message: `${/scalar/.test(m[1]) ? 'This text' : cap(word(m[1]))} stands where the value before it has already ended, so YAML cannot read it (check this line's indentation, or for text after a closing quote)` })],
  ['*', /^Unexpected doc-end without preceding document/, () => ({ message: 'This "..." line ends a document, but none has started' })],
  ['*', /^Not a YAML token: (.*)/, (m) => ({ message: `${m[1]} is not something YAML can read here` })],
  ['*', /^Unexpected (\S+) token$/, (m) => ({ message: `${cap(word(m[1]))} cannot stand here` })],
  ['*', /^Expected a flow scalar value, but found: (\S+)/, (m) => ({ message: `A value was expected here, but ${word(m[1])} stands there` })],
  ['*', /^Expected a (sequence|mapping) for this tag/, (m) => ({ message: `This !tag is for a ${m[1] === 'sequence' ? 'list' : 'map'}` })],
  ['*', /^Map keys must be unique/, () => ({ message: BY_CODE.DUPLICATE_KEY })],
  ['*', /^Source contains multiple documents/, () => ({ message: BY_CODE.MULTIPLE_DOCS })],
  // The collection composer's catch: a stack overflow on a hostile text the nesting check missed.
  ['RESOURCE_EXHAUSTION', /./, () => ({ message: BY_CODE.RESOURCE_EXHAUSTION })],
];

/** One error in plain words, with where it starts. */
export function plainYamlError(e: YAMLError, ctx: Context = { openedAt: () => undefined }): PlainYamlError {
  const severity = e.name === 'YAMLWarning' ? 'warning' : 'error';
  const message = e.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
  for (const [code, pattern, say] of RULES) {
    if (code !== '*' && code !== e.code) continue;
    const m = message.match(pattern);
    if (!m) continue;
    const r = say(m, e, ctx);
    return r.start === undefined ? { severity, message: r.message, start: e.pos[0], end: e.pos[1] } : { severity, message: r.message, start: r.start, end: r.end };
  }
  return { severity, message: BY_CODE[e.code] ?? BY_CODE.IMPOSSIBLE, start: e.pos[0], end: e.pos[1] };
}

/** Messages the library gives beside the error that caused them, at the same place. */
const CONSEQUENCES = [/^Implicit keys need to be on a single line/, /^Implicit map keys need to be followed by map values/];

/** Where the quoted scalars and flow collections of a document that a rule may relocate to start, by where they end. */
function openings(doc: Document.Parsed, source?: string): Context {
  let quotes: Map<number, number> | undefined;
  let flows: Map<number, number> | undefined;
  const build = () => {
    quotes = new Map();
    flows = new Map();
    visit(doc, {
      Scalar(_, node) {
        if (node.range && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && !quotes!.has(node.range[1])) quotes!.set(node.range[1], node.range[0]);
      },
      Seq(_, node) {
        if (node.flow && node.range && !flows!.has(node.range[1])) flows!.set(node.range[1], node.range[0]);
      },
      Map(_, node) {
        if (node.flow && node.range && !flows!.has(node.range[1])) flows!.set(node.range[1], node.range[0]);
      },
    });
  };
  return {
    openedAt(offset, kind) {
      if (!quotes) build();
      return (kind === 'quote' ? quotes : flows)!.get(offset);
    },
    startsLine(offset) {
      if (source === undefined) return undefined;
      const from = source.lastIndexOf('\n', offset - 1) + 1;
      return /^[ ]*$/.test(source.slice(from, offset));
    },
  };
}

/**
 * A document's errors and warnings in plain words, each at the place it starts, in text order. Of
 * the errors only the first is kept: after it the library's reading of the rest of the document is
 * not reliable, and what it reports there is mostly that first problem seen again (kubectl's YAML
 * reader, too, stops at the first). Warnings are kept, one per line, where no error is.
 * `lineOf` maps an offset to its line.
 */
export function plainDocumentErrors(doc: Document.Parsed, lineOf: (offset: number) => number, source?: string): PlainYamlError[] {
  const ctx = openings(doc, source);
  const errors = doc.errors.map((e) => ({ plain: plainYamlError(e, ctx), rank: CONSEQUENCES.some((c) => c.test(e.message)) ? 1 : 0 }));
  // The earliest; at one place, a cause before what the library says because of it.
  const first = errors.reduce<(typeof errors)[number] | undefined>((a, b) => (!a || b.plain.start < a.plain.start || (b.plain.start === a.plain.start && b.rank < a.rank) ? b : a), undefined)?.plain;
  const out: PlainYamlError[] = first ? [first] : [];
  const lines = new Set(out.map((p) => lineOf(p.start)));
  for (const w of doc.warnings.map((e) => plainYamlError(e, ctx))) {
    const line = lineOf(w.start);
    if (lines.has(line)) continue;
    lines.add(line);
    out.push(w);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** What `toJS` threw (an alias without an anchor, an alias bomb) in plain words, at the alias when there is one. */
export function plainToJsError(err: unknown, doc: Document.Parsed): { message: string; start: number } {
  const message = err instanceof Error ? err.message : String(err);
  const docStart = doc.contents?.range?.[0] ?? doc.range[0];
  const unresolved = message.match(/^Unresolved alias \(the anchor must be set before the alias\): (.*)/);
  if (unresolved) {
    let start = docStart;
    visit(doc, {
      Alias(_, node) {
        if (node.source !== unresolved[1] || !node.range) return undefined;
        start = node.range[0];
        return visit.BREAK;
      },
    });
    return { message: `The alias *${unresolved[1]} repeats a value marked &${unresolved[1]}, but no such anchor is written before it`, start };
  }
  if (/^Excessive alias count/.test(message)) return { message: 'Aliases (*name) here repeat values so often that the document would grow past what meshsim reads (an alias bomb), so it was not read', start: docStart };
  return { message: `meshsim could not read this YAML document (${message})`, start: docStart };
}

/** A plain error with its 1-based line and column in the text. */
export interface PlacedYamlError extends PlainYamlError {
  line: number;
  column: number;
}

/**
 * `plainDocumentErrors` for readers that parsed a text without a LineCounter (the CLI's small
 * verbs, the audit's dump reader, the app's file opener): lines and columns from `text`, which
 * must be the text the document was parsed from.
 */
export function placedDocumentErrors(doc: Document.Parsed, text: string): PlacedYamlError[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return plainDocumentErrors(doc, lineOf, text).map((p) => {
    const line = lineOf(p.start);
    return { ...p, line, column: p.start - starts[line - 1] + 1 };
  });
}
