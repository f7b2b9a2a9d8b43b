/**
 * sprig's regex functions over Go's RE2 syntax, translated to JavaScript RegExp for the common subset
 * (named groups `(?P<n>…)`, leading flags `(?i)`/`(?s)`/`(?m)`, `\A`, `\z`, POSIX classes). Go's
 * replacement template (`$1`, `${name}`) and Split/FindAll empty-match rules are reproduced.
 */
import { GoError, GoSlice, type GoFunc, type GoValue, goFunc } from '../values.ts';

const posix: Record<string, string> = {
  alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\x00-\\x7F', blank: '\\t ', cntrl: '\\x00-\\x1F\\x7F', digit: '0-9',
  graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-\\/:-@\\[-`{-~', space: '\\t\\n\\v\\f\\r ', upper: 'A-Z',
  word: '0-9A-Za-z_', xdigit: '0-9A-Fa-f',
};

const cache = new Map<string, RegExp>();

/**
 * Whether a repetition is applied to a group that itself repeats, e.g. `(a+)+` or `(\\w*\\s?)*`. Go's RE2
 * runs such patterns in linear time, but a backtracking JavaScript engine can take exponential time, so
 * they are refused rather than risk hanging the simulator.
 */
export function hasNestedRepetition(expr: string): boolean {
  const groups: boolean[] = [];
  let repeats = false; // current group level contains a repetition
  let lastGroupRepeats = false; // the atom just before the current position was a group that repeats
  let inClass = false;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (c === '\\') {
      i++;
      lastGroupRepeats = false;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    const unbounded = c === '*' || c === '+' || (c === '{' && /^\{\d*,\d*\}|^\{\d+\}/.test(expr.slice(i)) && !/^\{[01]\}|^\{0?,1\}/.test(expr.slice(i)));
    if (unbounded) {
      if (lastGroupRepeats) return true;
      repeats = true;
      lastGroupRepeats = false;
      continue;
    }
    switch (c) {
      case '[': inClass = true; lastGroupRepeats = false; break;
      case '(': groups.push(repeats); repeats = false; lastGroupRepeats = false; break;
      case ')': {
        lastGroupRepeats = repeats;
        repeats = (groups.pop() ?? false) || repeats;
        break;
      }
      case '?': break; // optional (or lazy marker): keeps what precedes it
      default: lastGroupRepeats = false;
    }
  }
  return false;
}

/** Compiles a Go regexp; failures are worded like regexp.MustCompile's panic. */
export function compileGoRegexp(expr: string): RegExp {
  const hit = cache.get(expr);
  if (hit) return hit;
  if (hasNestedRepetition(expr)) {
    throw new GoError(`regexp: ${JSON.stringify(expr)} repeats a repeating group; this simulator refuses it because a JavaScript regex engine could take exponential time on it`);
  }
  let src = expr;
  let flags = 'g';
  const lead = /^\(\?([imsU]+)\)/.exec(src);
  if (lead) {
    if (lead[1].includes('i')) flags += 'i';
    if (lead[1].includes('m')) flags += 'm';
    if (lead[1].includes('s')) flags += 's';
    src = src.slice(lead[0].length);
  }
  src = src
    .replace(/\(\?P</g, '(?<')
    .replace(/\[:(\^?)([a-z]+):\]/g, (m, neg: string, name: string) => (Object.prototype.hasOwnProperty.call(posix, name) ? (neg ? `^${posix[name]}` : posix[name]) : m))
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$(?![\\s\\S])');
  if (/\\[pP]/.test(src)) {
    flags += 'u';
    src = src.replace(/\\([pP])([A-Za-z])/g, '\\$1{$2}');
  }
  let re: RegExp;
  try {
    re = new RegExp(src, flags);
  } catch (e) {
    throw new GoError(`regexp: Compile(${JSON.stringify(expr)}): error parsing regexp: ${(e as Error).message}`);
  }
  if (cache.size > 500) cache.clear();
  cache.set(expr, re);
  return re;
}

/** All non-overlapping matches, skipping empty matches that abut the previous match (Go's rule). */
export function findAll(re: RegExp, s: string, n: number): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  if (n === 0) return out;
  const r = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  let prevEnd = -1;
  r.lastIndex = 0;
  while (r.lastIndex <= s.length) {
    const m = r.exec(s);
    if (!m) break;
    const end = m.index + m[0].length;
    if (m[0].length === 0) {
      r.lastIndex = m.index + (s.codePointAt(m.index)! > 0xffff ? 2 : 1);
      if (m.index === prevEnd) continue;
    }
    out.push(m);
    prevEnd = end;
    if (n > 0 && out.length >= n) break;
  }
  return out;
}

/** Go's Regexp.Expand template: $1, ${1}, $name, ${name}, $$. */
function expand(template: string, m: RegExpExecArray): string {
  if (!template.includes('$')) return template;
  return template.replace(/\$(\$|\{([A-Za-z0-9_]+)\}|([A-Za-z0-9_]+))/g, (_all, tok: string, braced?: string, bare?: string) => {
    if (tok === '$') return '$';
    const name = braced ?? bare!;
    if (/^\d+$/.test(name)) return m[Number(name)] ?? '';
    return m.groups?.[name] ?? '';
  });
}

function replaceAll(re: RegExp, s: string, repl: (m: RegExpExecArray) => string): string {
  let out = '';
  let last = 0;
  for (const m of findAll(re, s, -1)) {
    out += s.slice(last, m.index) + repl(m);
    last = m.index + m[0].length;
  }
  return out + s.slice(last);
}

function split(re: RegExp, s: string, n: number): string[] {
  if (n === 0) return [];
  if (re.source.length > 0 && s.length === 0) return [''];
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of findAll(re, s, n)) {
    if (n > 0 && out.length === n - 1) break;
    end = m.index;
    if (m.index + m[0].length !== 0) out.push(s.slice(beg, end));
    beg = m.index + m[0].length;
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}

export function quoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

export function regexFuncs(): Record<string, GoFunc> {
  const S = 'string';
  const strs = (xs: string[]) => new GoSlice('string', xs);
  const both = (name: string, params: ('string' | 'int')[], impl: (...a: any[]) => GoValue, result: string, quiet?: (...a: any[]) => GoValue) => {
    const must = 'must' + name[0].toUpperCase() + name.slice(1);
    return { [name]: goFunc(params, quiet ?? impl, { result }), [must]: goFunc(params, impl, { result }) };
  };
  return {
    ...both('regexMatch', [S, S], (r: string, s: string) => {
      const re = compileGoRegexp(r);
      re.lastIndex = 0;
      return re.test(s);
    }, 'bool', (r: string, s: string) => {
      try {
        const re = compileGoRegexp(r);
        re.lastIndex = 0;
        return re.test(s);
      } catch {
        return false;
      }
    }),
    ...both('regexFindAll', [S, S, 'int'], (r: string, s: string, n: bigint) => strs(findAll(compileGoRegexp(r), s, Number(n)).map((m) => m[0])), '[]string'),
    ...both('regexFind', [S, S], (r: string, s: string) => findAll(compileGoRegexp(r), s, 1)[0]?.[0] ?? '', S),
    ...both('regexReplaceAll', [S, S, S], (r: string, s: string, t: string) => replaceAll(compileGoRegexp(r), s, (m) => expand(t, m)), S),
    ...both('regexReplaceAllLiteral', [S, S, S], (r: string, s: string, t: string) => replaceAll(compileGoRegexp(r), s, () => t), S),
    ...both('regexSplit', [S, S, 'int'], (r: string, s: string, n: bigint) => strs(split(compileGoRegexp(r), s, Number(n))), '[]string'),
    regexQuoteMeta: goFunc([S], quoteMeta, { result: S }),
  };
}
