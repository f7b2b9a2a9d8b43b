import { execute, parseTemplates, sprigFunctions, type GoValue } from '../../engine/gotemplate/index.ts';
import type { KindChecker } from '../types.ts';

/**
 * A gotemplate case: parse `template` (one text named "t", or named texts in order), execute `execute`
 * (or "t") with `data`, compare the output or the error's phase and substring (see the corpus README).
 */
export const checkGotemplate: KindChecker = (c) => {
  const spec = c.spec as {
    template: string | Record<string, string>;
    execute?: string;
    funcs?: string;
    data?: unknown;
    expected: { output?: string; error?: string; phase?: 'parse' | 'exec' };
  };
  const texts: [string, string][] = typeof spec.template === 'string' ? [['t', spec.template]] : Object.entries(spec.template);
  const name = spec.execute ?? (typeof spec.template === 'string' ? 't' : texts[0][0]);
  const funcs = spec.funcs === 'sprig' ? sprigFunctions() : {};
  const data = (spec.data ?? null) as GoValue;
  const parsed = parseTemplates(texts, funcs);
  const want = spec.expected;
  if (!parsed.ok) {
    if (want.error !== undefined && want.phase === 'parse' && parsed.error.message.includes(want.error)) return { pass: true };
    return { pass: false, diff: `  parse failed: ${parsed.error.message}\n  expected: ${describe(want)}` };
  }
  if (want.phase === 'parse') return { pass: false, diff: `  parsed fine\n  expected: ${describe(want)}` };
  const r = execute(parsed.set, name, data);
  if (!r.ok) {
    if (want.error !== undefined && r.error.message.includes(want.error)) return { pass: true };
    return { pass: false, diff: `  exec failed: ${r.error.message}\n  expected: ${describe(want)}` };
  }
  if (want.output !== undefined && r.output === want.output) return { pass: true };
  return { pass: false, diff: `  output: ${JSON.stringify(r.output)}\n  expected: ${describe(want)}` };
};

function describe(want: { output?: string; error?: string; phase?: string }): string {
  return want.output !== undefined ? `output ${JSON.stringify(want.output)}` : `${want.phase} error containing ${JSON.stringify(want.error)}`;
}
