import type { Diagnostic, InputName } from '../worker/protocol.ts';

/**
 * Texts too large for the editor. Monaco, given a text, splits it into lines, measures and renders
 * it and sends it to its YAML worker, all on the main thread, in one task: a 1.5 MB paste took 54 ms
 * of the main thread's CPU in Chromium on the shared build machine, a 10 MB one 0.6 s and a 50 MB
 * one 2.5 s of long tasks — far past the 100 ms a user reads as a freeze. A text past this size
 * never goes into the editor: a paste or drop that would make one is taken before Monaco sees it
 * and kept in the store (the simulation reads it, the autosave keeps it in IndexedDB), and the
 * editor shows a notice in its place. 1 MB leaves Monaco's task at about a third of the bound.
 */
export const EDITOR_LIMIT = 1024 * 1024;

/** Whether the editor shows `text` (else it is held: kept, simulated, not shown). */
export function editorHolds(text: string): boolean {
  return text.length <= EDITOR_LIMIT;
}

/** A held text's size as the notice says it (held texts are past a MB, so always in MB): `50.0 MB`. */
export function megabytes(chars: number): string {
  return `${(chars / 1048576).toFixed(1)} MB`;
}

/**
 * The problems a held tab's notice lists in the editor's place: the tab's errors, at most three.
 * They are said there, beside the text they are about and what to do with it (Save as file, Undo,
 * Clear), so the results' error list leaves them out (shownInHeldNotices): said once.
 */
export function heldNoticeProblems(diagnostics: readonly Diagnostic[], name: InputName): Diagnostic[] {
  return diagnostics.filter((d) => d.source?.input === name && d.severity === 'error').slice(0, 3);
}

/** Every diagnostic some held tab's notice shows. */
export function shownInHeldNotices(texts: Readonly<Record<InputName, string>>, diagnostics: readonly Diagnostic[]): Set<Diagnostic> {
  const shown = new Set<Diagnostic>();
  for (const name of Object.keys(texts) as InputName[]) if (!editorHolds(texts[name])) for (const d of heldNoticeProblems(diagnostics, name)) shown.add(d);
  return shown;
}
