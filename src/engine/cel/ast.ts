/**
 * A read-only view of cel-js's parse tree, for the two passes meshsim makes over it (RE2 for
 * `matches`, and cel-go's cost rules). cel-js documents its nodes only as `op` + `args`; the walk
 * below is the one place that knows their shapes, so an upgrade that changes them fails here (and
 * in this folder's tests) rather than silently.
 */

/** What meshsim reads of a cel-js AST node. */
export interface CelNode {
  op: string;
  args: unknown;
  start: number;
  end: number;
  readonly meta: { alternate?: CelNode; macro?: object; evaluate?: unknown };
  evaluate(ev: unknown, ast: CelNode, ctx: unknown): unknown;
}

export function isNode(v: unknown): v is CelNode {
  return typeof v === 'object' && v !== null && typeof (v as CelNode).op === 'string' && 'args' in v && typeof (v as CelNode).evaluate === 'function';
}

/** The child nodes of a node: its arguments (however cel-js nests them) and its macro expansion. */
export function children(node: CelNode): CelNode[] {
  const out: CelNode[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 3) return;
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
  };
  const args = node.args;
  if (node.op === 'comprehension' && args && typeof args === 'object') {
    const c = args as Record<string, unknown>;
    for (const k of ['iterable', 'init', 'condition', 'step', 'result']) if (isNode(c[k])) out.push(c[k] as CelNode);
  } else {
    visit(args, 0);
  }
  if (node.meta.alternate) out.push(node.meta.alternate);
  return out;
}

/** Every node of the tree, each once, parents before children (bounded by cel-js's node limit). */
export function allNodes(root: CelNode): CelNode[] {
  const seen = new Set<CelNode>();
  const stack = [root];
  const out: CelNode[] = [];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    out.push(n);
    for (const c of children(n).reverse()) stack.push(c);
  }
  return out;
}

/** The called function's name, for `call` (`f(x)`) and `rcall` (`x.f(y)`) nodes. */
export function calledName(node: CelNode): string | undefined {
  if ((node.op === 'call' || node.op === 'rcall') && Array.isArray(node.args) && typeof node.args[0] === 'string') return node.args[0];
  return undefined;
}

/** The argument nodes of a call, the receiver first for `x.f(y)` (as cel-go lists a member call's operands). */
export function callOperands(node: CelNode): CelNode[] {
  if (!Array.isArray(node.args)) return [];
  if (node.op === 'rcall') return [node.args[1] as CelNode, ...((node.args[2] as CelNode[]) ?? [])].filter(isNode);
  if (node.op === 'call') return ((node.args[1] as CelNode[]) ?? []).filter(isNode);
  return [];
}

/** Renames a call in place (the parse tree is cel-js's own, made for this one expression). */
export function renameCall(node: CelNode, name: string): void {
  (node.args as unknown[])[0] = name;
}
