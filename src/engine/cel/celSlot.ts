/**
 * Where the app's engine worker keeps the CEL compiler: its build puts this module in place of
 * compiler.ts for environment.ts (vite.config.ts), so cel-js and re2js are not in the first chunk
 * a visit downloads. The worker fills the slot (../celCompiler.ts) before it analyses any text
 * that names matchConditions. Everywhere else (CLI, tests) compiler.ts is imported as written.
 */
import { CEL_NOT_LOADED, type CompileResult } from './compileResult.ts';

let loaded: ((expression: string) => CompileResult) | undefined;

export function compile(expression: string): CompileResult {
  return loaded ? loaded(expression) : { ok: false, error: CEL_NOT_LOADED };
}

export function fillCelCompiler(compiler: (expression: string) => CompileResult): void {
  loaded = compiler;
}

export const celCompilerLoaded = (): boolean => loaded !== undefined;
