/**
 * Chain priorities by name, as nft prints them: the standard names of a hook (raw -300, mangle -150,
 * dstnat -100 on prerouting, filter 0, security 50, srcnat 100 on postrouting), `name + N` within
 * 10 of one, else the number. iptables' built-in chains are registered at these same priorities.
 */
import type { Hook, TableFamily } from './model.ts';

const STANDARD_PRIORITIES: Array<{ name: string; value: number; hooks?: Hook[] }> = [
  { name: 'raw', value: -300 },
  { name: 'mangle', value: -150 },
  { name: 'dstnat', value: -100, hooks: ['prerouting'] },
  { name: 'filter', value: 0 },
  { name: 'security', value: 50 },
  { name: 'srcnat', value: 100, hooks: ['postrouting'] },
];

/** `mangle`, `dstnat`, `srcnat + 10`, or the number when no standard priority of the hook is within 10. */
export function priorityName(priority: number, hook: Hook, family: TableFamily): string {
  if (family === 'ip' || family === 'ip6' || family === 'inet') {
    for (const p of STANDARD_PRIORITIES) {
      if (p.hooks && !p.hooks.includes(hook)) continue;
      const offset = priority - p.value;
      if (Math.abs(offset) <= 10) return offset === 0 ? p.name : `${p.name} ${offset > 0 ? '+' : '-'} ${Math.abs(offset)}`;
    }
  }
  return String(priority);
}

