/**
 * The fast path of parseYamlDocuments: the texts users paste are nearly always plain block YAML
 * (`key: value`, `- item`, one-line flow collections, literal blocks, comments, several `---`
 * documents), and reading those with the shared block reader (blockYamlReader.ts, with positions)
 * costs a fraction of the `yaml` library's lexer, parser, composer and toJS. It gives what the full
 * path gives for such a text — each document's value as `toJS()` under YAML 1.2 core, and its
 * nodes as the library's own classes (Scalar, YAMLMap, YAMLSeq, Pair in a Document) with the
 * `range`, `type` and `source` the composer sets — so every reader of a document (locate, the
 * sigs.k8s.io/yaml decoding, the API server checks) reads the same either way. A text with
 * anything else (errors, duplicate keys, anchors, tags, folded or multi-line scalars, directives,
 * odd indentation...) is not read here; the full path reads it and says what is wrong.
 * fastDocuments.test.ts holds this to the full path on every example and corpus text and on
 * generated ones.
 */
import { Document, LineCounter, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';
import { readBlockYamlStream, type BlockYamlNodes, type BlockYamlRules } from './blockYamlReader.ts';
import { CORE_ESCAPES, resolveCorePlain } from './coreScalars.ts';

/** The YAML 1.2 core rules, as the yaml library's composer and toJS apply them to a user's text. */
const USER_TEXT_RULES: BlockYamlRules = {
  plain: resolveCorePlain,
  // A key's JS name is its value as text (toJS: null is ''); `<<` may be a merge key: the full path's.
  key: (value, raw) => (raw === '<<' ? undefined : value === null ? '' : typeof value === 'string' ? value : String(value)),
  escapes: CORE_ESCAPES,
  hexEscapes: true,
  flow: true,
  literal: true,
  uniqueKeys: true,
};

/** The library's nodes, made as its composer makes them (only what a reader of a parsed document sees). */
const LIBRARY_NODES: BlockYamlNodes<Node> = {
  scalar(value, type, source, range) {
    const s = new Scalar(value);
    s.type = type;
    s.source = source;
    s.range = range;
    return s;
  },
  map(pairs, range, flow) {
    const m = new YAMLMap<Node, Node>();
    for (let i = 0; i < pairs.length; i += 2) m.items.push(new Pair(pairs[i], pairs[i + 1]));
    m.range = range;
    if (flow) m.flow = true;
    return m;
  },
  seq(items, range, flow) {
    const s = new YAMLSeq<Node>();
    s.items = items;
    s.range = range;
    if (flow) s.flow = true;
    return s;
  },
};

/** Options as parseYamlDocuments' composer has them, so a document made here says the same. */
const DOCUMENT_OPTIONS = { prettyErrors: false, uniqueKeys: false } as const;

export interface FastDocument {
  /** Position in the stream, as the library counts documents. */
  index: number;
  value: unknown;
  ast: Document.Parsed;
}

/** The documents with content of a text in the subset, and where its lines start; undefined for any other text. */
export function fastYamlDocuments(text: string): { documents: FastDocument[]; lines: LineCounter } | undefined {
  const read = readBlockYamlStream(text, USER_TEXT_RULES, LIBRARY_NODES);
  if (!read) return undefined;
  const documents: FastDocument[] = [];
  read.forEach((d, index) => {
    if (d.value === undefined || d.node === undefined) return;
    const ast = new Document(undefined, DOCUMENT_OPTIONS) as unknown as Document.Parsed;
    ast.contents = d.node as Document.Parsed['contents'];
    ast.range = [d.node.range![0], d.node.range![1], d.node.range![2]];
    documents.push({ index, value: d.value, ast });
  });
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
  return { documents, lines };
}
