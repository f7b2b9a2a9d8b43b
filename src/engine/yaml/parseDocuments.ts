import { Composer, isMap, isScalar, isSeq, LineCounter, Parser, type Document, type Node, type Scalar } from 'yaml';
import { diagnostic, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import { duplicateKeys } from './duplicateKeys.ts';
import { plainDocumentErrors, plainToJsError } from './plainErrors.ts';
import { MAX_INPUT_CHARS, MAX_NESTING_DEPTH, deepNesting, sizeRefusal } from './inputLimits.ts';
import type { fastYamlDocuments } from './fastDocuments.ts';

/** A document of a YAML stream with its plain value and a way back to where each value was written. */
export interface YamlDocument {
  /** Which input the text came from (an editor tab name or a file path). */
  input: string;
  /** 0-based position in the stream. */
  index: number;
  value: unknown;
  /** 1-based line where the document starts. */
  startLine: number;
  /** Where the value at `path` (keys and indexes from the document root) was written, if it exists. */
  locate(path: readonly (string | number)[]): SourceRef | undefined;
  /** Where a character offset of the input text is (a reader of `ast` reporting the node it stopped at). */
  locateOffset?(offset: number): SourceRef;
  /** How many characters the value at `path` takes in the text, if it exists. */
  sizeOf?(path: readonly (string | number)[]): number | undefined;
  /**
   * The string at `path` as a text of its own (a ConfigMap key holding YAML, a template), with the
   * way from its line:column back to the input; undefined when there is no string there.
   */
  embedded?(path: readonly (string | number)[]): EmbeddedText | undefined;
  /** The yaml library's document, for readers with rules of their own (sigs.k8s.io/yaml in kube/). */
  readonly ast?: Document.Parsed;
}

/** A string value written in a document, seen as a text with positions of its own. */
export interface EmbeddedText {
  text: string;
  /** Where the string is written (the whole scalar). */
  whole: SourceRef;
  /**
   * Where line:column (1-based) of `text` was written in the input: exact for a literal block
   * (`|`) and for a one-line scalar without escapes; undefined where the style folds lines or
   * escapes characters, so a caller falls back to `whole`.
   */
  at(line: number, column: number): SourceRef | undefined;
}

export interface ParsedYaml {
  documents: YamlDocument[];
  diagnostics: Diagnostic[];
  /**
   * Every document of the stream as the yaml library parsed it (empty and broken ones included), for
   * editing the text. A text read by the fast path is parsed by the library only when this is first
   * read (a suggestion's edit), and once.
   */
  readonly stream: Document.Parsed[];
}

/** Hostile-input limits: alias expansion is bounded by the yaml library's maxAliasCount. */
const MAX_ALIAS_COUNT = 1000;

/** The fast path, once installed (installFastYamlReader). */
let fastReader: typeof fastYamlDocuments | undefined;

/**
 * Installs the fast path (fastDocuments.ts). It comes with the scenario's later stages
 * (scenario/laterStages.ts), so the app's worker reads its first verdict's texts with the yaml
 * library alone — the same documents — and its first chunk does not carry the fast reader; the
 * CLI, the tests and every later analysis in the app read with it.
 */
export function installFastYamlReader(reader: typeof fastYamlDocuments): void {
  fastReader = reader;
}

/**
 * Parses a multi-document YAML stream, keeping positions. Errors become diagnostics at
 * line:column; a document with errors is dropped rather than guessed at. A text in the subset the
 * fast reader knows (fastDocuments.ts) is read by it, with the same documents; any other by the
 * yaml library (parseYamlDocumentsFully), which says what is wrong with it.
 */
export function parseYamlDocuments(text: string, input: string): ParsedYaml {
  const fast = fastReader && text.length <= MAX_INPUT_CHARS ? fastReader(text) : undefined;
  if (!fast) return parseYamlDocumentsFully(text, input);
  const at = positions(input, fast.lines);
  const documents = fast.documents.map((d) => positionedDocument(input, d.index, d.value, d.ast, text, at, fast.lines));
  let stream: Document.Parsed[] | undefined;
  return {
    documents,
    diagnostics: [],
    get stream() {
      return (stream ??= composeStream(text).docs);
    },
  };
}

/** The library's documents of a text, as the full path composes them (with the nesting checked between its two steps). */
function composeStream(text: string, lineCounter = new LineCounter()): { docs: Document.Parsed[]; deep?: { start: number } } {
  // parseAllDocuments' two steps, with the nesting checked between them: the Parser works without
  // recursion, the Composer (and everything after it) recurses once per level.
  const tokens = Array.from(new Parser(lineCounter.addNewLine).parse(text));
  const deep = deepNesting(tokens);
  if (deep) return { docs: [], deep };
  return { docs: Array.from(new Composer({ prettyErrors: false, uniqueKeys: false }).compose(tokens, true, text.length)) as Document.Parsed[] };
}

/** line:column (and an end) of offsets of a text whose lines `lines` knows. */
function positions(input: string, lines: LineCounter): (offset: number, endOffset?: number) => SourceRef {
  return (offset, endOffset) => {
    const p = lines.linePos(offset);
    const ref: SourceRef = { input, line: p.line, column: p.col };
    if (endOffset !== undefined) {
      const e = lines.linePos(endOffset);
      ref.endLine = e.line;
      ref.endColumn = e.col;
    }
    return ref;
  };
}

/** parseYamlDocuments with the yaml library alone (the full path; the fast path's tests compare with it). */
export function parseYamlDocumentsFully(text: string, input: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const diagnostics: Diagnostic[] = [];
  const documents: YamlDocument[] = [];
  // Refused before anything is parsed: a text past the size limit (see inputLimits.ts).
  const tooLong = sizeRefusal(text, input);
  if (tooLong) return { documents, diagnostics: [tooLong], stream: [] };
  // YAML breaks lines at CR, LF and CRLF; the library only at LF. A lone CR becomes an LF (one
  // character for one, so every offset stays where it was) and a classic-Mac text reads as lines.
  if (text.includes('\r')) text = text.replace(/\r(?!\n)/g, '\n');
  let docs: Document.Parsed[];
  try {
    const composed = composeStream(text, lineCounter);
    if (composed.deep) {
      const p = lineCounter.linePos(composed.deep.start);
      const message = `This value nests more than ${MAX_NESTING_DEPTH} levels of lists and maps deep; meshsim reads at most ${MAX_NESTING_DEPTH} (Kubernetes objects need a few dozen), so this input was not read`;
      return { documents, diagnostics: [diagnostic('yaml', 'error', message, { input, line: p.line, column: p.col })], stream: [] };
    }
    docs = composed.docs;
  } catch (err) {
    return { documents, diagnostics: [diagnostic('yaml', 'error', `meshsim could not read this YAML: ${err instanceof Error ? err.message : String(err)}`, { input, line: 1, column: 1 })], stream: [] };
  }
  const at = positions(input, lineCounter);
  docs.forEach((doc, index) => {
    // The library's errors in plain words, at the place each starts, one per line (plainErrors.ts).
    for (const p of plainDocumentErrors(doc, (offset) => lineCounter.linePos(offset).line, text)) diagnostics.push(diagnostic('yaml', p.severity, p.message, at(p.start, p.end)));
    // Duplicate keys only where the library found nothing: a broken document's keys are not reliable.
    const duplicates = doc.errors.length ? [] : duplicateKeys(doc);
    for (const { key, first } of duplicates) {
      const name = typeof key.value === 'string' ? JSON.stringify(key.value) : String(key.source ?? key.value);
      diagnostics.push(diagnostic('yaml', 'error', `The key ${name.length > 80 ? `${name.slice(0, 80)}…` : name} is written twice in this map (first at line ${at(first.range![0]).line}); a key may appear once`, at(key.range![0], key.range![1])));
    }
    if (doc.errors.length || duplicates.length) return;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      const problem = plainToJsError(err, doc);
      diagnostics.push(diagnostic('yaml', 'error', problem.message, at(problem.start)));
      return;
    }
    if (value === null || value === undefined) return; // empty documents (e.g. a trailing ---) carry nothing
    documents.push(positionedDocument(input, index, value, doc, text, at, lineCounter));
  });
  return { documents, diagnostics, stream: docs };
}

