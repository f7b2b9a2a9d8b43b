/**
 * A program as an `nft -f` script, one command per line the way knftables writes a transaction
 * (`add table inet T`, `flush table inet T`, `add chain inet T c { type nat hook output priority
 * -100 ; }`, `add rule ...`, `insert rule ... index N ...`), each line ending in a newline.
 */
import type { Op, Program } from '../model.ts';
import { scriptWords } from './spell.ts';

export function renderNftScript(program: Program): { text: string; lineOf: number[] } {
  let text = '';
  const lineOf: number[] = [];
  let line = 1;
  program.ops.forEach((op, i) => {
    const written = nftLine(op);
    lineOf[i] = line;
    // A line break inside a value (never in a generated rule's words) makes more lines than operations.
    line += 1 + (written.match(/\n/g)?.length ?? 0);
    text += written + '\n';
  });
  return { text, lineOf };
}

export function nftLine(op: Op): string {
  switch (op.op) {
    case 'table':
      return `add table ${op.family} ${op.table}`;
    case 'flushTable':
      return `flush table ${op.family} ${op.table}`;
    case 'deleteTable':
      return `delete table ${op.family} ${op.table}`;
    case 'chain': {
      const head = `add chain ${op.family} ${op.table} ${op.chain}`;
      if (!op.base) return head;
      const policy = op.policy ?? op.base.policy;
      return `${head} { type ${op.base.type} hook ${op.base.hook} priority ${op.base.priorityText ?? op.base.priority} ;${policy ? ` policy ${policy} ;` : ''} }`;
    }
    case 'policy':
      return `chain ${op.family} ${op.table} ${op.chain} { policy ${op.policy} ; }`;
    case 'flushChain':
      return `flush chain ${op.family} ${op.table} ${op.chain ?? ''}`.trimEnd();
    case 'deleteChain':
      return `delete chain ${op.family} ${op.table} ${op.chain ?? ''}`.trimEnd();
    case 'rule': {
      const where = op.insert ? `insert rule ${op.family} ${op.table} ${op.chain}` : `add rule ${op.family} ${op.table} ${op.chain}`;
      const at = op.at !== undefined ? ` index ${op.at}` : '';
      const words = scriptWords(op.rule);
      return `${where}${at}${words ? ' ' + words : ''}`;
    }
    case 'set': {
      const s = op.set;
      const parts = [`type ${s.type} ;`];
      if (s.flags?.length) parts.push(`flags ${s.flags.join(',')} ;`);
      if (s.comment !== undefined) parts.push(`comment ${JSON.stringify(s.comment)} ;`);
      if (s.elements?.length) parts.push(`elements = { ${s.elements.join(', ')} } ;`);
      return `add set ${op.family} ${op.table} ${s.name} { ${parts.join(' ')} }`;
    }
    case 'element':
      return `add element ${op.family} ${op.table} ${op.set} { ${op.elements.join(', ')} }`;
    case 'commit':
      return '';
    case 'invalid':
      return op.src?.text ?? '';
  }
}
