// CEL as Kubernetes runs it for admission: the matchConditions environment (RE2 matches, the API
// server's compile-time refusals) and cel-go's runtime cost, over cel-js.
export { compileMatchCondition, plainSummary, EXPRESSION_SIZE_CODE_POINT_LIMIT, MATCH_CONDITION_VARIABLES, type CompileResult, type CompiledExpression } from './environment.ts';
export { evaluateWithCost, CostLimitExceeded, type CostedResult } from './cost.ts';
