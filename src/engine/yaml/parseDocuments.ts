import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node } from 'yaml';
import { diagnostic, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import { duplicateKeys } from './duplicateKeys.ts';

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
}

export interface ParsedYaml {
  documents: YamlDocument[];
  diagnostics: Diagnostic[];
}

/** Hostile-input limits: alias expansion is bounded by the yaml library's maxAliasCount. */
const MAX_ALIAS_COUNT = 1000;

/**
 * Parses a multi-document YAML stream, keeping positions. Errors become diagnostics at
 * line:column; a document with errors is dropped rather than guessed at.
 */
export function parseYamlDocuments(text: string, input: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const diagnostics: Diagnostic[] = [];
  const documents: YamlDocument[] = [];
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: false }) as Document.Parsed[];
  } catch (err) {
    return { documents, diagnostics: [diagnostic('yaml', 'error', String(err))] };
  }
  if (!Array.isArray(docs)) docs = [docs as unknown as Document.Parsed];
  const at = (offset: number, endOffset?: number): SourceRef => {
    const p = lineCounter.linePos(offset);
    const ref: SourceRef = { input, line: p.line, column: p.col };
    if (endOffset !== undefined) {
      const e = lineCounter.linePos(endOffset);
      ref.endLine = e.line;
      ref.endColumn = e.col;
    }
    return ref;
  };
  docs.forEach((doc, index) => {
    for (const e of doc.errors) diagnostics.push(diagnostic('yaml', 'error', cleanMessage(e.message), at(e.pos[0], e.pos[1])));
    const duplicates = duplicateKeys(doc);
    for (const key of duplicates) diagnostics.push(diagnostic('yaml', 'error', 'Map keys must be unique', at(key.range![0], key.range![0] + 1)));
    for (const w of doc.warnings) diagnostics.push(diagnostic('yaml', 'warning', cleanMessage(w.message), at(w.pos[0], w.pos[1])));
    if (doc.errors.length || duplicates.length) return;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      const start = doc.contents?.range?.[0] ?? 0;
      diagnostics.push(diagnostic('yaml', 'error', err instanceof Error ? err.message : String(err), at(start)));
      return;
    }
    if (value === null || value === undefined) return; // empty documents (e.g. a trailing ---) carry nothing
    const startLine = at(doc.contents?.range?.[0] ?? doc.range[0]).line;
    documents.push({
      input,
      index,
      value,
      startLine,
      locate(path) {
        const node = nodeAt(doc.contents as Node | null, path);
        if (!node?.range) return undefined;
        return at(node.range[0], node.range[1]);
      },
    });
  });
  return { documents, diagnostics };
}

function nodeAt(root: Node | null, path: readonly (string | number)[]): Node | undefined {
  let node: Node | null | undefined = root;
  for (const key of path) {
    if (!node) return undefined;
    if (isMap(node)) {
      const pair: { key: unknown; value: unknown } | undefined = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(key));
      node = (pair?.value as Node | null) ?? (pair?.key as Node | undefined);
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key] as Node | undefined;
    } else {
      return undefined;
    }
  }
  return node ?? undefined;
}

function cleanMessage(message: string): string {
  // The library appends " at line L, column C" which the SourceRef already carries.
  return message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
}
