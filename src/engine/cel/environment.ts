/**
 * The CEL environment Kubernetes compiles a webhook's matchConditions in, over cel-js, with what the
 * API server does at compile time: the variables a webhook has (`object`, `oldObject`, `request`,
 * `namespaceObject`, `authorizer`; no `params`, no `variables`), cel-go's expression size limit, a bool
 * result, and regex literals checked when the configuration is written. `matches()` runs Go's RE2
 * (src/engine/go/regexp.ts), as cel-go's does: cel-js's own uses JavaScript's backtracking RegExp,
 * so every `matches` call is renamed, in the parse tree, to an overload registered here.
 */
import { CEL_NOT_LOADED, type CompileResult } from './compileResult.ts';
import { compile } from './compiler.ts';

export { EXPRESSION_SIZE_CODE_POINT_LIMIT, MATCH_CONDITION_VARIABLES, plainSummary } from './names.ts';

const cache = new Map<string, CompileResult>();
const CACHE_LIMIT = 512;

/** Compiles a matchCondition expression as the API server does when the configuration is written. */
export function compileMatchCondition(expression: string): CompileResult {
  const hit = cache.get(expression);
  if (hit) return hit;
  const result = compile(expression);
  // The engine worker's CEL slot answers this while the compiler loads: not a result to keep.
  if (!result.ok && result.error === CEL_NOT_LOADED) return result;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(expression, result);
  return result;
}
