/**
 * Reads an nft script someone pasted (or a corpus case gives) into a Program: the command form
 * istio-iptables and the node agent write (`add table`, `flush table`, `add chain ... { type ...; }`,
 * `add rule`, `insert rule ... index N`, `add set`, `add element`) and the block form
 * `nft list ruleset` prints (`table inet T { chain C { type ...; policy ...; RULE } }`). Rule words
 * go through the one nft grammar (grammar.ts); problems become Diagnostics at line:column.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { BaseChainSpec, ChainType, Hook, Program, TableFamily } from '../model.ts';
import type { Token } from '../lexer.ts';
import { readLines } from '../readLines.ts';
import { parseNftRule } from './grammar.ts';
import { tokenizeNft } from './tokenize.ts';

const FAMILIES: TableFamily[] = ['ip', 'ip6', 'inet'];
const HOOKS: Hook[] = ['prerouting', 'input', 'forward', 'output', 'postrouting'];
const TYPES: ChainType[] = ['filter', 'nat', 'route'];
const PRIORITY_NAMES: Record<string, number> = { raw: -300, mangle: -150, dstnat: -100, filter: 0, security: 50, srcnat: 100 };

export function parseNftScript(text: string, options: { input?: string; origin?: string } = {}): { program: Program; diagnostics: Diagnostic[] } {
  const input = options.input ?? 'script';
  const origin = options.origin ?? 'nftables';
  const { lines, count, ops, diagnostics, report } = readLines(text, { input, origin }, 'script');
  // Block form: the table and chain (or set) the lines are inside.
  let table: { name: string; family: TableFamily } | undefined;
  let chain: { name: string; base?: BaseChainSpec; declared: boolean; line: number } | undefined;
  let set: { name: string; type?: string; comment?: string; elements: string[]; flags?: string[]; line: number } | undefined;

  const flushChain = (line: number) => {
    if (chain && table && !chain.declared) ops.push({ op: 'chain', table: table.name, family: table.family, chain: chain.name, ...(chain.base ? { base: chain.base } : {}), src: { line, text: `chain ${chain.name}` } });
    if (chain) chain.declared = true;
  };

  for (let n = 0; n < count; n++) {
    const lineNo = n + 1;
    const raw = lines[n].replace(/\r$/, '');
    const { tokens, error } = tokenizeNft(raw);
    if (error) {
      report(error.message, lineNo, error.column);
      continue;
    }
    if (!tokens.length) continue;
    const src = { line: lineNo, text: raw.trim() };
    const w = tokens.map((t) => t.text);

    // ---- block form
    if (set) {
      if (w[0] === '}') {
        if (table) ops.push({ op: 'set', table: table.name, family: table.family, set: { name: set.name, type: set.type ?? 'ipv4_addr', ...(set.comment !== undefined ? { comment: set.comment } : {}), ...(set.flags ? { flags: set.flags } : {}), elements: set.elements }, src: { line: set.line, text: `set ${set.name}` } });
        set = undefined;
      } else if (w[0] === 'type') set.type = w[1];
      else if (w[0] === 'comment') set.comment = w[1];
      else if (w[0] === 'flags') set.flags = w.slice(1).filter((x) => x !== ',');
      else if (w[0] === 'elements') set.elements.push(...w.slice(2).filter((x) => !'{},='.includes(x)));
      continue;
    }
    if (chain && table) {
      if (w[0] === '}') {
        flushChain(chain.line);
        chain = undefined;
        continue;
      }
      if (w[0] === 'type') {
        const spec = baseSpec(tokens, 0, (m, c) => report(m, lineNo, c));
        if (spec) chain.base = spec;
        continue;
      }
      if (w[0] === 'policy') continue;
      flushChain(chain.line);
      const parsed = parseNftRule(tokens);
      for (const e of parsed.errors) report(e.message, lineNo, e.column);
      if (!parsed.errors.length) ops.push({ op: 'rule', table: table.name, family: table.family, chain: chain.name, insert: false, rule: parsed.rule, src });
      continue;
    }
    if (table && w[0] === '}') {
      table = undefined;
      continue;
    }
    if (table && w[0] === 'chain') {
      chain = { name: w[1] ?? '', declared: false, line: lineNo };
      if (!w[1] || w[2] !== '{') report('a chain block is "chain NAME {"', lineNo, tokens[0].column);
      continue;
    }
    if (table && w[0] === 'set') {
      set = { name: w[1] ?? '', elements: [], line: lineNo };
      continue;
    }
    if (w[0] === 'table' && w.at(-1) === '{') {
      const family = FAMILIES.includes(w[1] as TableFamily) ? (w[1] as TableFamily) : 'ip';
      const name = FAMILIES.includes(w[1] as TableFamily) ? w[2] : w[1];
      if (!name) {
        report('a table block is "table FAMILY NAME {"', lineNo, tokens[0].column);
        continue;
      }
      table = { name, family };
      ops.push({ op: 'table', table: name, family, src });
      continue;
    }

    // ---- command form
    const verb = w[0];
    const object = w[1];
    if (verb === 'flush' && object === 'ruleset') {
      report('"flush ruleset" would remove every table of the namespace; meshsim starts from an empty namespace anyway', lineNo, tokens[0].column);
      continue;
    }
    const family = FAMILIES.includes(w[2] as TableFamily) ? (w[2] as TableFamily) : undefined;
    // Without a family nft assumes ip.
    const at = family ? 3 : 2;
    const fam: TableFamily = family ?? 'ip';
    const tableName = w[at];
    if (!['add', 'create', 'insert', 'flush', 'delete'].includes(verb) || !object) {
      report(`unknown command "${raw.trim()}" (meshsim reads add/insert/flush/delete of tables, chains, rules, sets and elements)`, lineNo, tokens[0].column);
      continue;
    }
    if (!tableName) {
      report(`${verb} ${object} needs a table name`, lineNo, tokens[0].column);
      continue;
    }
    if (object === 'table') {
      if (verb === 'add' || verb === 'create') ops.push({ op: 'table', table: tableName, family: fam, src });
      else if (verb === 'flush') ops.push({ op: 'flushTable', table: tableName, family: fam, src });
      else if (verb === 'delete') ops.push({ op: 'deleteTable', table: tableName, family: fam, src });
      else report(`${verb} table is not an nft command`, lineNo, tokens[0].column);
      continue;
    }
    const chainName = w[at + 1];
    if (!chainName) {
      report(`${verb} ${object} needs a ${object === 'set' || object === 'element' ? 'set' : 'chain'} name`, lineNo, tokens[0].column);
      continue;
    }
    if (object === 'chain') {
      if (verb === 'flush') ops.push({ op: 'flushChain', table: tableName, family: fam, chain: chainName, src });
      else if (verb === 'delete') ops.push({ op: 'deleteChain', table: tableName, family: fam, chain: chainName, src });
      else {
        let base: BaseChainSpec | undefined;
        if (w[at + 2] === '{') {
          base = baseSpec(tokens, at + 3, (m, c) => report(m, lineNo, c));
          if (!base) continue;
        }
        ops.push({ op: 'chain', table: tableName, family: fam, chain: chainName, ...(base ? { base } : {}), src });
      }
      continue;
    }
    if (object === 'rule') {
      let body = at + 2;
      let index: number | undefined;
      if (w[body] === 'index' || w[body] === 'position' || w[body] === 'handle') {
        const n = Number(w[body + 1]);
        if (w[body] !== 'index' || !Number.isInteger(n) || n < 0) {
          report(`${w[body]} ${w[body + 1] ?? ''}: meshsim reads "index N" (rule handles exist only in a running kernel)`, lineNo, tokens[body].column);
          continue;
        }
        index = n;
        body += 2;
      }
      const parsed = parseNftRule(tokens.slice(body));
      for (const e of parsed.errors) report(e.message, lineNo, e.column);
      if (parsed.errors.length) continue;
      ops.push({ op: 'rule', table: tableName, family: fam, chain: chainName, insert: verb === 'insert', ...(index !== undefined ? { at: index } : {}), rule: parsed.rule, src });
      continue;
    }
    if (object === 'set') {
      const inner = tokens.slice(at + 2);
      const words = inner.map((t) => t.text);
      const get = (k: string) => {
        const i = words.indexOf(k);
        return i >= 0 ? words[i + 1] : undefined;
      };
      const elementsAt = words.indexOf('elements');
      const elements = elementsAt >= 0 ? words.slice(elementsAt + 2, words.indexOf('}', elementsAt + 2)).filter((x) => x !== ',' && x !== '{') : [];
      ops.push({ op: 'set', table: tableName, family: fam, set: { name: chainName, type: get('type') ?? 'ipv4_addr', ...(get('comment') !== undefined ? { comment: get('comment') } : {}), elements }, src });
      continue;
    }
    if (object === 'element') {
      const elements = w.slice(at + 2).filter((x) => !'{},'.includes(x));
      ops.push({ op: 'element', table: tableName, family: fam, set: chainName, elements, src });
      continue;
    }
    report(`"${object}" is not something meshsim adds (tables, chains, rules, sets, elements)`, lineNo, tokens[1].column);
  }
  if (chain || set || table) report('a block is not closed with "}"', count);
  return { program: { backend: 'nftables', ops }, diagnostics };
}

/** `type nat hook output priority -100 ; [policy accept ;] }` from token i. */
function baseSpec(tokens: readonly Token[], i: number, report: (message: string, column: number) => void): BaseChainSpec | undefined {
  const w = tokens.map((t) => t.text);
  const get = (k: string) => {
    const j = w.indexOf(k, i);
    return j >= 0 ? { text: w[j + 1], column: tokens[j + 1]?.column ?? tokens[j].column } : undefined;
  };
  const type = get('type');
  const hook = get('hook');
  const prio = get('priority');
  if (!type || !TYPES.includes(type.text as ChainType)) return report(`chain type must be filter, nat or route`, type?.column ?? tokens[i]?.column ?? 1), undefined;
  if (!hook || !HOOKS.includes(hook.text as Hook)) return report(`hook must be prerouting, input, forward, output or postrouting`, hook?.column ?? 1), undefined;
  if (!prio) return report('a base chain needs a priority', tokens[i]?.column ?? 1), undefined;
  // `priority mangle + 5`, `priority -100`, `priority dstnat`.
  const j = w.indexOf('priority', i) + 1;
  let priority: number | undefined = /^-?\d+$/.test(w[j]) ? Number(w[j]) : PRIORITY_NAMES[w[j]];
  if (priority !== undefined && (w[j + 1] === '+' || w[j + 1] === '-') && /^\d+$/.test(w[j + 2] ?? '')) priority += (w[j + 1] === '+' ? 1 : -1) * Number(w[j + 2]);
  if (priority === undefined) return report(`"${prio.text}" is not a chain priority`, prio.column), undefined;
  const policy = get('policy');
  const spec: BaseChainSpec = { type: type.text as ChainType, hook: hook.text as Hook, priority, priorityText: prio.text };
  if (policy && (policy.text === 'accept' || policy.text === 'drop')) spec.policy = policy.text;
  return spec;
}
