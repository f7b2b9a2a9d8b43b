/** sprig's list functions (list.go). Lists come back as `[]interface{}` (JavaScript arrays). */
import { GoError, GoSlice, type GoFunc, type GoValue, goFunc, kindName, underlying } from '../values.ts';
import { deepEqual, empty, listItems, toInt64 } from './convert.ts';

const ANY = 'interface {}';
const LIST = '[]interface {}';

/** The items of a list argument, or sprig's error for other kinds. */
function itemsOf(v: GoValue, what: string): GoValue[] {
  if (v === null || v === undefined) throw nilType();
  const items = listItems(v);
  if (!items) throw new GoError(`Cannot ${what} type ${kindName(underlying(v))}`);
  return items;
}

/** What Go says when sprig asks reflect.TypeOf(nil).Kind(). */
export const nilType = () => new GoError('runtime error: invalid memory address or nil pointer dereference');

/** Wraps a sprig "mustX" (which returns an error) and its panicking "X" twin. */
function pair(name: string, params: ('interface {}' | 'int')[], impl: (...a: any[]) => GoValue, result: string, variadic?: 'interface {}'): Record<string, GoFunc> {
  const f = goFunc(params, impl, { result, variadic });
  const mustName = 'must' + name[0].toUpperCase() + name.slice(1);
  return { [name]: f, [mustName]: f };
}

function inList(haystack: GoValue[], needle: GoValue): boolean {
  return haystack.some((h) => deepEqual(h, needle));
}

/** A nil `[]interface{}` (prints `[]`, is empty). */
const nilList = () => new GoSlice('interface {}', null);

export function listFuncs(): Record<string, GoFunc> {
  return {
    list: goFunc([], (xs: GoValue[]) => [...xs], { variadic: ANY, result: LIST }),
    tuple: goFunc([], (xs: GoValue[]) => [...xs], { variadic: ANY, result: LIST }),
    ...pair('push', [ANY, ANY], (l: GoValue, v: GoValue) => [...itemsOf(l, 'push on'), v], LIST),
    ...pair('append', [ANY, ANY], (l: GoValue, v: GoValue) => [...itemsOf(l, 'push on'), v], LIST),
    ...pair('prepend', [ANY, ANY], (l: GoValue, v: GoValue) => [v, ...itemsOf(l, 'prepend on')], LIST),
    ...pair('first', [ANY], (l: GoValue) => {
      const xs = itemsOf(l, 'find first on');
      return xs.length ? xs[0] : null;
    }, ANY),
    ...pair('last', [ANY], (l: GoValue) => {
      const xs = itemsOf(l, 'find last on');
      return xs.length ? xs[xs.length - 1] : null;
    }, ANY),
    ...pair('rest', [ANY], (l: GoValue) => {
      const xs = itemsOf(l, 'find rest on');
      return xs.length ? xs.slice(1) : nilList();
    }, ANY),
    ...pair('initial', [ANY], (l: GoValue) => {
      const xs = itemsOf(l, 'find initial on');
      return xs.length ? xs.slice(0, -1) : nilList();
    }, ANY),
    ...pair('reverse', [ANY], (l: GoValue) => [...itemsOf(l, 'find reverse on')].reverse(), LIST),
    ...pair('uniq', [ANY], (l: GoValue) => {
      const out: GoValue[] = [];
      for (const x of itemsOf(l, 'find uniq on')) if (!inList(out, x)) out.push(x);
      return out;
    }, LIST),
    ...pair('compact', [ANY], (l: GoValue) => itemsOf(l, 'compact on').filter((x) => !empty(x)), LIST),
    ...pair('without', [ANY], (l: GoValue, omit: GoValue[]) => itemsOf(l, 'find without on').filter((x) => !inList(omit, x)), LIST, ANY),
    ...pair('has', [ANY, ANY], (needle: GoValue, hay: GoValue) => {
      if (hay === null || hay === undefined) return false;
      return inList(itemsOf(hay, 'find has on'), needle);
    }, 'bool'),
    ...pair('slice', [ANY], (l: GoValue, idx: GoValue[]) => {
      if (l === null || l === undefined) throw nilType();
      const xs = listItems(l);
      if (!xs) throw new GoError(`list should be type of slice or array but ${kindName(underlying(l))}`);
      if (xs.length === 0) return null; // an untyped nil: mustSlice returns interface{}
      const start = idx.length > 0 ? Number(toInt64(idx[0])) : 0;
      const end = idx.length > 1 ? Number(toInt64(idx[1])) : xs.length;
      if (start < 0 || end > xs.length || start > end) throw new GoError('reflect.Value.Slice: slice index out of bounds');
      return xs.slice(start, end);
    }, ANY, ANY),
    ...pair('chunk', ['int', ANY], (size: bigint, l: GoValue) => {
      const xs = itemsOf(l, 'chunk');
      if (size <= 0n) throw new GoError('runtime error: integer divide by zero');
      const n = Number(size);
      const out: GoValue[] = [];
      for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
      return out;
    }, '[][]interface {}'),
    concat: goFunc([], (lists: GoValue[]) => {
      const out: GoValue[] = [];
      for (const l of lists) {
        if (l === null || l === undefined) throw nilType();
        const xs = listItems(l);
        if (!xs) throw new GoError(`Cannot concat type ${kindName(underlying(l))} as list`);
        out.push(...xs);
      }
      return out;
    }, { variadic: ANY, result: ANY }),
    until: goFunc(['int'], (n: bigint) => untilStep(0n, n, n < 0n ? -1n : 1n), { result: '[]int' }),
    untilStep: goFunc(['int', 'int', 'int'], untilStep, { result: '[]int' }),
    seq: goFunc([], seq, { variadic: 'int', result: 'string' }),
  };
}

const MAX_LIST = 1_000_000n;

export function untilStep(start: bigint, stop: bigint, step: bigint): GoSlice {
  const v: GoValue[] = [];
  const guard = (i: bigint) => {
    if (BigInt(v.length) >= MAX_LIST) throw new GoError(`list of more than ${MAX_LIST} items refused (budget)`);
    v.push(i);
  };
  if (stop < start) {
    if (step >= 0n) return new GoSlice('int', v);
    for (let i = start; i > stop; i += step) guard(i);
    return new GoSlice('int', v);
  }
  if (step <= 0n) return new GoSlice('int', v);
  for (let i = start; i < stop; i += step) guard(i);
  return new GoSlice('int', v);
}

function seq(params: bigint[]): string {
  const join = (s: GoSlice) => (s.items ?? []).map(String).join(' ');
  let inc = 1n;
  switch (params.length) {
    case 1: {
      const start = 1n;
      const end = params[0];
      if (end < start) inc = -1n;
      return join(untilStep(start, end + inc, inc));
    }
    case 2: {
      const [start, end] = params;
      const step = end < start ? -1n : 1n;
      return join(untilStep(start, end + step, step));
    }
    case 3: {
      const [start, step, end] = params;
      if (end < start) {
        inc = -1n;
        if (step > 0n) return '';
      }
      return join(untilStep(start, end + inc, step));
    }
    default:
      return '';
  }
}
