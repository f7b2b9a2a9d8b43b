import { parseAllDocuments, stringify, type Document } from 'yaml';
import { copyAlongPath } from './copyAlongPath.ts';

/** A change to one document of a YAML stream: set or remove the value at `path`, or append a document. */
export interface TextEdit {
  documentIndex: number;
  path: readonly (string | number)[];
  action: 'set' | 'remove' | 'add-document';
  value?: unknown;
}

/**
 * Applies edits to a YAML stream's text, rewriting only the documents they touch so the rest of
 * the user's text (comments, formatting) is kept as written. Returns undefined when the text does
 * not parse, an edit names a document that is not there, or its path runs through a scalar.
 */
export function applyYamlEdits(text: string, edits: readonly TextEdit[]): string | undefined {
  return yamlStreamEditor(text)(edits);
}

/**
 * The same, for many edit sets on one text: the stream is parsed once and each edit set clones
 * only the documents it touches, so trying one edit per workload stays linear in the text.
 */
export function yamlStreamEditor(text: string): (edits: readonly TextEdit[]) => string | undefined {
  const docs = parseAllDocuments(text);
  const parsed = Array.isArray(docs) && !docs.some((d) => d.errors.length) ? docs : undefined;
  return (edits) => (parsed ? applyToStream(text, parsed, edits) : undefined);
}

/**
 * Hostile input: the yaml library prints a deeply nested flow collection re-indented at every
 * level, so an edited document of a few KB can print as megabytes (seconds of work). Kubernetes
 * objects never nest anywhere near this deep; such a document is not rewritten.
 */
const MAX_FLOW_DEPTH = 64;

/** The deepest nesting of flow brackets in the text (brackets inside quoted strings count too: a bound, not a parse). */
function flowDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return max;
}

/**
 * The same editor over a stream parsed already (parseYamlDocuments' `stream`), so a text the
 * scenario has read is not parsed again to be edited; `editable` false (the text had errors) refuses.
 */
export function yamlStreamEditorOf(text: string, stream: readonly Document.Parsed[], editable: boolean): (edits: readonly TextEdit[]) => string | undefined {
  return (edits) => (editable ? applyToStream(text, stream, edits) : undefined);
}

function applyToStream(text: string, docs: readonly Document.Parsed[], edits: readonly TextEdit[]): string | undefined {
  const changed = new Map<number, Document.Parsed>();
  const deleted = new Set<number>();
  const appended: string[] = [];
  for (const e of edits) {
    if (e.action === 'add-document') {
      appended.push(stringify(e.value));
      continue;
    }
    const original = docs[e.documentIndex];
    if (!original) return undefined;
    if (!changed.has(e.documentIndex) && flowDepth(text.slice(original.range[0], original.range[2])) > MAX_FLOW_DEPTH) return undefined;
    // Copied along the edit's path only (the rest is shared and never changed).
    const doc = copyAlongPath(original, e.path, changed.get(e.documentIndex));
    try {
      if (e.action === 'set') doc.setIn(e.path as (string | number)[], e.value);
      else if (e.path.length === 0) deleted.add(e.documentIndex); // removing the root removes the whole document
      else doc.deleteIn(e.path as (string | number)[]);
    } catch {
      return undefined; // the path runs through a scalar (e.g. `metadata: ""`), so the yaml library throws
    }
    changed.set(e.documentIndex, doc);
  }
  let out = '';
  docs.forEach((doc, i) => {
    const start = i === 0 ? 0 : doc.range[0];
    const end = i + 1 < docs.length ? docs[i + 1].range[0] : text.length;
    if (deleted.has(i)) return;
    const edited = changed.get(i);
    out += edited ? edited.toString({ flowCollectionPadding: false }) : text.slice(start, end);
  });
  if (docs.length === 0) out = text;
  for (const a of appended) {
    if (out.length && !out.endsWith('\n')) out += '\n';
    out += (out.trim().length ? '---\n' : '') + a;
  }
  return out;
}