/** A parsed document with its ways back to the text (the same for both paths: they read the same nodes). */
function positionedDocument(input: string, index: number, value: unknown, doc: Document.Parsed, text: string, at: (offset: number, endOffset?: number) => SourceRef, lineCounter: LineCounter): YamlDocument {
  const startLine = at(doc.contents?.range?.[0] ?? doc.range[0]).line;
  return {
    input,
    index,
    value,
    startLine,
    ast: doc,
    locate(path) {
      const node = nodeAt(doc.contents as Node | null, path);
      if (!node?.range) return undefined;
      return at(node.range[0], node.range[1]);
    },
    locateOffset: (offset) => at(offset),
    embedded(path) {
      const node = nodeAt(doc.contents as Node | null, path);
      if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
      return embeddedText(text, node as Scalar<string>, at, lineCounter);
    },
    sizeOf(path) {
      const node = nodeAt(doc.contents as Node | null, path);
      return node?.range ? node.range[1] - node.range[0] : undefined;
    },
  };
}

/**
 * The positions of a string scalar's own lines. A literal block's line k sits k lines below its
 * header, each indented the same; that is checked line by line against the input, so an unusual
 * layout gives no positions rather than wrong ones.
 */
function embeddedText(source: string, node: Scalar<string>, at: (offset: number, end?: number) => SourceRef, lines: LineCounter): EmbeddedText {
  const [start, valueEnd] = node.range!;
  const whole = at(start, valueEnd);
  const text = node.value;
  let map: ((line: number, column: number) => SourceRef | undefined) | undefined;
  const mapping = () => {
    if (map) return map;
    map = () => undefined;
    if (node.type === 'BLOCK_LITERAL') {
      const header = lines.linePos(start).line;
      const own = text.split('\n');
      const indent = blockIndent(source, lines, header, own);
      if (indent !== undefined) map = (line, column) => (line >= 1 && line <= own.length ? { input: whole.input, line: header + line, column: indent + column } : undefined);
    } else if (!text.includes('\n')) {
      const raw = source.slice(start, valueEnd);
      const quoted = node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE';
      if ((quoted ? raw.slice(1, -1) : raw) === text) map = (line, column) => (line === 1 && column >= 1 && column <= text.length + 1 ? { input: whole.input, line: whole.line, column: whole.column + (quoted ? 1 : 0) + column - 1 } : undefined);
    }
    return map;
  };
  return { text, whole, at: (line, column) => mapping()(line, column) };
}

