/**
 * Reads an `iptables-restore` payload into the chains the kernel would hold after loading it with
 * `--noflush` into a fresh network namespace: `-I` inserts applied, so positions are the kernel's.
 */
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { findJumpLoop } from './jumpLoops.ts';
import { parseRule } from './parseRule.ts';
import { tokenize } from './tokenize.ts';
import type { Chain, Family, ParseResult, Rule, RuleSet, Table, TableName } from './types.ts';

export const BUILTIN_CHAINS: Record<TableName, string[]> = {
  raw: ['PREROUTING', 'OUTPUT'],
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  security: ['INPUT', 'FORWARD', 'OUTPUT'],
};

const MAX_LINES = 50_000;
const MAX_RULES = 20_000;

export interface ParseOptions {
  family?: Family;
  /** Name of the input for diagnostics (an editor tab or file name). */
  input?: string;
}

function newTable(name: TableName): Table {
  const chains: Record<string, Chain> = {};
  for (const c of BUILTIN_CHAINS[name]) chains[c] = { name: c, builtin: true, policy: 'ACCEPT', rules: [] };
  return { name, chains };
}

/** Parses a restore payload; never throws — problems come back as diagnostics with line:column. */
export function parseRestorePayload(text: string, options: ParseOptions = {}): ParseResult {
  const family = options.family ?? guessFamily(text);
  const ruleset: RuleSet = { family, tables: {} };
  const diagnostics: Diagnostic[] = [];
  try {
    parseInto(text, ruleset, diagnostics, options.input ?? 'rules');
  } catch (err) {
    diagnostics.push(diagnostic('packettrace', 'error', `could not read the payload: ${messageOf(err)}`));
  }
  return { ruleset, diagnostics };
}

/** A payload is IPv6 when its addresses are; the default is IPv4. */
function guessFamily(text: string): Family {
  return /\s-[sd]\s+!?\s*[0-9a-fA-F]*:[0-9a-fA-F:]*(\/\d+)?\s/.test(text) || /--on-ip\s+::/.test(text) ? 'ipv6' : 'ipv4';
}

