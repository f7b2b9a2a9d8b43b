/**
 * Values that would not reach the kernel as the one value they are: a line break, another control
 * character or a blank inside a value makes iptables-restore and nft read other words, or other
 * lines, than the rule the generator meant. Generators put values into rules unchecked, as the real
 * programs do (istio-iptables validates ports, uids and interface names nowhere), so such a value
 * is found here and the text the tool would really read is loaded instead of the intended rules.
 */
import type { Match, Program, Statement } from './model.ts';

export interface UnsafeValue {
  /** Index of the rule operation that carries it. */
  op: number;
  /** The value as the generator was given it. */
  value: string;
  /** What the tool makes of it. */
  problem: 'line break' | 'control character' | 'blank';
}

const LINE_BREAK = /[\n\r\u2028\u2029\u0085\u000b\u000c]/;
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/;

function problemOf(value: string, quoted = false): UnsafeValue['problem'] | undefined {
  if (LINE_BREAK.test(value)) return 'line break';
  if (CONTROL.test(value)) return 'control character';
  // Quoted words (comments, log prefixes) may hold blanks; others are split on them.
  if (!quoted && (/\S[ \t]+\S/.test(value) || value.includes('\t'))) return 'blank';
  return undefined;
}

/** Every written value and name of an element, as the generator gave it (quoted ones marked). */
function valuesOf(e: Match | Statement): Array<{ value: string; quoted: boolean }> {
  const out: Array<{ value: string; quoted: boolean }> = [];
  for (const [k, v] of Object.entries(e)) {
    if (k === 'text' || k === 'kind') continue;
    if (typeof v === 'string' && (k === 'name' || k === 'chain' || k === 'comment' || k === 'prefix')) out.push({ value: v, quoted: k === 'comment' || k === 'prefix' });
    else if (v && typeof v === 'object' && 'text' in v && typeof (v as { text: unknown }).text === 'string') out.push({ value: (v as { text: string }).text, quoted: false });
    else if (Array.isArray(v)) for (const x of v) if (x && typeof x === 'object' && 'text' in x) out.push({ value: String((x as { text: unknown }).text), quoted: false });
    if (k === 'match' && v && typeof v === 'object') out.push(...valuesOf(v as Match));
  }
  return out;
}

export function unsafeValues(program: Program): UnsafeValue[] {
  const out: UnsafeValue[] = [];
  program.ops.forEach((op, i) => {
    if (op.op !== 'rule') {
      if (op.op === 'chain' && problemOf(op.chain)) out.push({ op: i, value: op.chain, problem: problemOf(op.chain)! });
      return;
    }
    for (const e of [...op.rule.matches, ...op.rule.statements]) {
      for (const { value, quoted } of valuesOf(e)) {
        const problem = problemOf(value, quoted);
        if (problem && !out.some((x) => x.op === i && x.value === value)) out.push({ op: i, value, problem });
      }
    }
  });
  return out;
}
