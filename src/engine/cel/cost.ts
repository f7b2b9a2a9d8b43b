/**
 * cel-go's runtime cost, counted while cel-js evaluates, so an expression is stopped where the API
 * server stops it ("operation cancelled: actual cost limit exceeded") instead of running for minutes
 * or filling memory. cel-go charges each step it takes (interpreter/runtimecost.go):
 *
 * | step | cost |
 * |---|---|
 * | a constant | 0 |
 * | a variable, a field select, an index | 1 |
 * | `&&`, `\|\|`, `?:` | 0 (only their operands cost) |
 * | a function or operator call | 1, except: `==`/`!=`/`<`… on strings ⌈min(len)×0.1⌉, string `+` ⌈(m+n)×0.1⌉, `in` a list its length, `startsWith`/`endsWith` ⌈len×0.1⌉, `contains` ⌈len×0.1⌉×⌈len(sub)×0.1⌉, `matches` ⌈(1+len)×0.1⌉×⌈len(re)×0.25⌉ |
 * | a list literal / a map literal | 10 / 30 |
 * | a comprehension (`all`, `exists`, `exists_one`, `map`, `filter`) | what cel-go's macro expansion costs: per element 3 (`all`), 4 (`exists`), 1 (+1 when counted, `exists_one`), 1 (+11 when appended, `map`/`filter`); 10 for the `[]` a `map`/`filter` starts from; 1 (2 for `exists_one`) for the result |
 *
 * cel-js's tree is not cel-go's, so each cel-js node is costed as the cel-go step it stands for;
 * comprehension bookkeeping (cel-js's accumulator nodes) is costed as cel-go's expansion. Kubernetes'
 * own library functions (quantity, url, ...) are not in cel-js, so they are not costed here either.
 */
import { calledName, callOperands, isNode, type CelNode } from './ast.ts';

/** Thrown (and, since cel-js may catch errors inside `||`/`all`, also flagged) when the limit is passed. */
export class CostLimitExceeded extends Error {
  constructor() {
    super('operation cancelled: actual cost limit exceeded');
  }
}

interface Meter {
  cost: number;
  limit: number;
  exceeded: boolean;
  /** The cost when the limit was first passed (cel-go stops right there; cel-js may unwind a while). */
  stoppedAt: number;
  /** The last value each node produced, for the sizes a call's cost depends on. */
  last: Map<CelNode, unknown>;
}

/** The evaluation being metered (cel-js is synchronous: one at a time; a nested one restores it). */
let meter: Meter | undefined;

const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);
type MacroKind = 'all' | 'exists' | 'exists_one' | 'map' | 'filter';

/** What a comprehension costs besides its operands, by macro: per step, at start and for its result. */
// (The `[]` a map or filter starts from is a list node of its own, costed as any list literal.)
const COMPREHENSION: Record<MacroKind, { step: number; result: number }> = {
  all: { step: 3, result: 1 },
  exists: { step: 4, result: 1 },
  exists_one: { step: 1, result: 2 },
  map: { step: 1, result: 1 },
  filter: { step: 1, result: 1 },
};

const instrumented = new WeakSet<CelNode>();

/** A node's cost once it has run: a constant, or computed from its operands' values. */
type Cost = number | ((m: Meter) => number);

/** Wraps every node's evaluation so a metered run charges it; unmetered runs are untouched. */
export function instrument(nodes: CelNode[]): void {
  const stepExtra = new Map<CelNode, number>();
  const comprehensionKind = new Map<CelNode, MacroKind>();
  for (const n of nodes) {
    const name = calledName(n);
    const alt = n.meta.alternate;
    if (n.op === 'rcall' && name && MACROS.has(name) && alt?.op === 'comprehension') {
      const kind = name as MacroKind;
      comprehensionKind.set(alt, kind);
      const step = (alt.args as { step?: unknown }).step;
      if (isNode(step)) stepExtra.set(step, COMPREHENSION[kind].step);
    }
  }
  // Only the operands of size-dependent calls need their values kept.
  const costs = new Map<CelNode, Cost>();
  const recorded = new Set<CelNode>();
  for (const n of nodes) {
    const kind = comprehensionKind.get(n);
    const c = kind ? COMPREHENSION[kind].result : stepCost(n, recorded);
    const extra = stepExtra.get(n) ?? 0;
    costs.set(n, typeof c === 'number' ? c + extra : (m) => c(m) + extra);
  }
  for (const n of nodes) {
    if (instrumented.has(n)) continue;
    instrumented.add(n);
    const cost = costs.get(n)!;
    const record = recorded.has(n);
    n.evaluate = function metered(ev, _ast, ctx) {
      const meta = n.meta;
      const value = meta.alternate
        ? meta.alternate.evaluate(ev, meta.alternate, ctx)
        : meta.macro
          ? (meta.macro as { evaluate: (ev: unknown, m: object, ctx: unknown) => unknown }).evaluate(ev, meta.macro, ctx)
          : (meta.evaluate as (ev: unknown, ast: CelNode, ctx: unknown) => unknown)(ev, n, ctx);
      const m = meter;
      if (m) {
        if (record) m.last.set(n, value);
        charge(m, typeof cost === 'number' ? cost : cost(m));
      }
      return value;
    };
  }
}