/** The column before a literal block's content, if every content line is where that puts it. */
function blockIndent(source: string, lines: LineCounter, header: number, own: string[]): number | undefined {
  const lineText = (n: number) => {
    const from = lines.lineStarts[n - 1];
    if (from === undefined) return undefined;
    const to = lines.lineStarts[n] ?? source.length;
    return source.slice(from, to).replace(/\r?\n$/, '');
  };
  let indent: number | undefined;
  for (let k = 0; k < own.length; k++) {
    if (own[k] === '') continue;
    const written = lineText(header + k + 1);
    if (written === undefined) return undefined;
    indent ??= written.length - own[k].length;
    if (indent < 0 || written !== ' '.repeat(indent) + own[k]) return undefined;
  }
  return indent ?? 0;
}

function nodeAt(root: Node | null, path: readonly (string | number)[]): Node | undefined {
  let node: Node | null | undefined = root;
  for (const key of path) {
    if (!node) return undefined;
    if (isMap(node)) {
      // A loop rather than find() with a closure: every source reference of every panel comes here.
      const want = String(key);
      let pair: { key: unknown; value: unknown } | undefined;
      for (const p of node.items) {
        const k = isScalar(p.key) ? p.key.value : p.key;
        if ((typeof k === 'string' ? k : String(k)) === want) {
          pair = p;
          break;
        }
      }
      node = (pair?.value as Node | null) ?? (pair?.key as Node | undefined);
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key] as Node | undefined;
    } else {
      return undefined;
    }
  }
  return node ?? undefined;
}
