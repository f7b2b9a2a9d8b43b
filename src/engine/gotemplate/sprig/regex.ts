/**
 * sprig's regex functions (regex.go) over Go's regexp (src/engine/go/regexp.ts: RE2, linear time,
 * Go's syntax and errors). The plain functions call regexp.MustCompile, whose panic the template
 * shows as the call's error; the must* ones return regexp.Compile's error; regexMatch swallows it.
 */
import {
  GoRegexpError, compileGoRegexp, expand, findAll, groupText, matchString, mustCompileMessage, quoteMeta, replaceAll, split,
  type GoRegexp,
} from '../../go/index.ts';
import { chargeSteps } from '../workMeter.ts';
import { GoError, GoSlice, type GoFunc, type GoValue, goFunc } from '../values.ts';

export { quoteMeta };

/** regexp.Compile, its error as the function's Go error. */
function compile(expr: string): GoRegexp {
  try {
    return compileGoRegexp(expr);
  } catch (e) {
    if (e instanceof GoRegexpError) throw new GoError(e.message);
    throw e;
  }
}

/** regexp.MustCompile: the same refusal, worded as its panic. */
function mustCompile(expr: string): GoRegexp {
  try {
    return compileGoRegexp(expr);
  } catch (e) {
    if (e instanceof GoRegexpError) throw new GoError(mustCompileMessage(expr, e));
    throw e;
  }
}

/**
 * RE2 runs in time proportional to the text times the pattern's size; charge that to the
 * template's budget so a loop over a big text stops at the budget instead of running for minutes.
 * `perChar` is what one character costs next to a template step, measured: a plain match runs on
 * re2js's DFA (about one step a character), finding costs about 4, replacing and splitting about 12.
 */
function charge(r: GoRegexp, s: string, perChar: number): void {
  chargeSteps(Math.ceil(s.length * perChar * Math.max(1, r.re.programSize() / 32)));
}

export function regexFuncs(): Record<string, GoFunc> {
  const S = 'string';
  const strs = (xs: string[]) => new GoSlice('string', xs);
  /** A sprig pair: `name` compiles with `plain` (MustCompile, or a quiet Compile), `mustName` with Compile. */
  const pair = (name: string, params: ('string' | 'int')[], result: string, run: (compileWith: (e: string) => GoRegexp, ...a: any[]) => GoValue) => {
    const must = 'must' + name[0].toUpperCase() + name.slice(1);
    return {
      [name]: goFunc(params, (...a: any[]) => run(mustCompile, ...a), { result }),
      [must]: goFunc(params, (...a: any[]) => run(compile, ...a), { result }),
    };
  };
  const used = (compileWith: (e: string) => GoRegexp, expr: string, s: string, perChar = 4) => {
    const r = compileWith(expr);
    charge(r, s, perChar);
    return r;
  };
  return {
    regexMatch: goFunc([S, S], (expr: string, s: string) => {
      let r: GoRegexp;
      try {
        r = compileGoRegexp(expr);
      } catch (e) {
        if (e instanceof GoRegexpError) return false;
        throw e;
      }
      charge(r, s, 1);
      return matchString(r, s);
    }, { result: 'bool' }),
    mustRegexMatch: goFunc([S, S], (expr: string, s: string) => matchString(used(compile, expr, s, 1), s), { result: 'bool' }),
    ...pair('regexFindAll', [S, S, 'int'], '[]string', (c, expr: string, s: string, n: bigint) =>
      strs(findAll(used(c, expr, s), s, Number(n)).map((m) => groupText(s, m, 0)))),
    ...pair('regexFind', [S, S], S, (c, expr: string, s: string) => {
      const m = findAll(used(c, expr, s), s, 1)[0];
      return m ? groupText(s, m, 0) : '';
    }),
    ...pair('regexReplaceAll', [S, S, S], S, (c, expr: string, s: string, t: string) => {
      const r = used(c, expr, s, 12);
      return replaceAll(r, s, (m) => expand(r, t, s, m));
    }),
    ...pair('regexReplaceAllLiteral', [S, S, S], S, (c, expr: string, s: string, t: string) => replaceAll(used(c, expr, s, 12), s, () => t)),
    ...pair('regexSplit', [S, S, 'int'], '[]string', (c, expr: string, s: string, n: bigint) => strs(split(used(c, expr, s, 12), s, Number(n)))),
    regexQuoteMeta: goFunc([S], quoteMeta, { result: S }),
  };
}
