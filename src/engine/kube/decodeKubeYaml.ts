/**
 * Reads Kubernetes YAML the way sigs.k8s.io/yaml does (YAML → go-yaml v2 → JSON): unquoted `yes`/`on`
 * are booleans, `0644` is octal 420, `~` is null, `2024-01-02` stays a string, map keys that are
 * numbers or booleans become their text, a later duplicate key wins, `<<` merges as go-yaml v2 does. Quoted scalars are always strings.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node, type Scalar } from 'yaml';
import { diagnostic, messageOf, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import { keyText, plainScalarValue } from './goYamlResolve.ts';
import type { JsonValue } from './sigsYamlWriter.ts';
import { setOwn } from './ownProperty.ts';
import { plainDocumentErrors } from '../yaml/index.ts';

export interface KubeYamlDocument {
  /** The document as JSON data (null for an empty document). */
  value: JsonValue;
  /** 1-based line where the document's content starts. */
  startLine: number;
}

export interface DecodedKubeYaml {
  documents: KubeYamlDocument[];
  diagnostics: Diagnostic[];
}

/** Values produced, counting alias expansions: a billion-laughs document stops here. */
const MAX_NODES = 1_000_000;
const MAX_DEPTH = 1_000;
const STR_TAG = 'tag:yaml.org,2002:str';
const MERGE_KEY = '<<';

class DecodeError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

class Converter {
  private produced = 0;

  constructor(private readonly doc: Document.Parsed) {}

  value(node: Node | null | undefined, depth: number): JsonValue {
    if (++this.produced > MAX_NODES) throw new DecodeError(`document expands to more than ${MAX_NODES} values`, node?.range?.[0] ?? 0);
    if (depth > MAX_DEPTH) throw new DecodeError(`document nested deeper than ${MAX_DEPTH} levels`, node?.range?.[0] ?? 0);
    if (node === null || node === undefined) return null;
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (!target) throw new DecodeError(`unknown anchor '${node.source}' referenced`, node.range?.[0] ?? 0);
      return this.value(target as Node, depth + 1);
    }
    if (isScalar(node)) return this.scalar(node);
    if (isSeq(node)) return node.items.map((item) => this.value(item as Node, depth + 1));
    if (isMap(node)) {
      const out: { [key: string]: JsonValue } = {};
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        if (isScalar(keyNode) && keyNode.type === 'PLAIN' && keyNode.value === MERGE_KEY && !keyNode.tag) {
          // go-yaml v2 merges in place: merged keys overwrite keys written before the `<<`, later
          // keys overwrite merged ones, and of several sources the first wins (applied last).
          for (const source of this.mergeSources(pair.value as Node, depth).reverse()) {
            for (const [k, v] of Object.entries(source)) setOwn(out, k, v);
          }
          continue;
        }
        const key = this.key(keyNode, depth);
        setOwn(out, key, this.value(pair.value as Node, depth + 1));
      }
      return out;
    }
    throw new DecodeError('unsupported YAML node', 0);
  }

  private mergeSources(node: Node, depth: number): { [key: string]: JsonValue }[] {
    const v = this.value(node, depth + 1);
    const list = Array.isArray(v) ? v : [v];
    const out: { [key: string]: JsonValue }[] = [];
    for (const item of list) {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        throw new DecodeError('map merge requires map or sequence of maps as the value', node.range?.[0] ?? 0);
      }
      out.push(item);
    }
    return out;
  }

  private key(node: Node | null, depth: number): string {
    const k = this.value(node, depth + 1);
    const text = keyText(k);
    if (text === undefined) throw new DecodeError(`unsupported map key: ${JSON.stringify(k)}`, node?.range?.[0] ?? 0);
    return text;
  }

  private scalar(node: Scalar): JsonValue {
    // The text as written (a document parsed with the core schema holds its own reading in `value`).
    const text = typeof node.source === 'string' ? node.source : String(node.value ?? '');
    const tag = node.tag;
    const explicitString = tag === STR_TAG || (tag !== undefined && !tag.startsWith('tag:yaml.org,2002:'));
    if (node.type !== 'PLAIN' || explicitString) return text;
    const value = plainScalarValue(text);
    if (value === undefined) throw new DecodeError(`json: unsupported value: ${text}`, node.range?.[0] ?? 0);
    return value;
  }
}

/**
 * Reads an already parsed document (whatever schema it was parsed with) the way sigs.k8s.io/yaml
 * would have read its text: the node at `path`, or the whole document. The text is parsed once;
 * this is a second reading of the same nodes, with Go's rules.
 */
export function decodeKubeNode(doc: Document.Parsed, path: readonly (string | number)[] = []): { value: JsonValue } | { error: string; offset: number } {
  const node = (path.length ? doc.getIn(path, true) : doc.contents) as Node | null | undefined;
  try {
    return { value: new Converter(doc).value(node, 0) };
  } catch (err) {
    return { error: messageOf(err), offset: err instanceof DecodeError ? err.offset : (node?.range?.[0] ?? 0) };
  }
}

/** Decodes every document of a YAML stream; problems become diagnostics at line:column. */
export function decodeKubeYaml(text: string, input = 'yaml'): DecodedKubeYaml {
  const lineCounter = new LineCounter();
  const documents: KubeYamlDocument[] = [];
  const diagnostics: Diagnostic[] = [];
  const at = (offset: number): SourceRef => {
    const p = lineCounter.linePos(offset);
    return { input, line: p.line, column: p.col };
  };
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, { lineCounter, schema: 'failsafe', uniqueKeys: false, prettyErrors: false }) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [docs as unknown as Document.Parsed];
  } catch (err) {
    return { documents, diagnostics: [diagnostic('yaml', 'error', messageOf(err))] };
  }
  for (const doc of docs) {
    if (doc.errors.length) {
      for (const e of plainDocumentErrors(doc, (offset) => lineCounter.linePos(offset).line, text)) if (e.severity === 'error') diagnostics.push(diagnostic('yaml', 'error', e.message, at(e.start)));
      continue;
    }
    const startOffset = doc.contents?.range?.[0] ?? doc.range[0];
    try {
      const value = new Converter(doc).value(doc.contents as Node | null, 0);
      documents.push({ value, startLine: at(startOffset).line });
    } catch (err) {
      const offset = err instanceof DecodeError ? err.offset : startOffset;
      diagnostics.push(diagnostic('yaml', 'error', messageOf(err), at(offset)));
    }
  }
  return { documents, diagnostics };
}
