/**
 * What the kernel holds after `iptables-restore --noflush` (nf_tables backend) loads a program into
 * a fresh network namespace: each table block is applied at its COMMIT; `-I` inserts land where
 * iptables puts them; owner names resolve through the machine's passwd/group tables; jumps must
 * reach a chain of the same table and never loop. Refusals become diagnostics (with the line when
 * the operation came from text) and the offending rule is left out.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import type { AddressFamily, Chain, KernelRule, MachineContext, Match, Op, Program, Rule, Ruleset, Statement, Table } from '../model.ts';
import { parseIdRange } from '../values.ts';
import { saveLine } from './spell.ts';
import { BUILTIN_CHAINS, builtinBase, isIptablesTable, SAVE_ORDER, type IptablesTable } from './tables.ts';

export const MAX_RULES = 50_000;

export interface LoadOptions {
  machine?: MachineContext;
  /** Input name for diagnostics. */
  input?: string;
  /** Diagnostic origin (default "iptables"). */
  origin?: string;
}

export interface Loaded {
  ruleset: Ruleset;
  diagnostics: Diagnostic[];
  /** The first line the tool refused (iptables-restore stops there; nft -f then loads nothing). */
  refused?: Refusal;
}

export interface Refusal {
  line?: number;
  message: string;
}

interface TableState {
  name: IptablesTable;
  chains: Map<string, Chain>;
}

