/**
 * Walks one base chain for one packet: jumps push, `return` and the end of a regular chain pop,
 * accept/drop and terminal statements stop. A rule's statements run in order (nft rules may have
 * several); one that cannot apply (nft `tproxy` without a socket) ends that rule, not the chain.
 * Every rule looked at costs one unit of the shared budget, so jumps in a cycle cannot hang it.
 */
import type { Chain, KernelRule, Statement } from '../netfilter/index.ts';
import { ruleMatches } from './matchRule.ts';
import type { PacketState } from './packetState.ts';

/** What a statement did: go on with the rule, end the rule (nft's break), or end the walk. */
export type Effect = 'continue' | 'break' | 'accept' | 'drop';

export interface ChainRun {
  verdict: 'accept' | 'drop';
  /** The rule whose statement ended the walk (accept, drop, redirect, ...), if one did. */
  decidedBy?: KernelRule;
  /** The walk stopped because the budget ran out. */
  exhausted?: boolean;
}

export interface ChainHooks {
  budget: { left: number };
  /** Finds a chain of the same table by name. */
  chain(name: string): Chain | undefined;
  /**
   * Called when a rule counts the packet, with its 1-based position in its chain: when all its
   * matches hold (iptables), or when the walk reaches its `counter` statement (nft).
   */
  onHit(rule: KernelRule, position: number, chain: string): void;
  /** Applies a statement other than a verdict, jump or counter, and says what the walk does next. */
  apply(rule: KernelRule, statement: Statement): Effect;
}

const MAX_DEPTH = 64;

export function runChain(start: Chain, p: PacketState, hooks: ChainHooks): ChainRun {
  const policy = (): ChainRun => ({ verdict: start.base?.policy === 'drop' ? 'drop' : 'accept' });
  const stack: Array<{ chain: Chain; next: number }> = [];
  let frame = { chain: start, next: 0 };
  for (;;) {
    if (frame.next >= frame.chain.rules.length) {
      const back = stack.pop();
      if (!back) return policy();
      frame = back;
      continue;
    }
    if (hooks.budget.left-- <= 0) return { verdict: 'accept', exhausted: true };
    const index = frame.next++;
    const rule = frame.chain.rules[index];
    const here = frame.chain.name;
    if (!ruleMatches(rule.matches, p)) continue;
    const counted = rule.statements.some((s) => s.kind === 'counter');
    if (!counted) hooks.onHit(rule, index + 1, here);
    for (const s of rule.statements) {
      if (s.kind === 'counter') {
        hooks.onHit(rule, index + 1, here);
        continue;
      }
      if (s.kind === 'comment') continue;
      if (s.kind === 'test') {
        if (ruleMatches([s.match], p)) continue;
        break;
      }
      if (s.kind === 'verdict') {
        if (s.verdict === 'continue') continue;
        if (s.verdict === 'accept') return { verdict: 'accept', decidedBy: rule };
        if (s.verdict === 'drop' || s.verdict === 'reject') return { verdict: 'drop', decidedBy: rule };
        // return
        const back = stack.pop();
        if (!back) return policy();
        frame = back;
        break;
      }
      if (s.kind === 'jump') {
        const target = hooks.chain(s.chain);
        if (!target) break;
        if (!s.goto) stack.push(frame);
        if (stack.length > MAX_DEPTH) return { verdict: 'accept', exhausted: true };
        frame = { chain: target, next: 0 };
        break;
      }
      const effect = hooks.apply(rule, s);
      if (effect === 'continue') continue;
      if (effect === 'break') break;
      return { verdict: effect, decidedBy: rule };
    }
  }
}
