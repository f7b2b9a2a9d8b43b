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
    ...pair('chunk', ['int', ANY], (size: bigint, l: GoValue) => chunk(Number(size), itemsOf(l, 'chunk')), '[][]interface {}'),
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

/** sprig's chunk arithmetic, kept as it is (sizes <= 0 end in Go's runtime panics). */
function chunk(size: number, xs: GoValue[]): GoValue[] {
  const toInt = (f: number) => (Number.isFinite(f) && Math.abs(f) < 2 ** 63 ? Math.trunc(f) : -1);
  const l = xs.length;
  const cs = toInt(Math.floor((l - 1) / size) + 1);
  if (cs < 0) throw new GoError('runtime error: makeslice: len out of range');
  if (cs > 1_000_000) throw new GoError(`list of more than ${MAX_LIST} items refused (budget)`);
  const out: GoValue[] = [];
  for (let i = 0; i < cs; i++) {
    let clen = size;
    if (i === cs - 1) {
      clen = toInt(Math.floor(l % size));
      if (clen === 0) clen = size;
    }
    if (clen < 0) throw new GoError('runtime error: makeslice: len out of range');
    const part: GoValue[] = [];
    for (let j = 0; j < clen; j++) {
      const ix = i * size + j;
      if (ix < 0 || ix >= l) throw new GoError('reflect: slice index out of range');
      part.push(xs[ix]);
    }
    out.push(part);
  }
  return out;
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