function charge(m: Meter, units: number): void {
  m.cost += units;
  if (m.cost > m.limit) {
    if (!m.exceeded) m.stoppedAt = m.cost;
    m.exceeded = true;
    throw new CostLimitExceeded();
  }
}

/** cel-go's Size(): code points of a string, bytes, list items, map entries; 1 for the rest. */
function size(v: unknown): number {
  if (typeof v === 'string') {
    let n = 0;
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c < 0xd800 || c > 0xdbff) n++;
    }
    return n;
  }
  if (v instanceof Uint8Array || Array.isArray(v)) return v.length;
  if (v instanceof Map || v instanceof Set) return v.size;
  if (v && typeof v === 'object') return Object.keys(v).length;
  return 1;
}

const tenth = (n: number) => Math.ceil(n * 0.1);

/** The cost of one node's step, as cel-go charges the step it stands for (see the table above). */
function stepCost(n: CelNode, recorded: Set<CelNode>): Cost {
  const operands = n.op === 'call' || n.op === 'rcall' ? callOperands(n) : Array.isArray(n.args) ? (n.args as unknown[]).filter(isNode) : [];
  /** The value operand i produced in this run (its node is recorded from now on). */
  const operand = (i: number): ((m: Meter) => unknown) => {
    const node = operands[i];
    if (!node) return () => undefined;
    recorded.add(node);
    return (m) => m.last.get(node);
  };
  switch (n.op) {
    case 'value': case '&&': case '||': case '?:': case 'accuValue': case 'comprehension': return 0;
    case 'id': case '.': case '.?': case '[]': case '[?]': return 1;
    case 'list': return 10;
    case 'map': return 30;
    case 'accuPush': return 11; // cel-go's `__result__ + [x]`: the one-element list and the `+`
    case 'accuInc': return 1; // cel-go's `__result__ + 1`
    case '==': case '!=': case '<': case '<=': case '>': case '>=': {
      const [a, b] = [operand(0), operand(1)];
      return (m) => Math.max(1, tenth(Math.min(size(a(m)), size(b(m)))));
    }
    case '+': {
      const [a, b] = [operand(0), operand(1)];
      return (m) => {
        const x = a(m);
        const y = b(m);
        if ((typeof x === 'string' && typeof y === 'string') || (x instanceof Uint8Array && y instanceof Uint8Array)) return tenth(size(x) + size(y));
        return 1;
      };
    }
    case 'in': {
      const list = operand(1);
      return (m) => {
        const l = list(m);
        return Array.isArray(l) ? l.length : 1;
      };
    }
    case 'call': case 'rcall': {
      if (n.meta.alternate || n.meta.macro) return 0; // a macro: its expansion is costed
      switch (calledName(n)) {
        case 'startsWith': case 'endsWith': {
          const s = operand(0);
          return (m) => tenth(size(s(m)));
        }
        case 'contains': {
          const [s, sub] = [operand(0), operand(1)];
          return (m) => tenth(size(s(m))) * tenth(size(sub(m)));
        }
        case 'matches__re2': {
          const [s, re] = [operand(0), operand(1)];
          return (m) => tenth(1 + size(s(m))) * Math.ceil(size(re(m)) * 0.25);
        }
        default: return 1;
      }
    }
    default: return 1;
  }
}

export interface CostedResult {
  /** The expression's value (absent when it failed or was stopped). */
  value?: unknown;
  /** Its error, when it failed; a CostLimitExceeded when the limit stopped it. */
  error?: unknown;
  /** cel-go's actual cost of the run (a little past the limit when stopped). */
  cost: number;
  exceeded: boolean;
}

/** Runs `run` with every step charged; stops it once the cost passes `limit`. */
export function evaluateWithCost(run: () => unknown, limit: number): CostedResult {
  const saved = meter;
  const m: Meter = { cost: 0, limit, exceeded: false, stoppedAt: 0, last: new Map() };
  meter = m;
  try {
    const value = run();
    if (m.exceeded) return { error: new CostLimitExceeded(), cost: m.stoppedAt, exceeded: true };
    return { value, cost: m.cost, exceeded: false };
  } catch (error) {
    if (m.exceeded) return { error: new CostLimitExceeded(), cost: m.stoppedAt, exceeded: true };
    return { error, cost: m.cost, exceeded: false };
  } finally {
    meter = saved;
  }
}
