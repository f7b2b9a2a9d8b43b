/**
 * istio-iptables' rule builder: two ordered lists of typed rules (IPv4, IPv6) and, from them, the
 * program its restore rendering writes — tables in sorted name order (`filter`, `mangle`, `nat`,
 * `raw`), each with `-N` lines for the chains first seen in it (then for jump targets not yet
 * declared), its rule lines in the order they were added, and `COMMIT`. Inserts stay literal
 * `-I CHAIN N` operations; iptables-restore applies them (netfilter/iptables/load.ts).
 */
import type { Match, Op, Program, Rule, Statement } from '../netfilter/index.ts';
import type { ConfigField } from './config.ts';

export type Family = 'v4' | 'v6';

/** One rule as the generator produced it, with why it exists. */
export interface BuiltRule {
  family: Family;
  table: string;
  chain: string;
  /** 1-based position of an `-I` insert; absent for `-A`. */
  position?: number;
  rule: Rule;
  /** The generator step that emitted it, in words (for the UI). */
  step: string;
  /** The configuration fields whose values produced this rule. */
  fields: ConfigField[];
}

const BUILTIN_TARGETS = new Set(['INPUT', 'OUTPUT', 'FORWARD', 'PREROUTING', 'POSTROUTING', 'ACCEPT', 'RETURN', 'DROP']);

export function isBuiltinChain(name: string): boolean {
  return BUILTIN_TARGETS.has(name);
}

/** Upper bound on rules per family, so a hostile config cannot build an unbounded payload. */
export const MAX_RULES = 50_000;

type Body = [Match[], Statement?];

export interface RuleBuilder {
  readonly v4: BuiltRule[];
  readonly v6: BuiltRule[];
  /** Set when MAX_RULES was hit; later rules are dropped. */
  truncated: boolean;
  append(step: string, fields: ConfigField[], chain: string, table: string, ...body: Body): void;
  appendV4(step: string, fields: ConfigField[], chain: string, table: string, ...body: Body): void;
  appendV6(step: string, fields: ConfigField[], chain: string, table: string, ...body: Body): void;
  insert(step: string, fields: ConfigField[], chain: string, table: string, position: number, ...body: Body): void;
  insertV4(step: string, fields: ConfigField[], chain: string, table: string, position: number, ...body: Body): void;
  insertV6(step: string, fields: ConfigField[], chain: string, table: string, position: number, ...body: Body): void;
  /** Appends to both families, the family's value (e.g. its loopback CIDR) handed to `make`. */
  appendVersioned(step: string, fields: ConfigField[], v4Value: string, v6Value: string, chain: string, table: string, make: (value: string, family: Family) => Body): void;
}

export function createRuleBuilder(enableIPv6: boolean): RuleBuilder {
  const b: RuleBuilder = {
    v4: [],
    v6: [],
    truncated: false,
    append(step, fields, chain, table, ...body) {
      add('v4', step, fields, chain, table, undefined, body);
      add('v6', step, fields, chain, table, undefined, body);
    },
    appendV4: (step, fields, chain, table, ...body) => add('v4', step, fields, chain, table, undefined, body),
    appendV6: (step, fields, chain, table, ...body) => add('v6', step, fields, chain, table, undefined, body),
    insert(step, fields, chain, table, position, ...body) {
      add('v4', step, fields, chain, table, position, body);
      add('v6', step, fields, chain, table, position, body);
    },
    insertV4: (step, fields, chain, table, position, ...body) => add('v4', step, fields, chain, table, position, body),
    insertV6: (step, fields, chain, table, position, ...body) => add('v6', step, fields, chain, table, position, body),
    appendVersioned(step, fields, v4Value, v6Value, chain, table, make) {
      add('v4', step, fields, chain, table, undefined, make(v4Value, 'v4'));
      if (enableIPv6) add('v6', step, fields, chain, table, undefined, make(v6Value, 'v6'));
    },
  };
  function add(family: Family, step: string, fields: ConfigField[], chain: string, table: string, position: number | undefined, [matches, target]: Body) {
    if (family === 'v6' && !enableIPv6) return;
    const list = family === 'v4' ? b.v4 : b.v6;
    if (list.length >= MAX_RULES) {
      b.truncated = true;
      return;
    }
    const rule: Rule = { matches, statements: target ? [target] : [], origin: { why: step, settings: fields, from: [] } };
    list.push({ family, table, chain, ...(position !== undefined ? { position } : {}), rule, step, fields });
  }
  return b;
}

/**
 * The restore program istio-iptables writes for one family's rules; `opOf[i]` is the index of the
 * operation rule i became.
 */
export function restoreProgram(rules: readonly BuiltRule[], family: Family): { program: Program; opOf: number[] } {
  interface TableOut {
    chains: string[];
    declared: Set<string>;
    rules: number[];
  }
  const tables = new Map<string, TableOut>();
  const table = (name: string) => {
    let t = tables.get(name);
    if (!t) tables.set(name, (t = { chains: [], declared: new Set(), rules: [] }));
    return t;
  };
  for (const name of ['filter', 'nat', 'mangle']) table(name);
  const declare = (t: TableOut, chain: string) => {
    if (isBuiltinChain(chain) || t.declared.has(chain)) return;
    t.declared.add(chain);
    t.chains.push(chain);
  };
  for (const r of rules) declare(table(r.table), r.chain);
  // A jump to a chain that no rule lives in still needs the chain declared.
  for (const r of rules) {
    const last = r.rule.statements.at(-1);
    if (last?.kind === 'jump' && !last.goto) declare(table(r.table), last.chain);
  }
  rules.forEach((r, i) => table(r.table).rules.push(i));

  const tf = family === 'v4' ? 'ip' : 'ip6';
  const ops: Op[] = [];
  const opOf: number[] = [];
  for (const name of [...tables.keys()].sort()) {
    const t = tables.get(name)!;
    if (t.rules.length === 0 && t.chains.length === 0) continue;
    ops.push({ op: 'table', table: name, family: tf });
    for (const c of t.chains) ops.push({ op: 'chain', table: name, family: tf, chain: c });
    for (const i of t.rules) {
      const r = rules[i];
      opOf[i] = ops.length;
      ops.push({ op: 'rule', table: name, family: tf, chain: r.chain, insert: r.position !== undefined, ...(r.position !== undefined ? { at: r.position } : {}), rule: r.rule });
    }
    ops.push({ op: 'commit' });
  }
  return { program: { backend: 'iptables', family: family === 'v4' ? 'ipv4' : 'ipv6', ops }, opOf };
}
