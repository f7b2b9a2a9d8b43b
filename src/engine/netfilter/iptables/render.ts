/**
 * A program as iptables-restore input: one line per operation (`* nat`, `-N X`, `-A X ...`,
 * `-I X 1 ...`, `COMMIT`), each ending in a newline. Programs built by istio-iptables' builder
 * come out byte for byte as the real program writes them.
 */
import type { Op, Program } from '../model.ts';
import { restoreWords } from './spell.ts';

/** The payload text, and for each operation (same index) the 1-based line it is printed on. */
export function renderRestore(program: Program): { text: string; lineOf: number[] } {
  let text = '';
  const lineOf: number[] = [];
  let line = 1;
  program.ops.forEach((op, i) => {
    const written = opLine(op);
    lineOf[i] = line;
    // A line break inside a value (never in a generated rule's words) makes more lines than operations.
    line += 1 + (written.match(/\n/g)?.length ?? 0);
    text += written + '\n';
  });
  return { text, lineOf };
}

/** One operation's line. */
export function opLine(op: Op): string {
  switch (op.op) {
    case 'table':
      return `* ${op.table}`;
    case 'commit':
      return 'COMMIT';
    case 'chain':
      return op.base ? `:${op.chain} ${(op.policy ?? op.base.policy ?? 'accept').toUpperCase()} [0:0]` : `-N ${op.chain}`;
    case 'policy':
      return `-P ${op.chain} ${op.policy.toUpperCase()}`;
    case 'flushChain':
      return op.chain ? `-F ${op.chain}` : '-F';
    case 'deleteChain':
      return op.chain ? `-X ${op.chain}` : '-X';
    case 'rule': {
      const words = restoreWords(op.rule);
      const head = op.insert ? `-I ${op.chain}${op.at !== undefined ? ` ${op.at}` : ''}` : `-A ${op.chain}`;
      return words.length ? `${head} ${words.join(' ')}` : head;
    }
    case 'flushTable': case 'deleteTable': case 'set': case 'element':
      return `# (${op.op} has no iptables-restore form)`;
    case 'invalid':
      return op.src?.text ?? '';
  }
}
