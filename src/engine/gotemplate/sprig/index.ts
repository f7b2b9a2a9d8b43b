/**
 * sprig v3's TxtFuncMap, reimplemented over the value model. Left out: date/time functions, crypto and
 * certificate generators, getHostByName (no clock, crypto or network worth simulating here); the
 * process environment is empty (`env` gives "").
 */
import type { GoFunc } from '../values.ts';
import { dictFuncs } from './dicts.ts';
import { encodingFuncs } from './encoding.ts';
import { listFuncs } from './lists.ts';
import { mathFuncs } from './math.ts';
import { miscFuncs } from './misc.ts';
import { regexFuncs } from './regex.ts';
import { stringFuncs } from './strings.ts';

let cached: Readonly<Record<string, GoFunc>> | undefined;

/** sprig's function map (a fresh-looking frozen object shared by every caller). */
export function sprigFunctions(): Readonly<Record<string, GoFunc>> {
  cached ??= Object.freeze({
    ...stringFuncs(),
    ...listFuncs(),
    ...dictFuncs(),
    ...mathFuncs(),
    ...encodingFuncs(),
    ...regexFuncs(),
    ...miscFuncs(),
  });
  return cached;
}
