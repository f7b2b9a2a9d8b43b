// What compiling a matchCondition gives, shared by the light half (environment.ts, the slot) and
// the heavy half (compiler.ts) of the CEL environment, so neither imports the other for it.
import type { CelNode } from './ast.ts';

/** A compiled expression: its cel-js program, ready for `evaluateWithCost`. */
export interface CompiledExpression {
  readonly expression: string;
  readonly run: (vars: Record<string, unknown>) => unknown;
  readonly root: CelNode;
}

/** Why the API server refuses an expression, in its words (`compilation failed: ERROR: <input>:1:5: …`). */
export type CompileResult = { ok: true; compiled: CompiledExpression } | { ok: false; error: string };

/** What the engine worker's CEL slot answers before the compiler has loaded (celSlot.ts). */
export const CEL_NOT_LOADED = 'meshsim has not loaded its CEL evaluator yet: edit the text to analyse it again';
