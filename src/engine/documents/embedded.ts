import type { Diagnostic, SourceRef } from '../diagnostics.ts';
import { parseYamlDocuments, type EmbeddedText } from '../yaml/index.ts';
import type { ScenarioObject } from './scenarioDocuments.ts';

/**
 * YAML written inside a string of another document — an injector ConfigMap's `data.config` and
 * `data.values`, a mesh ConfigMap's `data.mesh` — parsed once, with every position it reports
 * mapped back to the user's text (through as many levels of embedding as there are).
 */
export interface EmbeddedYaml {
  /** The parsed value; undefined when the text is not readable YAML (see diagnostics). */
  value: unknown;
  /** Whether the text parsed (an empty text parses, to null). */
  readable: boolean;
  /** Parse errors and warnings, at their place in the user's text. */
  diagnostics: Diagnostic[];
  /** Where the value at `path` inside the embedded document was written; the whole string when unknown. */
  locate(path: readonly (string | number)[]): SourceRef | undefined;
  /** A string inside the embedded document as a text of its own (a template inside `config`). */
  embedded(path: readonly (string | number)[]): EmbeddedText | undefined;
}

/** The string at `path` of a scenario object as an embedded text (undefined when it is not a string). */
export function embeddedTextOf(o: ScenarioObject, path: readonly (string | number)[]): EmbeddedText | undefined {
  const full = [...o.path, ...path];
  const found = o.doc.embedded?.(full);
  if (found) return found;
  // A document read without positions (the audit's dump): the text alone.
  let v: unknown = o.value;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
  return typeof v === 'string' ? { text: v, whole: o.doc.locate(full) ?? { input: o.doc.input, line: o.doc.startLine, column: 1 }, at: () => undefined } : undefined;
}

/** Parses an embedded text as one YAML document (the first, as Go's yaml.Unmarshal reads it). Never throws. */
export function parseEmbeddedYaml(source: EmbeddedText, what: string): EmbeddedYaml {
  const parsed = parseYamlDocuments(source.text, source.whole.input);
  const outer = (r: SourceRef): SourceRef => {
    const start = source.at(r.line, r.column);
    if (!start) return source.whole;
    const end = r.endLine !== undefined ? source.at(r.endLine, r.endColumn ?? 1) : undefined;
    return end ? { ...start, endLine: end.line, endColumn: end.column } : start;
  };
  const diagnostics = parsed.diagnostics.map((d) => ({ ...d, message: `${what}: ${d.message}`, ...(d.source ? { source: outer(d.source) } : { source: source.whole }) }));
  const errors = diagnostics.some((d) => d.severity === 'error');
  const doc = errors ? undefined : parsed.documents[0];
  return {
    value: errors ? undefined : (doc?.value ?? null),
    readable: !errors,
    diagnostics,
    locate: (path) => {
      const r = doc?.locate(path);
      return r ? outer(r) : source.whole;
    },
    embedded: (path) => {
      const inner = doc?.embedded?.(path);
      if (!inner) return undefined;
      return { text: inner.text, whole: outer(inner.whole), at: (line: number, column: number) => {
        const mid = inner.at(line, column);
        return mid ? source.at(mid.line, mid.column) : undefined;
      } };
    },
  };
}
