/**
 * What the kernel holds after `nft -f` loads a program (one transaction) into a fresh network
 * namespace: tables and chains created once (a second `add` is a no-op), `flush table` empties
 * every chain of the table, `insert rule ... index N` goes before the rule now at index N (which
 * must exist), `add rule ... index N` after it. Names resolve through the machine's tables, jumps
 * must reach a chain of the same table and never loop, statements only where the kernel takes them.
 * Refusals become diagnostics and the offending operation is left out (the real transaction would
 * fail as a whole, which the message says).
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import { findJumpLoop, type Loaded, type Refusal } from '../iptables/load.ts';
import type { Chain, KernelRule, MachineContext, Match, NamedSet, Op, Program, Rule, Statement, Table, TableFamily } from '../model.ts';
import { parseIdRange } from '../values.ts';
import { priorityName } from '../priority.ts';
import { listText } from './spell.ts';

export const MAX_RULES = 50_000;

export interface NftLoadOptions {
  machine?: MachineContext;
  input?: string;
  origin?: string;
}

interface TableState {
  name: string;
  family: TableFamily;
  chains: Map<string, Chain>;
  sets: Map<string, NamedSet>;
}

export function loadNft(program: Program, options: NftLoadOptions = {}): Loaded {
  const diagnostics: Diagnostic[] = [];
  const origin = options.origin ?? 'nftables';
  const tables = new Map<string, TableState>();
  const key = (family: string, name: string) => `${family} ${name}`;
  let ruleCount = 0;
  let refused: Refusal | undefined;
  const refuse = (op: Op, message: string) => {
    refused ??= { line: op.src?.line, message };
    failed = true;
    const where = op.src ? { input: options.input ?? 'script', line: op.src.line, column: 1 } : undefined;
    diagnostics.push(diagnostic(origin, 'error', `nft${op.src ? ` line ${op.src.line}` : ''}: ${message}`, where));
  };

  let failed = false;
  program.ops.forEach((op, index) => {
    if (op.op === 'invalid') {
      refused ??= { line: op.src?.line, message: op.message };
      failed = true;
      return;
    }
    if (op.op === 'commit') return;
    if (op.op === 'table') {
      if (!tables.has(key(op.family, op.table))) tables.set(key(op.family, op.table), { name: op.table, family: op.family, chains: new Map(), sets: new Map() });
      return;
    }
    const t = tables.get(key(op.family, op.table));
    if (!t) return refuse(op, `table ${op.family} ${op.table} does not exist`);
    switch (op.op) {
      case 'deleteTable':
        tables.delete(key(op.family, op.table));
        return;
      case 'flushTable':
        for (const c of t.chains.values()) c.rules = [];
        return;
      case 'chain': {
        const existing = t.chains.get(op.chain);
        if (existing) {
          if (op.base && (!existing.base || existing.base.hook !== op.base.hook || existing.base.type !== op.base.type)) refuse(op, `chain ${op.chain} exists with another type or hook`);
          return;
        }
        if (op.base) {
          const problem = baseChainProblem(op.base.type, op.base.hook, t.family);
          if (problem) return refuse(op, problem);
        }
        const b = op.base;
        t.chains.set(op.chain, { name: op.chain, ...(b ? { base: { type: b.type, hook: b.hook, priority: b.priority, priorityName: priorityName(b.priority, b.hook, t.family), policy: op.policy ?? b.policy ?? 'accept' } } : {}), rules: [] });
        return;
      }
      case 'policy': {
        const c = t.chains.get(op.chain);
        if (!c?.base) return refuse(op, `only base chains have a policy ("${op.chain}")`);
        c.base = { ...c.base, policy: op.policy };
        return;
      }
      case 'flushChain':
        for (const c of t.chains.values()) if (!op.chain || c.name === op.chain) c.rules = [];
        return;
      case 'deleteChain':
        if (op.chain) t.chains.delete(op.chain);
        return;
      case 'set':
        t.sets.set(op.set.name, { ...op.set, elements: [...(op.set.elements ?? [])] });
        return;
      case 'element': {
        const s = t.sets.get(op.set);
        if (!s) return refuse(op, `set ${op.set} does not exist`);
        s.elements.push(...op.elements);
        return;
      }
      case 'rule': {
        const chain = t.chains.get(op.chain);
        if (!chain) return refuse(op, `chain ${op.chain} does not exist in table ${t.family} ${t.name}`);
        if (++ruleCount > MAX_RULES) {
          if (ruleCount === MAX_RULES + 1) refuse(op, `more than ${MAX_RULES} rules; the rest are left out`);
          return;
        }
        let position = chain.rules.length;
        if (op.at !== undefined) {
          if (op.at < 0 || op.at >= chain.rules.length) return refuse(op, `there is no rule at index ${op.at} of chain ${op.chain} (it holds ${chain.rules.length}): Could not process rule: No such file or directory`);
          position = op.insert ? op.at : op.at + 1;
        } else if (op.insert) position = 0;
        const resolved = resolve(op.rule, options.machine ?? {}, t, (m) => refuse(op, m));
        if (!resolved) return;
        const kr: KernelRule = { ...resolved, op: index, kernelText: listText(resolved) };
        if (op.src) kr.src = op.src;
        chain.rules.splice(position, 0, kr);
        return;
      }
    }
  });

  const out: Table[] = [];
  for (const t of tables.values()) {
    for (const c of t.chains.values()) {
      c.rules = c.rules.filter((r) => {
        for (const s of r.statements) {
          if (s.kind !== 'jump') continue;
          const target = t.chains.get(s.chain);
          const why = !target ? `chain ${s.chain} does not exist in table ${t.family} ${t.name}` : target.base ? `a rule cannot jump to the base chain ${s.chain}` : undefined;
          if (why) {
            failed = true;
            diagnostics.push(diagnostic(origin, 'error', `nft${r.src ? ` line ${r.src.line}` : ''}: ${why}`, r.src ? { input: options.input ?? 'script', line: r.src.line, column: 1 } : undefined));
            return false;
          }
        }
        return true;
      });
    }
    const loop = findJumpLoop(t.chains);
    if (loop) {
      failed = true;
      refused ??= { message: `the chains of table ${t.family} ${t.name} jump in a loop` };
      diagnostics.push(diagnostic(origin, 'error', `the chains of table ${t.family} ${t.name} jump in a loop (${loop.join(' -> ')}); the kernel refuses it (ELOOP)`));
      continue;
    }
    for (const p of hookProblems(t)) {
      refused ??= { message: p };
      failed = true;
      diagnostics.push(diagnostic(origin, 'error', `nft: ${p}`));
    }
    out.push({ name: t.name, family: t.family, chains: [...t.chains.values()], sets: [...t.sets.values()] });
  }
  // One transaction: when nft refuses any of it, the kernel gets none of it.
  if (failed) {
    diagnostics.push(diagnostic(origin, 'warning', 'nft -f applies a script as one transaction: because part of it is refused, none of it is loaded'));
    return { ruleset: { backend: 'nftables', tables: [] }, diagnostics, refused: refused ?? { message: 'the script was refused' } };
  }
  return { ruleset: { backend: 'nftables', tables: out }, diagnostics };
}

function baseChainProblem(type: string, hook: string, family: TableFamily): string | undefined {
  if (type === 'route' && hook !== 'output') return 'a route chain can only hook output';
  if (type === 'nat' && hook === 'forward') return 'a nat chain cannot hook forward';
  void family;
  return undefined;
}

/** Statements the kernel takes only at some hooks or chain types, checked through every jump. */
function hookProblems(t: TableState): string[] {
  const problems: string[] = [];
  for (const base of t.chains.values()) {
    if (!base.base) continue;
    const seen = new Set<string>();
    const stack = [base.name];
    while (stack.length) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const c = t.chains.get(name);
      for (const r of c?.rules ?? []) {
        for (const s of r.statements) {
          if (s.kind === 'jump') stack.push(s.chain);
          const nat = s.kind === 'redirect' || s.kind === 'dnat' || s.kind === 'snat' || s.kind === 'masquerade';
          if (nat && base.base.type !== 'nat') problems.push(`${s.kind} in chain ${name} is reached from ${base.name}, which is not a nat chain: Operation not supported`);
          if (s.kind === 'tproxy' && base.base.hook !== 'prerouting') problems.push(`tproxy in chain ${name} is reached from ${base.name} (hook ${base.base.hook}); tproxy works in prerouting only: Operation not supported`);
        }
      }
    }
  }
  return [...new Set(problems)];
}