function parseInto(text: string, ruleset: RuleSet, diagnostics: Diagnostic[], input: string): void {
  const lines = text.split('\n');
  if (lines.length > MAX_LINES) {
    diagnostics.push(diagnostic('packettrace', 'error', `the payload has ${lines.length} lines; only the first ${MAX_LINES} are read`));
  }
  const report = (severity: 'error' | 'warning', message: string, line: number, column = 1) =>
    diagnostics.push(diagnostic('packettrace', severity, message, { input, line, column }));
  let table: Table | undefined;
  let ruleCount = 0;
  const pendingJumps: Array<{ rule: Rule; line: number }> = [];

  const finishTable = (line: number) => {
    if (!table) return;
    for (const { rule, line: l } of pendingJumps) {
      if (rule.target.kind !== 'jump') continue;
      const target = table.chains[rule.target.chain];
      if (!target) {
        report('error', `chain "${rule.target.chain}" does not exist in table ${table.name} (iptables-restore would refuse this payload)`, l);
        removeRule(table, rule);
      } else if (target.builtin) {
        report('error', `a rule cannot jump to the built-in chain ${target.name}`, l);
        removeRule(table, rule);
      }
    }
    pendingJumps.length = 0;
    const loop = findJumpLoop(table);
    if (loop) report('error', `the chains of table ${table.name} jump in a loop (${loop.join(' -> ')}); the kernel refuses this`, line);
    ruleset.tables[table.name] = table;
    table = undefined;
  };

  for (let n = 0; n < Math.min(lines.length, MAX_LINES); n++) {
    const lineNo = n + 1;
    const raw = lines[n].replace(/\r$/, '');
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('*')) {
      if (table) report('error', `table ${table.name} was not closed with COMMIT before a new table`, lineNo);
      finishTable(lineNo);
      const name = line.slice(1).trim() as TableName;
      if (!(name in BUILTIN_CHAINS)) {
        report('error', `unknown table "${name}"`, lineNo, 2);
        continue;
      }
      table = ruleset.tables[name] ?? newTable(name);
      continue;
    }
    if (line === 'COMMIT') {
      if (!table) report('error', 'COMMIT outside of a table', lineNo);
      finishTable(lineNo);
      continue;
    }
    if (!table) {
      report('error', 'a rule outside of a table (a line "*nat", "*mangle", ... must come first)', lineNo);
      continue;
    }
    const indent = raw.length - raw.trimStart().length;
    if (line.startsWith(':')) {
      const [name, policy] = line.slice(1).split(/\s+/);
      const existing = table.chains[name];
      if (existing) {
        if (existing.builtin && (policy === 'ACCEPT' || policy === 'DROP')) existing.policy = policy;
      } else table.chains[name] = { name, builtin: false, policy: 'ACCEPT', rules: [] };
      continue;
    }
    const { tokens, error } = tokenize(line);
    if (error) {
      report('error', error, lineNo);
      continue;
    }
    const col = (i: number) => (tokens[i]?.column ?? 1) + indent;
    const cmd = tokens[0].text;
    const chainName = tokens[1]?.text;
    if (!chainName && cmd !== '-F') {
      report('error', `${cmd} needs a chain name`, lineNo, col(0));
      continue;
    }
    switch (cmd) {
      case '-N': case '--new-chain':
        if (table.chains[chainName]) report('error', `chain "${chainName}" already exists`, lineNo, col(1));
        else table.chains[chainName] = { name: chainName, builtin: false, policy: 'ACCEPT', rules: [] };
        continue;
      case '-P': case '--policy': {
        const c = table.chains[chainName];
        const policy = tokens[2]?.text;
        if (!c?.builtin) report('error', `only built-in chains have a policy ("${chainName}")`, lineNo, col(1));
        else if (policy !== 'ACCEPT' && policy !== 'DROP') report('error', `policy must be ACCEPT or DROP`, lineNo, col(2));
        else c.policy = policy;
        continue;
      }
      case '-F': case '--flush':
        for (const c of Object.values(table.chains)) if (!chainName || c.name === chainName) c.rules = [];
        continue;
      case '-X': case '--delete-chain':
        if (table.chains[chainName]?.builtin) report('error', `built-in chain ${chainName} cannot be deleted`, lineNo, col(1));
        else delete table.chains[chainName];
        continue;
      case '-A': case '--append': case '-I': case '--insert': {
        const chain = table.chains[chainName];
        if (!chain) {
          report('error', `chain "${chainName}" does not exist in table ${table.name}`, lineNo, col(1));
          continue;
        }
        let bodyStart = 2;
        let index = chain.rules.length;
        const insert = cmd === '-I' || cmd === '--insert';
        if (insert) {
          index = 0;
          if (tokens[2] && /^\d+$/.test(tokens[2].text)) {
            const pos = Number(tokens[2].text);
            bodyStart = 3;
            if (pos < 1 || pos > chain.rules.length + 1) {
              report('error', `cannot insert at position ${pos} of ${chainName}, which holds ${chain.rules.length} rule(s) (iptables: index of insertion too big)`, lineNo, col(2));
              continue;
            }
            index = pos - 1;
          }
        }
        if (++ruleCount > MAX_RULES) {
          report('error', `more than ${MAX_RULES} rules; the rest are ignored`, lineNo);
          return;
        }
        const parsed = parseRule(tokens.slice(bodyStart), ruleset.family);
        for (const e of parsed.errors) report('error', e.message, lineNo, e.column + indent);
        if (parsed.errors.length) continue;
        if (parsed.target.kind === 'jump' && parsed.target.chain === chainName) {
          report('error', `chain ${chainName} jumps to itself`, lineNo);
          continue;
        }
        const rule: Rule = {
          table: table.name,
          chain: chainName,
          matches: parsed.matches,
          target: parsed.target,
          payloadLine: lineNo,
          payloadRule: line,
          kernelText: `-A ${chainName}${parsed.kernelBody ? ' ' + parsed.kernelBody : ''}`,
        };
        chain.rules.splice(index, 0, rule);
        if (rule.target.kind === 'jump') pendingJumps.push({ rule, line: lineNo });
        continue;
      }
      default:
        report('error', `unknown command "${cmd}" (the tracer reads -N, -A, -I, -P, -F, -X)`, lineNo, col(0));
    }
  }
  if (table) {
    report('error', `table ${table.name} is missing its COMMIT line`, Math.min(lines.length, MAX_LINES));
    finishTable(lines.length);
  }
}

function removeRule(table: Table, rule: Rule): void {
  const chain = table.chains[rule.chain];
  if (chain) chain.rules = chain.rules.filter((r) => r !== rule);
}
