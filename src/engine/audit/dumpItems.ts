/**
 * `kubectl get ... -o yaml` prints one List whose items are block-sequence entries. Finding where
 * each item starts (and its kind) by scanning lines is far cheaper than parsing the whole text, and
 * lets an audit parse the items a chunk at a time, or split them between workers.
 */

/** One item of the List: its text span, the 1-based line it starts on, and its kind (from its `kind:` line). */
export interface DumpItem {
  start: number;
  end: number;
  line: number;
  kind: string;
}

/** Hostile input: at most this many items are read. */
export const MAX_ITEMS = 200_000;

const KEY_VALUE = /^([A-Za-z]+):[ \t]*(.*?)[ \t]*$/;

function unquote(v: string): string {
  return v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0] ? v.slice(1, -1) : v;
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const isBlankOrComment = (line: string) => {
  const t = line.trimStart();
  return t === '' || t.startsWith('#');
};

/**
 * The items of a single-document List laid out in block style, or undefined when the text is laid
 * out some other way (JSON, flow style, several documents): the caller then parses it whole.
 */
export function splitListItems(text: string): { items: DumpItem[]; truncated: boolean } | undefined {
  const items: DumpItem[] = [];
  let state: 'before' | 'first' | 'items' | 'after' = 'before';
  let indent = 0;
  let current: DumpItem | undefined;
  let truncated = false;
  let lineNo = 0;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    lineNo++;
    const next = end + 1;
    if (line === '---' || line.startsWith('--- ') || line === '...') {
      // A document marker before the List is fine; one after it means several documents.
      if (state !== 'before' || items.length) return undefined;
    } else if (state === 'before') {
      if (/^items:[ \t]*(#.*)?$/.test(line)) state = 'first';
    } else if (state === 'first') {
      if (!isBlankOrComment(line)) {
        const m = /^( *)-( |$)/.exec(line);
        if (!m) return undefined;
        indent = m[1].length;
        state = 'items';
        current = { start, end: text.length, line: lineNo, kind: kindOnFirstLine(line, indent) };
      }
    } else if (state === 'items') {
      if (!isBlankOrComment(line)) {
        const lead = indentOf(line);
        if (lead === indent && (line[indent] === '-' && (line.length === indent + 1 || line[indent + 1] === ' '))) {
          current!.end = start;
          if (items.length >= MAX_ITEMS) {
            truncated = true;
            current = undefined;
            state = 'after';
          } else {
            items.push(current!);
            current = { start, end: text.length, line: lineNo, kind: kindOnFirstLine(line, indent) };
          }
        } else if (lead <= indent) {
          current!.end = start;
          items.push(current!);
          current = undefined;
          state = 'after';
        } else if (lead === indent + 2 && !current!.kind) {
          const m = KEY_VALUE.exec(line.slice(lead));
          if (m && m[1] === 'kind') current!.kind = unquote(m[2]);
        }
      }
    }
    start = next;
  }
  if (current) items.push(current);
  if (state === 'before' || state === 'first') return undefined;
  return { items, truncated };
}

function kindOnFirstLine(line: string, indent: number): string {
  const m = KEY_VALUE.exec(line.slice(indent + 2));
  return m && m[1] === 'kind' ? unquote(m[2]) : '';
}