/** Owner names become numbers, set lookups need their set, values must read. */
function resolve(rule: Rule, machine: MachineContext, t: TableState, refuse: (message: string) => void): Rule | undefined {
  let ok = true;
  const fix = (m: Match): Match => {
    if (m.kind === 'owner' && !m.id.value) {
      const table = m.which === 'uid' ? machine.users : machine.groups;
      const id = table?.[m.id.text.trim()];
      const range = id === undefined ? undefined : parseIdRange(String(id));
      if (!range) {
        ok = false;
        refuse(`${m.which === 'uid' ? 'user' : 'group'} "${m.id.text}" is unknown on this machine`);
        return m;
      }
      return { ...m, id: { text: m.id.text, value: range } };
    }
    if (m.kind === 'port' && m.ports.some((p) => !p.value)) {
      ok = false;
      refuse(`"${m.ports.find((p) => !p.value)!.text}" is not a port`);
    }
    if (m.kind === 'addr' && m.prefixes.some((p) => !p.value)) {
      ok = false;
      refuse(`"${m.prefixes.find((p) => !p.value)!.text}" is not an ${m.family === 'ipv6' ? 'IPv6' : 'IPv4'} address or network`);
    }
    if (m.kind === 'mark' && !m.mark.value) {
      ok = false;
      refuse(`"${m.mark.text}" is not a mark`);
    }
    if (m.kind === 'ctstate' && !m.states.value) {
      ok = false;
      refuse(`"${m.states.text}" is not a conntrack state`);
    }
    if (m.kind === 'set' && !t.sets.has(m.name)) {
      ok = false;
      refuse(`set ${m.name} does not exist in table ${t.family} ${t.name}`);
    }
    if ((m.kind === 'addr' || m.kind === 'set') && m.family && t.family !== 'inet' && (t.family === 'ip') !== (m.family === 'ipv4')) {
      ok = false;
      refuse(`an ${m.family === 'ipv4' ? 'ip' : 'ip6'} match in a table of family ${t.family}`);
    }
    return m;
  };
  const matches = rule.matches.map(fix);
  const statements = rule.statements.map((s): Statement => (s.kind === 'test' ? { ...s, match: fix(s.match) } : s));
  for (const s of statements) {
    if ((s.kind === 'redirect' || s.kind === 'dnat' || s.kind === 'snat') && s.port && !s.port.value) {
      ok = false;
      refuse(`"${s.port.text}" is not a port`);
    }
    if ((s.kind === 'dnat' || s.kind === 'snat') && s.addr && !s.addr.value) {
      ok = false;
      refuse(`"${s.addr.text}" is not an address`);
    }
    if (s.kind === 'tproxy' && (s.port?.value === undefined || (s.addr && !s.addr.value))) {
      ok = false;
      refuse('tproxy needs a valid address and port');
    }
    if (s.kind === 'ctZone' && s.zone.value === undefined) {
      ok = false;
      refuse(`"${s.zone.text}" is not a conntrack zone`);
    }
  }
  return ok ? { ...rule, matches, statements } : undefined;
}
