/**
 * Walks one table's built-in chain for one packet: user-chain jumps push, RETURN and the end of a
 * user chain pop, ACCEPT/DROP and terminal targets stop. Every rule looked at costs one unit of the
 * shared budget, so a payload with cyclic jumps cannot hang the tracer.
 */
import { ruleMatches } from './matchRule.ts';
import type { PacketState } from './packetState.ts';
import type { Rule, Table } from './types.ts';

export type Effect = 'continue' | 'accept' | 'drop';

export interface ChainRun {
  verdict: 'accept' | 'drop';
  /** The rule whose target ended the walk (ACCEPT, DROP, REDIRECT, ...), if one did. */
  decidedBy?: Rule;
  /** The walk stopped because the budget ran out. */
  exhausted?: boolean;
}

export interface ChainHooks {
  budget: { left: number };
  /** Called for every rule that matched, with its 1-based position in its chain. */
  onHit(rule: Rule, position: number): void;
  /** Applies a non-jump target (MARK, REDIRECT, ...) and says whether the walk goes on. */
  apply(rule: Rule): Effect;
}

const MAX_DEPTH = 64;

export function runChain(table: Table, chainName: string, p: PacketState, hooks: ChainHooks): ChainRun {
  const start = table.chains[chainName];
  if (!start) return { verdict: 'accept' };
  const stack: Array<{ rules: Rule[]; next: number }> = [];
  let frame = { rules: start.rules, next: 0 };
  for (;;) {
    if (frame.next >= frame.rules.length) {
      const back = stack.pop();
      if (!back) return { verdict: start.policy === 'DROP' ? 'drop' : 'accept' };
      frame = back;
      continue;
    }
    if (hooks.budget.left-- <= 0) return { verdict: 'accept', exhausted: true };
    const index = frame.next++;
    const rule = frame.rules[index];
    if (!ruleMatches(rule.matches, p)) continue;
    hooks.onHit(rule, index + 1);
    const t = rule.target;
    switch (t.kind) {
      case 'none':
        continue;
      case 'ACCEPT':
        return { verdict: 'accept', decidedBy: rule };
      case 'DROP': case 'REJECT':
        return { verdict: 'drop', decidedBy: rule };
      case 'RETURN': {
        const back = stack.pop();
        if (!back) return { verdict: start.policy === 'DROP' ? 'drop' : 'accept' };
        frame = back;
        continue;
      }
      case 'jump': {
        const target = table.chains[t.chain];
        if (!target) continue;
        if (!t.goto) stack.push(frame);
        if (stack.length > MAX_DEPTH) return { verdict: 'accept', exhausted: true };
        frame = { rules: target.rules, next: 0 };
        continue;
      }
      default: {
        const effect = hooks.apply(rule);
        if (effect === 'continue') continue;
        return { verdict: effect, decidedBy: rule };
      }
    }
  }
}