export function loadIptables(program: Program, options: LoadOptions = {}): Loaded {
  const family: AddressFamily = program.family ?? 'ipv4';
  const diagnostics: Diagnostic[] = [];
  const origin = options.origin ?? 'iptables';
  const tool = family === 'ipv6' ? 'ip6tables-restore' : 'iptables-restore';
  const committed = new Map<IptablesTable, TableState>();
  let open: TableState | undefined;
  let ruleCount = 0;
  /** iptables-restore stops at the first line it refuses: what was committed stays, nothing after is applied. */
  let stopped = false;
  const stopNote = (op: Op) => `${tool} stops ${op.src ? `at line ${op.src.line}` : 'there'}: the tables committed before stay, nothing after is applied`;
  let refused: Refusal | undefined;
  const refuse = (op: Op, message: string) => {
    refused ??= { line: op.src?.line, message };
    const where = op.src ? { input: options.input ?? 'payload', line: op.src.line, column: 1 } : undefined;
    diagnostics.push(diagnostic(origin, 'error', `${tool}${op.src ? ` line ${op.src.line}` : ''}: ${message}; ${stopNote(op)}`, where));
    stopped = true;
  };
  const fresh = (name: IptablesTable): TableState => ({
    name,
    chains: new Map(BUILTIN_CHAINS[name].map((c) => [c, { name: c, base: builtinBase(name, c), rules: [] }])),
  });
  const clone = (t: TableState): TableState => ({ name: t.name, chains: new Map([...t.chains].map(([k, c]) => [k, { ...c, rules: [...c.rules] }])) });

  program.ops.forEach((op, index) => {
    if (stopped) return;
    if (op.op === 'invalid') {
      refused ??= { line: op.src?.line, message: op.message };
      // The line's own problem was reported where it was read; here is what it means for the load.
      const where = op.src ? { input: options.input ?? 'payload', line: op.src.line, column: 1 } : undefined;
      diagnostics.push(diagnostic(origin, 'warning', stopNote(op), where));
      stopped = true;
      open = undefined;
      return;
    }
    if (op.op === 'table') {
      if (!isIptablesTable(op.table)) return refuse(op, `unknown table "${op.table}"`);
      const existing = committed.get(op.table);
      open = existing ? clone(existing) : fresh(op.table);
      return;
    }
    if (op.op === 'commit') {
      if (open) commitTable(open, op);
      open = undefined;
      return;
    }
    if (stopped) return;
    if (!open) return refuse(op, 'an operation outside of a table block');
    const refuseHere = (message: string) => {
      refuse(op, message);
      open = undefined;
    };
    const t = open;
    switch (op.op) {
      case 'chain': {
        if (t.chains.has(op.chain)) {
          if (!op.src?.text.startsWith(':')) refuseHere(`chain ${op.chain} already exists in table ${t.name}`);
          return;
        }
        t.chains.set(op.chain, { name: op.chain, rules: [] });
        return;
      }
      case 'policy': {
        const c = t.chains.get(op.chain);
        if (!c?.base) return refuseHere(`only built-in chains have a policy ("${op.chain}")`);
        c.base = { ...c.base, policy: op.policy };
        return;
      }
      case 'flushChain':
        for (const c of t.chains.values()) if (!op.chain || c.name === op.chain) c.rules = [];
        return;
      case 'deleteChain': {
        const victims = op.chain ? [op.chain] : [...t.chains.values()].filter((c) => !c.base).map((c) => c.name);
        for (const name of victims) {
          const c = t.chains.get(name);
          if (!c) refuseHere(`chain ${name} does not exist`);
          else if (c.base) refuseHere(`built-in chain ${name} cannot be deleted`);
          else t.chains.delete(name);
        }
        return;
      }
      case 'rule': {
        const chain = t.chains.get(op.chain);
        if (!chain) return refuseHere(`chain "${op.chain}" does not exist in table ${t.name}`);
        if (++ruleCount > MAX_RULES) {
          if (ruleCount === MAX_RULES + 1) refuseHere(`more than ${MAX_RULES} rules`);
          return;
        }
        let position = chain.rules.length;
        if (op.insert) {
          const at = op.at ?? 1;
          if (at < 1 || at > chain.rules.length + 1) {
            return refuseHere(`index of insertion too big: ${at} (chain ${op.chain} holds ${chain.rules.length} rule${chain.rules.length === 1 ? '' : 's'})`);
          }
          position = at - 1;
        }
        const resolved = resolveRule(op.rule, options.machine ?? {}, (m) => refuse(op, m));
        if (!resolved) {
          open = undefined;
          return;
        }
        const problem = targetProblem(t.name, op.chain, resolved);
        if (problem) return refuseHere(problem);
        const kr: KernelRule = { ...resolved, op: index, kernelText: saveLine(op.chain, resolved, family) };
        if (op.src) kr.src = op.src;
        chain.rules.splice(position, 0, kr);
        return;
      }
      default:
        return refuseHere(`"${op.op}" is not an iptables-restore command`);
    }
  });
  if (open && !stopped) diagnostics.push(diagnostic(origin, 'error', `${tool}: table ${(open as TableState).name} has no COMMIT line, so none of its rules were applied`));

  function commitTable(t: TableState, op: Op): void {
    // Jumps must reach a chain of this table; a chain cannot jump in a loop. Either refuses the table.
    for (const c of t.chains.values()) {
      for (const r of c.rules) {
        const j = r.statements.find((s): s is Extract<Statement, { kind: 'jump' }> => s.kind === 'jump');
        if (!j) continue;
        const target = t.chains.get(j.chain);
        const why = !target ? `chain "${j.chain}" does not exist in table ${t.name}` : target.base ? `a rule cannot jump to the built-in chain ${j.chain}` : j.chain === c.name ? `chain ${c.name} jumps to itself` : undefined;
        if (why) return refuse(r.src ? ({ ...op, src: r.src } as Op) : op, why);
      }
    }
    const loop = findJumpLoop(t.chains);
    if (loop) return refuse(op, `the chains of table ${t.name} jump in a loop (${loop.join(' -> ')}); the kernel refuses the table (ELOOP)`);
    committed.set(t.name, t);
  }

  const tables: Table[] = [...committed.values()]
    .sort((a, b) => SAVE_ORDER.indexOf(a.name) - SAVE_ORDER.indexOf(b.name))
    .map((t) => {
      const builtins = BUILTIN_CHAINS[t.name].map((c) => t.chains.get(c)!);
      const users = [...t.chains.values()].filter((c) => !c.base).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { name: t.name, family: family === 'ipv4' ? 'ip' : 'ip6', chains: [...builtins, ...users], sets: [] };
    });
  return { ruleset: { backend: 'iptables', family, tables }, diagnostics, ...(refused ? { refused } : {}) };
}

