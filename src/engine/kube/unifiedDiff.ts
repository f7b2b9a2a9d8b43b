/**
 * A unified diff (as `diff -u` prints it) of two texts, line by line, for the Markdown report.
 * Uses the LCS table, which is fine for pod-sized texts; above MAX_CELLS it falls back to
 * "everything changed" rather than take quadratic time on hostile input.
 */
const MAX_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

export function unifiedDiff(before: string, after: string, names = { before: 'before', after: 'after' }, context = 3): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = a.length * b.length > MAX_CELLS ? [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))] : lcsOps(a, b);
  if (!ops.some((o) => o.kind !== ' ')) return '';
  const out = [`--- ${names.before}`, `+++ ${names.after}`];
  let i = 0;
  while (i < ops.length) {
    if (ops[i].kind === ' ') {
      i++;
      continue;
    }
    // A hunk: from `context` lines before the first change to `context` after the last change that
    // is closer than 2*context lines to the next one.
    let start = Math.max(0, i - context);
    let end = i;
    while (end < ops.length) {
      if (ops[end].kind !== ' ') {
        end++;
        continue;
      }
      let run = 0;
      while (end + run < ops.length && ops[end + run].kind === ' ') run++;
      if (end + run >= ops.length || run > 2 * context) {
        end = Math.min(ops.length, end + context);
        break;
      }
      end += run;
    }
    const [aStart, bStart] = positions(ops, start);
    const hunk = ops.slice(start, end);
    const aLen = hunk.filter((o) => o.kind !== '+').length;
    const bLen = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aStart + (aLen ? 1 : 0)},${aLen} +${bStart + (bLen ? 1 : 0)},${bLen} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
    i = end;
    start = end;
  }
  return out.join('\n') + '\n';
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function positions(ops: Op[], upTo: number): [number, number] {
  let a = 0;
  let b = 0;
  for (let k = 0; k < upTo; k++) {
    if (ops[k].kind !== '+') a++;
    if (ops[k].kind !== '-') b++;
  }
  return [a, b];
}

function lcsOps(a: string[], b: string[]): Op[] {
  const ops: Op[] = [];
  // A common first stretch is matched line by line by the walk below whatever follows it (a match
  // is always taken), and the table of what follows does not depend on it: it needs no table.
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) ops.push({ kind: ' ', line: a[p++] });
  // Lines as numbers (equal lines, equal numbers), so the table compares integers.
  const ids = new Map<string, number>();
  const idOf = (line: string): number => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  const n = a.length - p;
  const m = b.length - p;
  const ai = Int32Array.from({ length: n }, (_, k) => idOf(a[p + k]));
  const bi = Int32Array.from({ length: m }, (_, k) => idOf(b[p + k]));
  // table[i * w + j]: the LCS of a[p + i..] and b[p + j..], one flat array.
  const w = m + 1;
  const table = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    const row = i * w;
    const below = row + w;
    const x = ai[i];
    for (let j = m - 1; j >= 0; j--) {
      table[row + j] = x === bi[j] ? table[below + j + 1] + 1 : Math.max(table[below + j], table[row + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (ai[i] === bi[j]) {
      ops.push({ kind: ' ', line: a[p + i] });
      i++;
      j++;
    } else if (table[(i + 1) * w + j] >= table[i * w + j + 1]) {
      ops.push({ kind: '-', line: a[p + i++] });
    } else {
      ops.push({ kind: '+', line: b[p + j++] });
    }
  }
  while (i < n) ops.push({ kind: '-', line: a[p + i++] });
  while (j < m) ops.push({ kind: '+', line: b[p + j++] });
  return ops;
}
