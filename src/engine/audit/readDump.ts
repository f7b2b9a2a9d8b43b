import { parseAllDocuments, parseDocument, type Document } from 'yaml';
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { classifyDocument } from '../documents/index.ts';
import type { DocumentRole, ScenarioObject } from '../documents/index.ts';
import { placedDocumentErrors, type YamlDocument } from '../yaml/index.ts';
import { readBlockYaml } from './blockYaml.ts';
import { MAX_ITEMS, splitListItems, type DumpItem } from './dumpItems.ts';

/** An object of the dump that is not a Pod: a Namespace, a webhook configuration, a ConfigMap... */
export interface DumpObject {
  value: Record<string, any>;
  role: DocumentRole;
}

/**
 * The admission machinery indexes objects read with positions (for the editor's markers). A dump
 * is read without them, so each object gets a document that locates nothing — the cheap adapter
 * that lets the audit reuse `indexScenario` and `admitPod` unchanged.
 */
export function withoutPositions(o: DumpObject, input: string, index: number): ScenarioObject {
  const doc: YamlDocument = { input, index, value: o.value, startLine: 1, locate: () => undefined };
  return { doc, path: [], value: o.value, role: o.role };
}

/** A Pod of the dump: parsed already, or a span of the text parsed when it is audited. */
export interface PodRef {
  item?: DumpItem;
  value?: Record<string, any>;
}

export interface DumpContents {
  objects: DumpObject[];
  pods: PodRef[];
  diagnostics: Diagnostic[];
}

const MAX_LIST_DEPTH = 4;
const MAX_ALIAS_COUNT = 1000;

/** A document's YAML errors in plain words (yaml/plainErrors.ts); `text` is what it was parsed from, starting at `firstLine`. */
function yamlProblems(doc: Document, text: string, input: string, firstLine: number, out: Diagnostic[]): boolean {
  if (!doc.errors.length) return false;
  for (const e of placedDocumentErrors(doc as Document.Parsed, text)) if (e.severity === 'error') out.push(diagnostic('yaml', 'error', e.message, { input, line: firstLine + e.line - 1, column: e.column }));
  return true;
}

/** Parses one item's text (a one-entry block sequence) into its object, or undefined with a diagnostic. */
export function parseItem(text: string, item: DumpItem, input: string, diagnostics: Diagnostic[]): unknown {
  const slice = text.slice(item.start, item.end);
  try {
    const fast = readBlockYaml(slice);
    if (fast) return Array.isArray(fast.value) ? fast.value[0] : undefined;
    const doc = parseDocument(slice);
    if (yamlProblems(doc, slice, input, item.line, diagnostics)) return undefined;
    const value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    return Array.isArray(value) ? value[0] : undefined;
  } catch (err) {
    diagnostics.push(diagnostic('yaml', 'error', messageOf(err), { input, line: item.line, column: 1 }));
    return undefined;
  }
}

function collect(value: unknown, depth: number, out: DumpContents, input: string): void {
  if (out.objects.length + out.pods.length >= MAX_ITEMS) return;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  const role = classifyDocument(value);
  if (role.role === 'list') {
    const items = (value as any).items;
    if (!Array.isArray(items)) return;
    if (depth >= MAX_LIST_DEPTH) {
      out.diagnostics.push(diagnostic('documents', 'error', `Lists nested deeper than ${MAX_LIST_DEPTH} are not read`, { input, line: 1, column: 1 }));
      return;
    }
    for (const item of items) collect(item, depth + 1, out, input);
  } else if (role.role === 'workload' && role.kind === 'Pod') {
    out.pods.push({ value: value as Record<string, any> });
  } else {
    out.objects.push({ value: value as Record<string, any>, role });
  }
}

/** Any other layout: the whole text at once (JSON first, as `kubectl -o json` prints it). */
function readWhole(text: string, input: string, out: DumpContents): void {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      collect(JSON.parse(text), 0, out, input);
      return;
    } catch {
      // Not JSON after all: YAML reports the problem with a position.
    }
  }
  for (const doc of parseAllDocuments(text) as Document[]) {
    if (yamlProblems(doc, text, input, 1, out.diagnostics)) continue;
    collect(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), 0, out, input);
  }
}

/**
 * Reads a dump's objects. The Pods of a block-style List are left unparsed (their spans are kept)
 * so they can be parsed a chunk at a time as they are audited; everything else is parsed now,
 * because every pod's audit needs the namespaces, webhook configurations and ConfigMaps.
 */
export function readDump(text: string, input: string): DumpContents {
  const out: DumpContents = { objects: [], pods: [], diagnostics: [] };
  try {
    const split = splitListItems(text);
    if (!split) {
      readWhole(text, input, out);
    } else {
      for (const item of split.items) {
        if (item.kind === 'Pod') out.pods.push({ item });
        else collect(parseItem(text, item, input, out.diagnostics), 1, out, input);
      }
    }
    if ((split?.truncated ?? false) || out.objects.length + out.pods.length >= MAX_ITEMS) {
      out.diagnostics.push(diagnostic('documents', 'error', `more than ${MAX_ITEMS} objects: the rest are not read`, { input, line: 1, column: 1 }));
    }
  } catch (err) {
    out.diagnostics.push(diagnostic('audit', 'error', `internal error reading the dump: ${messageOf(err)}`));
  }
  return out;
}