/** Owner names become numbers through the machine's tables, as iptables resolves them when loading. */
function resolveRule(rule: Rule, machine: MachineContext, refuse: (message: string) => void): Rule | undefined {
  let ok = true;
  let named = false;
  for (const m of rule.matches) {
    switch (m.kind) {
      case 'owner':
        if (!m.id.value) named = true;
        break;
      case 'port':
        if (m.ports.some((p) => !p.value)) {
          ok = false;
          refuse(`invalid port/service "${m.ports.find((p) => !p.value)!.text}" specified`);
        }
        break;
      case 'mark':
        if (!m.mark.value) {
          ok = false;
          refuse(`bad mark value "${m.mark.text}"`);
        }
        break;
      case 'addr':
        if (m.prefixes.some((p) => !p.value)) {
          ok = false;
          refuse(`host/network "${m.prefixes.find((p) => !p.value)!.text}" not found`);
        }
        break;
      case 'l4proto':
        if (m.proto.value === undefined) {
          ok = false;
          refuse(`unknown protocol "${m.proto.text}" specified`);
        }
        break;
    }
  }
  for (const s of rule.statements) {
    if ((s.kind === 'redirect' || s.kind === 'dnat' || s.kind === 'snat') && s.port && !s.port.value) {
      ok = false;
      refuse(`invalid port "${s.port.text}"`);
    }
    if (s.kind === 'tproxy' && (s.port?.value === undefined || (s.mark && !s.mark.value))) {
      ok = false;
      refuse(s.port?.value === undefined ? `TPROXY needs a valid --on-port ("${s.port?.text ?? ''}")` : `bad --tproxy-mark "${s.mark!.text}"`);
    }
    if (s.kind === 'ctZone' && s.zone.value === undefined) {
      ok = false;
      refuse(`"${s.zone.text}" is not a conntrack zone`);
    }
  }
  if (!named) return ok ? rule : undefined;
  const matches = rule.matches.map((m): Match => {
    if (m.kind !== 'owner' || m.id.value) return m;
    const table = m.which === 'uid' ? machine.users : machine.groups;
    const id = table?.[m.id.text.trim()];
    const range = id === undefined ? undefined : parseIdRange(String(id));
    if (!range) {
      ok = false;
      refuse(`${m.which === 'uid' ? 'user' : 'group'} "${m.id.text}" is unknown on this machine (iptables needs a number or a name it can look up)`);
      return m;
    }
    return { ...m, id: { text: m.id.text, value: range } };
  });
  return ok ? { ...rule, matches } : undefined;
}

/** The tables (and hooks) the kernel accepts each target in. */
function targetProblem(table: IptablesTable, chain: string, rule: Rule): string | undefined {
  for (const s of rule.statements) {
    if ((s.kind === 'redirect' || s.kind === 'dnat' || s.kind === 'snat' || s.kind === 'masquerade') && table !== 'nat') {
      return `the ${s.kind.toUpperCase()} target is only valid in the nat table`;
    }
    if (s.kind === 'tproxy' && table !== 'mangle') return 'the TPROXY target is only valid in the mangle table';
    if ((s.kind === 'ctZone' || s.kind === 'notrack') && table !== 'raw') return 'the CT target is only valid in the raw table';
    if (table === 'nat' && (s.kind === 'redirect' || s.kind === 'dnat') && (chain === 'INPUT' || chain === 'POSTROUTING')) return `${s.kind.toUpperCase()} is not valid in nat ${chain}`;
    if (table === 'nat' && (s.kind === 'snat' || s.kind === 'masquerade') && (chain === 'PREROUTING' || chain === 'OUTPUT')) return `${s.kind.toUpperCase()} is not valid in nat ${chain}`;
  }
  return undefined;
}

/** A cycle of jumps between chains (depth-first, with an explicit stack so thousands of chains cannot overflow it). */
export function findJumpLoop(chains: ReadonlyMap<string, Chain>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const targetsOf = (name: string) =>
    (chains.get(name)?.rules ?? []).flatMap((r) => r.statements.flatMap((s) => (s.kind === 'jump' ? [s.chain] : [])));
  for (const root of chains.keys()) {
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
      if (state.has(child) || !chains.has(child)) continue;
      state.set(child, 'open');
      stack.push({ name: child, next: targetsOf(child) });
    }
  }
  return undefined;
}
