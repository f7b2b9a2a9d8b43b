/**
 * Reads an `iptables-restore` payload someone pasted (or a corpus case gives) into a Program: one
 * operation per line, each remembering its line. Rule words go through the one iptables grammar
 * (grammar.ts). Anything iptables-restore would refuse becomes a Diagnostic with line:column; such
 * lines are left out of the program (the real tool would refuse the whole payload, and says so).
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import type { AddressFamily, Program } from '../model.ts';
import { readLines } from '../readLines.ts';
import { parseRuleWords } from './grammar.ts';
import { BUILTIN_CHAINS, isIptablesTable } from './tables.ts';
import { tokenize } from './tokenize.ts';

export interface ParseRestoreOptions {
  family?: AddressFamily;
  /** Name of the input for diagnostics (an editor tab or a file name). */
  input?: string;
  /** Diagnostic origin (default "iptables"). */
  origin?: string;
}

export interface ParsedProgram {
  program: Program;
  diagnostics: Diagnostic[];
}

/** A payload is IPv6 when its addresses are; otherwise IPv4. */
export function guessFamily(text: string): AddressFamily {
  return /\s-[sd]\s+!?\s*[0-9a-fA-F]*:[0-9a-fA-F:.]*(\/\d+)?\s/.test(text) || /--on-ip\s+[0-9a-fA-F]*::?/.test(text) ? 'ipv6' : 'ipv4';
}

export function parseRestore(text: string, options: ParseRestoreOptions = {}): ParsedProgram {
  const family = options.family ?? guessFamily(text);
  const input = options.input ?? 'rules';
  const origin = options.origin ?? 'iptables';
  const { lines, count, ops, diagnostics, report } = readLines(text, { input, origin }, 'payload');
  let table: string | undefined;
  const tableFamily = family === 'ipv4' ? 'ip' : 'ip6';

  for (let n = 0; n < count; n++) {
    const lineNo = n + 1;
    const raw = lines[n].replace(/\r$/, '');
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const src = { line: lineNo, text: line };
    const indent = raw.length - raw.trimStart().length;
    if (line.startsWith('*')) {
      if (table) report(`table ${table} was not closed with COMMIT before a new table`, lineNo);
      const name = line.slice(1).trim();
      if (!isIptablesTable(name)) {
        report(`unknown table "${name}"`, lineNo, indent + 2);
        table = undefined;
        continue;
      }
      table = name;
      ops.push({ op: 'table', table: name, family: tableFamily, src });
      continue;
    }
    if (line === 'COMMIT') {
      if (!table) report('COMMIT outside of a table', lineNo, indent + 1);
      else ops.push({ op: 'commit', src });
      table = undefined;
      continue;
    }
    if (!table) {
      report('a rule outside of a table (a line "*nat", "*mangle", ... must come first)', lineNo, indent + 1);
      continue;
    }
    if (line.startsWith(':')) {
      const [name, policy] = line.slice(1).split(/\s+/);
      const builtin = isIptablesTable(table) && BUILTIN_CHAINS[table].includes(name);
      if (builtin) {
        if (policy !== 'ACCEPT' && policy !== 'DROP') report(`policy of built-in chain ${name} must be ACCEPT or DROP`, lineNo, indent + 2);
        else ops.push({ op: 'policy', table, family: tableFamily, chain: name, policy: policy === 'ACCEPT' ? 'accept' : 'drop', src });
      } else if (policy !== undefined && policy !== '-') {
        report(`user chain ${name} cannot have a policy ("${policy}")`, lineNo, indent + 2);
      } else ops.push({ op: 'chain', table, family: tableFamily, chain: name, src });
      continue;
    }
    const { tokens, error } = tokenize(line);
    if (error) {
      report(error, lineNo, indent + 1);
      continue;
    }
    const col = (i: number) => (tokens[i]?.column ?? 1) + indent;
    const cmd = tokens[0].text;
    const chain = tokens[1]?.text;
    switch (cmd) {
      case '-N': case '--new-chain':
        if (!chain) report(`${cmd} needs a chain name`, lineNo, col(0));
        else if (chain.length > 28) report(`chain name "${chain}" is too long (at most 28 characters)`, lineNo, col(1));
        else ops.push({ op: 'chain', table, family: tableFamily, chain, src });
        continue;
      case '-P': case '--policy': {
        const policy = tokens[2]?.text;
        if (!chain) report(`${cmd} needs a chain name`, lineNo, col(0));
        else if (policy !== 'ACCEPT' && policy !== 'DROP') report('policy must be ACCEPT or DROP', lineNo, col(2));
        else ops.push({ op: 'policy', table, family: tableFamily, chain, policy: policy === 'ACCEPT' ? 'accept' : 'drop', src });
        continue;
      }
      case '-F': case '--flush':
        ops.push({ op: 'flushChain', table, family: tableFamily, chain, src });
        continue;
      case '-X': case '--delete-chain':
        ops.push({ op: 'deleteChain', table, family: tableFamily, chain, src });
        continue;
      case '-A': case '--append': case '-I': case '--insert': {
        if (!chain) {
          report(`${cmd} needs a chain name`, lineNo, col(0));
          continue;
        }
        const insert = cmd === '-I' || cmd === '--insert';
        let bodyStart = 2;
        let at: number | undefined;
        if (insert && tokens[2] && /^\d+$/.test(tokens[2].text)) {
          at = Number(tokens[2].text);
          bodyStart = 3;
        }
        const parsed = parseRuleWords(tokens.slice(bodyStart), family);
        for (const e of parsed.errors) report(e.message, lineNo, e.column + indent);
        if (parsed.errors.length) continue;
        ops.push({ op: 'rule', table, family: tableFamily, chain, insert, ...(at !== undefined ? { at } : {}), rule: parsed.rule, src });
        continue;
      }
      default:
        report(`unknown command "${cmd}" (iptables-restore reads -N, -A, -I, -P, -F, -X)`, lineNo, col(0));
    }
  }
  if (table) diagnostics.push(diagnostic(origin, 'error', `table ${table} is missing its COMMIT line, so iptables-restore applies none of its rules`, { input, line: count, column: 1 }));
  return { program: { backend: 'iptables', family, ops }, diagnostics };
}
