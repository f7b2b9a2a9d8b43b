/**
 * cel/'s side door for the lazily loaded compiler chunk (../celCompiler.ts; eslint.config.js,
 * SIDE_DOORS): the app's engine worker loads it when a text names matchConditions, and
 * `installCel()` puts the compiler (cel-js and Go's RE2) into the slot that the worker's build put
 * in its place (celSlot.ts). Nothing else crosses here, so the first chunk never holds the compiler.
 */
import { compile } from './compiler.ts';
import { fillCelCompiler } from './celSlot.ts';

export function installCel(): void {
  fillCelCompiler(compile);
}
