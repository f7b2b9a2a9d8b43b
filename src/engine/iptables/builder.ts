/**
 * The rule builder: two ordered rule lists (IPv4, IPv6) and their rendering as the exact
 * `iptables-restore --noflush` payload. Inserts are recorded as literal `-I CHAIN N` lines; they are
 * applied by iptables-restore, not here (see kernelView.ts).
 */
import type { ConfigField } from './config.ts';

export type Family = 'v4' | 'v6';

/** One rule as the generator produced it, with why it exists. */
export interface BuiltRule {
  family: Family;
  table: string;
  chain: string;
  /** "-A" appends, "-I" inserts at `position` (1-based). */
  op: '-A' | '-I';
  position?: number;
  /** The words after the chain (and position), exactly as passed to iptables. */
  params: string[];
  /** The payload line: op, chain, [position], params joined by single spaces. */
  text: string;
  /** The generator step that emitted it, in words (for the UI). */
  step: string;
  /** The configuration fields whose values produced this rule. */
  fields: ConfigField[];
}

/** The placeholder a versioned rule replaces with its family's value. */
export const IP_VERSION_SPECIFIC = '{{IP_VERSION_SPECIFIC}}';

const BUILTIN_TARGETS = new Set(['INPUT', 'OUTPUT', 'FORWARD', 'PREROUTING', 'POSTROUTING', 'ACCEPT', 'RETURN', 'DROP']);

export function isBuiltinChain(name: string): boolean {
  return BUILTIN_TARGETS.has(name);
}

/** Upper bound on rules per family, so a hostile config cannot build an unbounded payload. */
export const MAX_RULES = 50_000;

export interface RuleBuilder {
  readonly v4: BuiltRule[];
  readonly v6: BuiltRule[];
  /** Set when MAX_RULES was hit; later rules are dropped. */
  truncated: boolean;
  append(step: string, fields: ConfigField[], chain: string, table: string, ...params: string[]): void;
  appendV4(step: string, fields: ConfigField[], chain: string, table: string, ...params: string[]): void;
  appendV6(step: string, fields: ConfigField[], chain: string, table: string, ...params: string[]): void;
  insert(step: string, fields: ConfigField[], chain: string, table: string, position: number, ...params: string[]): void;
  insertV4(step: string, fields: ConfigField[], chain: string, table: string, position: number, ...params: string[]): void;
  insertV6(step: string, fields: ConfigField[], chain: string, table: string, position: number, ...params: string[]): void;
  /** Appends to both families, the placeholder replaced by v4Value / v6Value. */
  appendVersioned(step: string, fields: ConfigField[], v4Value: string, v6Value: string, chain: string, table: string, ...params: string[]): void;
}

export function createRuleBuilder(enableIPv6: boolean): RuleBuilder {
  const b: RuleBuilder = {
    v4: [],
    v6: [],
    truncated: false,
    append(step, fields, chain, table, ...params) {
      add('v4', step, fields, chain, table, undefined, params);
      add('v6', step, fields, chain, table, undefined, params);
    },
    appendV4: (step, fields, chain, table, ...params) => add('v4', step, fields, chain, table, undefined, params),
    appendV6: (step, fields, chain, table, ...params) => add('v6', step, fields, chain, table, undefined, params),
    insert(step, fields, chain, table, position, ...params) {
      add('v4', step, fields, chain, table, position, params);
      add('v6', step, fields, chain, table, position, params);
    },
    insertV4: (step, fields, chain, table, position, ...params) => add('v4', step, fields, chain, table, position, params),
    insertV6: (step, fields, chain, table, position, ...params) => add('v6', step, fields, chain, table, position, params),
    appendVersioned(step, fields, v4Value, v6Value, chain, table, ...params) {
      add('v4', step, fields, chain, table, undefined, params.map((p) => (p === IP_VERSION_SPECIFIC ? v4Value : p)));
      add('v6', step, fields, chain, table, undefined, params.map((p) => (p === IP_VERSION_SPECIFIC ? v6Value : p)));
    },
  };
  function add(family: Family, step: string, fields: ConfigField[], chain: string, table: string, position: number | undefined, params: string[]) {
    if (family === 'v6' && !enableIPv6) return;
    const list = family === 'v4' ? b.v4 : b.v6;
    if (list.length >= MAX_RULES) {
      b.truncated = true;
      return;
    }
    const op = position === undefined ? '-A' : '-I';
    const head = position === undefined ? [op, chain] : [op, chain, String(position)];
    list.push({ family, table, chain, op, position, params, text: [...head, ...params].join(' '), step, fields });
  }
  return b;
}

/** Renders one family's rules as the iptables-restore input istio-iptables pipes in. */
export function renderRestore(rules: readonly BuiltRule[]): string {
  return renderRestoreWithLines(rules).text;
}

/** The payload, and for each rule (same index) the 1-based payload line it became. */
export function renderRestoreWithLines(rules: readonly BuiltRule[]): { text: string; lineOf: number[] } {
  interface TableOut {
    chains: string[];
    declared: Set<string>;
    lines: string[];
  }
  const tables = new Map<string, TableOut>();
  const table = (name: string) => {
    let t = tables.get(name);
    if (!t) tables.set(name, (t = { chains: [], declared: new Set(), lines: [] }));
    return t;
  };
  for (const name of ['filter', 'nat', 'mangle']) table(name);

  for (const r of rules) {
    const t = table(r.table);
    if (!isBuiltinChain(r.chain) && !t.declared.has(r.chain)) {
      t.declared.add(r.chain);
      t.chains.push(r.chain);
    }
  }
  // A jump to a chain that no rule lives in still needs the chain declared.
  for (const r of rules) {
    const n = r.params.length;
    if (n < 2 || r.params[n - 2] !== '-j') continue;
    const target = r.params[n - 1];
    const t = table(r.table);
    if (!isBuiltinChain(target) && !t.declared.has(target)) {
      t.declared.add(target);
      t.chains.push(target);
    }
  }
  const indexInTable: number[] = rules.map((r) => table(r.table).lines.push(r.text) - 1);

  let out = '';
  let line = 0;
  const firstRuleLine = new Map<string, number>();
  for (const name of [...tables.keys()].sort()) {
    const t = tables.get(name)!;
    if (t.lines.length === 0 && t.chains.length === 0) continue;
    out += `* ${name}\n`;
    for (const c of t.chains) out += `-N ${c}\n`;
    firstRuleLine.set(name, line + 2 + t.chains.length);
    for (const l of t.lines) out += `${l}\n`;
    out += 'COMMIT\n';
    line += 2 + t.chains.length + t.lines.length;
  }
  return { text: out, lineOf: rules.map((r, i) => firstRuleLine.get(r.table)! + indexInTable[i]) };
}
