/**
 * The CEL environment Kubernetes compiles a webhook's matchConditions in, over cel-js, with what the
 * API server does at compile time: the variables a webhook has (`object`, `oldObject`, `request`,
 * `namespaceObject`, `authorizer`; no `params`, no `variables`), cel-go's expression size limit, a bool
 * result, and regex literals checked when the configuration is written. `matches()` runs Go's RE2
 * (src/engine/go/regexp.ts), as cel-go's does: cel-js's own uses JavaScript's backtracking RegExp,
 * so every `matches` call is renamed, in the parse tree, to an overload registered here.
 */
import { Environment } from '@marcbachmann/cel-js';
import { GoRegexpError, compileGoRegexp, matchString } from '../go/regexp.ts';
import { allNodes, calledName, callOperands, renameCall, type CelNode } from './ast.ts';
import { instrument } from './cost.ts';

/** cel-go's parser refuses longer expressions (its default expressionSizeCodePointLimit). */
export const EXPRESSION_SIZE_CODE_POINT_LIMIT = 100_000;

/** The variables the API server declares for a webhook's matchConditions. */
export const MATCH_CONDITION_VARIABLES = ['object', 'oldObject', 'request', 'namespaceObject', 'authorizer'] as const;

/** The name `matches` is renamed to; one no expression can name, since the parser never sees it. */
const RE2_MATCHES = 'matches__re2';

function re2Matches(s: string, pattern: string): boolean {
  try {
    return matchString(compileGoRegexp(pattern), s);
  } catch (e) {
    // cel-go returns regexp.Compile's error as the call's error.
    if (e instanceof GoRegexpError) throw new Error(e.message);
    throw e;
  }
}

const env = new Environment({ unlistedVariablesAreDyn: false, enableOptionalTypes: true })
  .registerFunction(`string.${RE2_MATCHES}(string): bool`, re2Matches)
  .registerFunction(`${RE2_MATCHES}(string, string): bool`, re2Matches);
for (const v of MATCH_CONDITION_VARIABLES) env.registerVariable(v, 'dyn');

/** A compiled expression: its cel-js program, ready for `evaluateWithCost`. */
export interface CompiledExpression {
  readonly expression: string;
  readonly run: (vars: Record<string, unknown>) => unknown;
  readonly root: CelNode;
}

/** Why the API server refuses an expression, in its words (`compilation failed: ERROR: <input>:1:5: …`). */
export type CompileResult = { ok: true; compiled: CompiledExpression } | { ok: false; error: string };

const cache = new Map<string, CompileResult>();
const CACHE_LIMIT = 512;

/** Compiles a matchCondition expression as the API server does when the configuration is written. */
export function compileMatchCondition(expression: string): CompileResult {
  const hit = cache.get(expression);
  if (hit) return hit;
  const result = compile(expression);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(expression, result);
  return result;
}

function compile(expression: string): CompileResult {
  const size = [...expression].length;
  if (size > EXPRESSION_SIZE_CODE_POINT_LIMIT) {
    return { ok: false, error: `compilation failed: ERROR: <input>:-1:0: expression code point size exceeds limit: size: ${size}, limit ${EXPRESSION_SIZE_CODE_POINT_LIMIT}` };
  }
  let parsed: ReturnType<typeof env.parse>;
  try {
    parsed = env.parse(expression);
  } catch (e) {
    return { ok: false, error: `compilation failed: ${issue(expression, e)}` };
  }
  const root = parsed.ast as unknown as CelNode;
  const nodes = allNodes(root);
  for (const n of nodes) if (calledName(n) === 'matches') renameCall(n, RE2_MATCHES);
  const checked = parsed.check();
  if (!checked.valid) return { ok: false, error: `compilation failed: ${issue(expression, checked.error)}` };
  if (checked.type !== 'bool') return { ok: false, error: `must evaluate to bool but got ${checked.type}` };
  // cel-go's ValidateRegexLiterals: a literal first argument of matches() must compile.
  for (const n of nodes) {
    if (calledName(n) !== RE2_MATCHES) continue;
    const literal = (n.op === 'rcall' ? callOperands(n)[1] : callOperands(n)[0]) as CelNode | undefined;
    if (literal?.op !== 'value' || typeof literal.args !== 'string') continue;
    try {
      compileGoRegexp(literal.args);
    } catch (e) {
      if (!(e instanceof GoRegexpError)) throw e;
      return { ok: false, error: `compilation failed: ERROR: ${position(expression, literal.start)}: invalid matches argument` };
    }
  }
  instrument(nodes);
  return { ok: true, compiled: { expression, run: (vars) => parsed(vars), root } };
}

/** cel-go's `<input>:line:column` (both 1-based) for an offset into the expression. */
function position(expression: string, offset: number): string {
  const before = expression.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
  return `<input>:${line}:${column}`;
}

/** One cel-js error as cel-go prints an issue: `ERROR: <input>:1:5: message`. */
function issue(expression: string, e: unknown): string {
  const err = e as { summary?: string; message?: string; range?: { start: number } } | undefined;
  const summary = plainSummary(err?.summary ?? err?.message ?? String(e));
  const at = err?.range?.start;
  return `ERROR: ${at === undefined ? '<input>:-1:0' : position(expression, at)}: ${summary}`;
}

/** cel-js's wording, with the renamed function shown by its own name. */
export function plainSummary(message: string): string {
  const first = message.split('\n')[0].split(RE2_MATCHES).join('matches');
  // cel-go's checker words an unknown name this way.
  const unknown = /^Unknown variable: (.+)$/.exec(first);
  return unknown ? `undeclared reference to '${unknown[1]}' (in container '')` : first;
}
