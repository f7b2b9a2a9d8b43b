/**
 * The heavy half of the matchConditions environment: cel-js and Go's RE2 (re2js), which a first
 * verdict rarely needs. environment.ts calls it; the app's engine worker is built with a slot in
 * its place and loads this module when a text names matchConditions (vite.config.ts, celSlot.ts).
 */
import { Environment } from '@marcbachmann/cel-js';
import { GoRegexpError, compileGoRegexp, matchString } from '../go/index.ts';
import { allNodes, calledName, callOperands, renameCall, type CelNode } from './ast.ts';
import { instrument } from './cost.ts';
import { EXPRESSION_SIZE_CODE_POINT_LIMIT, MATCH_CONDITION_VARIABLES, plainSummary, RE2_MATCHES } from './names.ts';
import type { CompileResult } from './compileResult.ts';

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

/** Compiles one expression (no cache: environment.ts keeps it). */
export function compile(expression: string): CompileResult {
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

