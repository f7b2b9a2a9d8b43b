// Names the light and the heavy halves of the CEL environment share (see compiler.ts).

/** cel-go's parser refuses longer expressions (its default expressionSizeCodePointLimit). */
export const EXPRESSION_SIZE_CODE_POINT_LIMIT = 100_000;

/** The variables the API server declares for a webhook's matchConditions. */
export const MATCH_CONDITION_VARIABLES = ['object', 'oldObject', 'request', 'namespaceObject', 'authorizer'] as const;

/** The name `matches` is renamed to; one no expression can name, since the parser never sees it. */
export const RE2_MATCHES = 'matches__re2';

/** cel-js's wording, with the renamed function shown by its own name. */
export function plainSummary(message: string): string {
  const first = message.split('\n')[0].split(RE2_MATCHES).join('matches');
  // cel-go's checker words an unknown name this way.
  const unknown = /^Unknown variable: (.+)$/.exec(first);
  return unknown ? `undeclared reference to '${unknown[1]}' (in container '')` : first;
}
