// CEL as Kubernetes runs it for admission: the matchConditions environment (RE2 matches, the API
// server's compile-time refusals) and cel-go's runtime cost, over cel-js. The lazily loaded
// compiler has a side door of its own (installCompiler.ts, for ../celCompiler.ts).
export { compileMatchCondition, plainSummary, EXPRESSION_SIZE_CODE_POINT_LIMIT, MATCH_CONDITION_VARIABLES } from './environment.ts';
export type { CompileResult, CompiledExpression } from './compileResult.ts';
export { evaluateWithCost, CostLimitExceeded, type CostedResult } from './cost.ts';
