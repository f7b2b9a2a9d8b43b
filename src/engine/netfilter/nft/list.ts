/**
 * The kernel view of an nft ruleset: what `nft list ruleset` (v1.0.6) prints — tables in the order
 * they were made, each set and chain in a block of its own separated by a blank line, base chains
 * with `type … hook … priority …; policy …;` (priorities by name where nft has one), rules as
 * listed (see spell.ts).
 */
import type { AddressFamily, Chain, NamedSet, Ruleset, TableFamily } from '../model.ts';

export function renderNftList(ruleset: Ruleset): string {
  let out = '';
  for (const t of ruleset.tables) {
    out += `table ${t.family} ${t.name} {\n`;
    const blocks = [...t.sets.map((s) => setBlock(s)), ...t.chains.map((c) => chainBlock(c, t.family))];
    out += blocks.join('\n');
    out += '}\n';
  }
  return out;
}

function setBlock(s: NamedSet): string {
  let out = `\tset ${s.name} {\n\t\ttype ${s.type}\n`;
  if (s.flags?.length) out += `\t\tflags ${s.flags.join(',')}\n`;
  if (s.comment !== undefined) out += `\t\tcomment ${JSON.stringify(s.comment)}\n`;
  if (s.elements.length) out += `\t\telements = { ${s.elements.join(', ')} }\n`;
  return out + '\t}\n';
}

function chainBlock(c: Chain, _family: TableFamily): string {
  let out = `\tchain ${c.name} {\n`;
  if (c.base) out += `\t\ttype ${c.base.type} hook ${c.base.hook} priority ${c.base.priorityName}; policy ${c.base.policy};\n`;
  for (const r of c.rules) out += `\t\t${r.kernelText}\n`;
  return out + '\t}\n';
}

/**
 * The corpus' normalisation of a listing (nftables/README.md): every `counter packets N bytes M`
 * written `counter`.
 */
export function normaliseNftList(text: string): string {
  return text.replace(/counter packets \d+ bytes \d+/g, 'counter');
}

/** The address families a table's rules see. */
export function familiesOf(family: TableFamily): AddressFamily[] {
  return family === 'inet' ? ['ipv4', 'ipv6'] : family === 'ip' ? ['ipv4'] : ['ipv6'];
}
