import { readInputDocuments } from '../../documents/index.ts';
import { defineStage, type AnyStage } from '../pipeline.ts';
import { INPUT_NAMES, type InputName } from '../types.ts';

/**
 * `parse:<input>`: one input text parsed into documents with positions and its objects sorted by
 * role. One stage per input, so an edit to one tab parses that tab's text only.
 */
export function inputStage<N extends InputName>(name: N) {
  return defineStage({
    id: `parse:${name}` as const,
    reads: (ctx) => [ctx.input.texts[name] ?? ''],
    run: (ctx) => readInputDocuments(name, ctx.input.texts[name] ?? ''),
    diagnostics: (out) => out.diagnostics,
    fallback: () => ({ input: name, objects: [], workloads: [], diagnostics: [] }),
  });
}

export const inputStages: AnyStage[] = INPUT_NAMES.map((name) => inputStage(name) as AnyStage);
