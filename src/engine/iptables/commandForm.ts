/**
 * istio-iptables 1.22–1.23 with `--restore-format=false` (releases.md §3.1): no iptables-restore; it
 * runs one command per rule. First `iptables -t <table> -N <chain>` for every new chain in the order
 * it is first seen over the whole list (not grouped by table), then `iptables -t <table> <rule>` per
 * rule in generation order (`ip6tables` for the IPv6 list).
 */
import { renderRestore } from '../netfilter/index.ts';
import { isBuiltinChain, type BuiltRule, type Family } from './builder.ts';

/** The rule's words as the restore payload writes them (`-A CHAIN ...` / `-I CHAIN N ...`). */
function ruleWords(r: BuiltRule, family: Family): string {
  const tf = family === 'v4' ? 'ip' : 'ip6';
  const { text } = renderRestore({
    backend: 'iptables',
    family: family === 'v4' ? 'ipv4' : 'ipv6',
    ops: [{ op: 'rule', table: r.table, family: tf, chain: r.chain, insert: r.position !== undefined, ...(r.position !== undefined ? { at: r.position } : {}), rule: r.rule }],
  });
  return text.replace(/\n$/, '');
}

export function commandForm(rules: readonly BuiltRule[], family: Family): string {
  const bin = family === 'v4' ? 'iptables' : 'ip6tables';
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const r of rules) {
    const key = `${r.table}\u0000${r.chain}`;
    if (isBuiltinChain(r.chain) || seen.has(key)) continue;
    seen.add(key);
    lines.push(`${bin} -t ${r.table} -N ${r.chain}`);
  }
  for (const r of rules) lines.push(`${bin} -t ${r.table} ${ruleWords(r, family)}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}
