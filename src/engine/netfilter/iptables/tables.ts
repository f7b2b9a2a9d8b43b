/**
 * The iptables tables and their built-in chains: where each is hooked, with the priority the
 * kernel (and iptables' nf_tables backend) registers it at, and the order iptables-save lists them.
 */
import type { BaseChain, ChainType, Hook } from '../model.ts';
import { priorityName } from '../priority.ts';

export const IPTABLES_TABLES = ['raw', 'mangle', 'nat', 'filter', 'security'] as const;
export type IptablesTable = (typeof IPTABLES_TABLES)[number];

/** The nf_tables backend lists tables in this order. */
export const SAVE_ORDER: readonly IptablesTable[] = ['mangle', 'security', 'raw', 'filter', 'nat'];

const PRIORITY: Record<IptablesTable, number> = { raw: -300, mangle: -150, nat: -100, filter: 0, security: 50 };

/** Built-in chains of each table, in iptables-save order. */
export const BUILTIN_CHAINS: Record<IptablesTable, readonly string[]> = {
  raw: ['PREROUTING', 'OUTPUT'],
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  security: ['INPUT', 'FORWARD', 'OUTPUT'],
};

export function isIptablesTable(name: string): name is IptablesTable {
  return (IPTABLES_TABLES as readonly string[]).includes(name);
}

/** The hook, chain type and priority of a built-in chain (nat's source-NAT hooks run at +100). */
export function builtinBase(table: IptablesTable, chain: string): BaseChain | undefined {
  if (!BUILTIN_CHAINS[table].includes(chain)) return undefined;
  const hook = chain.toLowerCase() as Hook;
  let type: ChainType = 'filter';
  let priority = PRIORITY[table];
  if (table === 'nat') {
    type = 'nat';
    if (hook === 'input' || hook === 'postrouting') priority = 100;
  } else if (table === 'mangle' && hook === 'output') type = 'route';
  return { type, hook, priority, priorityName: priorityName(priority, hook, 'ip'), policy: 'accept' };
}

/** Names that are targets or built-in chains, never user chains (istio-iptables' builder skips them). */
export const RESERVED_NAMES = new Set(['INPUT', 'OUTPUT', 'FORWARD', 'PREROUTING', 'POSTROUTING', 'ACCEPT', 'RETURN', 'DROP']);
