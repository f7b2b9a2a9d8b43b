/**
 * sprig v3's TxtFuncMap, reimplemented over the value model. Every name is there; the crypto,
 * certificate and DNS functions stop the render with an error that says meshsim does not simulate
 * them (unsimulated.ts), the clock is this machine's, and the process environment is empty
 * (`env` gives "").
 */
import type { GoFunc } from '../values.ts';
import { dateFuncs } from './dates.ts';
import { dictFuncs } from './dicts.ts';
import { encodingFuncs } from './encoding.ts';
import { listFuncs } from './lists.ts';
import { mathFuncs } from './math.ts';
import { miscFuncs } from './misc.ts';
import { regexFuncs } from './regex.ts';
import { stringFuncs } from './strings.ts';
import { unsimulatedFuncs } from './unsimulated.ts';

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
    ...dateFuncs(),
    ...unsimulatedFuncs(),
  });
  return cached;
}
