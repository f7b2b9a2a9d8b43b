import fc from 'fast-check';
import { isMap, isScalar, isSeq, parseAllDocuments, visit, type Document, type Node } from 'yaml';

/*
 * A map or list where a string (or number) goes: the commonest way a hand-edited Kubernetes
 * document is wrong, and the way JavaScript's `[object Object]` reaches a user. Given a real text
 * (the default scenario's webhooks, namespaces, mesh and injector ConfigMaps), these put a
 * generated collection into one of its scalar slots — any of them, chosen by index — including
 * the slots of the texts a ConfigMap embeds (`data.mesh` and `data.config` as YAML, `data.values`
 * as JSON).
 */

/** A small map or list, nested at most twice, of what users type. */
export const collection: fc.Arbitrary<unknown> = fc.letrec<{ c: unknown; leaf: unknown }>((tie) => ({
  leaf: fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 500 }), fc.boolean(), fc.constant(null), tie('c')),
  c: fc.oneof(
    { depthSize: 'small' },
    fc.dictionary(fc.constantFrom('a', 'name', 'key', 'x y', '0'), tie('leaf'), { minKeys: 1, maxKeys: 2 }),
    fc.array(tie('leaf'), { minLength: 0, maxLength: 2 }),
  ),
})).c;

type Stream = Document.Parsed[];

/** The scalar nodes that are values (of a pair or a list item) in document order. */
function valueSlots(stream: Stream): { parent: Node; index: number | string }[] {
  const slots: { parent: Node; index: number | string }[] = [];
  for (const doc of stream)
    visit(doc, {
      Pair(_, pair, path) {
        if (isScalar(pair.value)) slots.push({ parent: path[path.length - 1] as Node, index: (path[path.length - 1] as { items: unknown[] }).items.indexOf(pair) });
      },
      Seq(_, seq) {
        seq.items.forEach((item, i) => isScalar(item) && slots.push({ parent: seq, index: i }));
      },
    });
  return slots;
}

/** How many slots `text` has (its own YAML slots; embedded texts count separately, see embeddedTexts). */
export function slotCount(text: string): number {
  return valueSlots(parseAllDocuments(text) as Stream).length;
}

/** `text` with its `slot`-th value slot (modulo their number) replaced by `value`; unchanged when it has none. */
export function misplace(text: string, slot: number, value: unknown): string {
  const stream = parseAllDocuments(text) as Stream;
  const slots = valueSlots(stream);
  if (!slots.length) return text;
  const { parent, index } = slots[slot % slots.length];
  const doc = stream.find((d) => d.contents && containsNode(d.contents as Node, parent))!;
  const node = doc.createNode(value);
  if (isSeq(parent)) parent.items[index as number] = node;
  else if (isMap(parent)) parent.items[index as number].value = node;
  return stream.map((d) => d.toString({ lineWidth: 0 })).join('');
}

function containsNode(root: Node, target: Node): boolean {
  let found = false;
  visit(root, (_k, n) => {
    if (n === target) {
      found = true;
      return visit.BREAK;
    }
    return undefined;
  });
  return found;
}

/** JSON text with one of its leaves (modulo their number) replaced by `value`. */
export function misplaceJson(json: string, slot: number, value: unknown): string {
  const data = JSON.parse(json) as unknown;
  const leaves: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v)) {
      if (child && typeof child === 'object') walk(child);
      else leaves.push([v as Record<string, unknown>, Array.isArray(v) ? Number(k) : k]);
    }
  };
  walk(data);
  if (!leaves.length) return json;
  const [parent, key] = leaves[slot % leaves.length];
  (parent as Record<string, unknown>)[key as string] = value;
  return JSON.stringify(data, null, 2);
}

/**
 * `text` (a stream holding ConfigMaps) with a value misplaced either in its own YAML or in one of
 * the texts its ConfigMaps embed: `where` picks which, `slot` the slot inside it.
 */
export function misplaceAnywhere(text: string, where: number, slot: number, value: unknown): string {
  const stream = parseAllDocuments(text) as Stream;
  const embedded: { doc: Document.Parsed; key: string; text: string }[] = [];
  for (const doc of stream) {
    const data = doc.get('data');
    if (!isMap(data)) continue;
    for (const pair of data.items) {
      if (isScalar(pair.key) && isScalar(pair.value) && typeof pair.value.value === 'string') embedded.push({ doc, key: String(pair.key.value), text: pair.value.value });
    }
  }
  const choice = where % (embedded.length + 1);
  if (choice === embedded.length) return misplace(text, slot, value);
  const { doc, key, text: inner } = embedded[choice];
  let changed: string;
  try {
    changed = key === 'values' ? misplaceJson(inner, slot, value) : misplace(inner, slot, value);
  } catch {
    return misplace(text, slot, value);
  }
  doc.setIn(['data', key], changed);
  return stream.map((d) => d.toString({ lineWidth: 0 })).join('');
}
