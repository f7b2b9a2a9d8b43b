/** Finds a cycle of jumps between a table's chains (the kernel refuses such a rule set: ELOOP). */
import type { Table } from './types.ts';

/** Depth-first search with an explicit stack, so a payload with thousands of chains cannot overflow it. */
export function findJumpLoop(table: Table): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const targetsOf = (name: string) =>
    (table.chains[name]?.rules ?? []).flatMap((r) => (r.target.kind === 'jump' ? [r.target.chain] : []));
  for (const root of Object.keys(table.chains)) {
    if (state.has(root)) continue;
    const stack: Array<{ name: string; next: string[] }> = [{ name: root, next: targetsOf(root) }];
    state.set(root, 'open');
    while (stack.length) {
      const top = stack[stack.length - 1];
      const child = top.next.shift();
      if (child === undefined) {
        state.set(top.name, 'done');
        stack.pop();
        continue;
      }
      if (state.get(child) === 'open') {
        const path = stack.map((f) => f.name);
        return [...path.slice(path.indexOf(child)), child];
      }
      if (state.has(child) || !table.chains[child]) continue;
      state.set(child, 'open');
      stack.push({ name: child, next: targetsOf(child) });
    }
  }
  return undefined;
}
