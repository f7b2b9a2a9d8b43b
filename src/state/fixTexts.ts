import type { FixRef, FixTexts, InputName, UnwritableEdit } from '../worker/protocol.ts';

/*
 * Applying a verified fix (an admission suggestion, an ambient fix). The app's engine leaves the
 * texts a fix would write unwritten until its Apply is pressed (worker/protocol.ts `fixTexts`);
 * then the store asks for them, applies them as one undoable change, or keeps why not (the panel
 * says it in words: ui/admission/ApplyFix.tsx).
 */

/** A fix as a panel shows it: where it is listed, and its texts as the result has them. */
export interface OfferedFix extends FixRef {
  texts: Partial<Record<InputName, string>>;
  textsDeferred?: true;
  unwritable?: UnwritableEdit;
}

/**
 * Why a fix was not applied: an input refuses the edit, the input no longer offers the fix, the
 * YAML changed while its texts were written, the engine failed, or it has no texts at all.
 */
export type FixRefusal = { unwritable: UnwritableEdit } | { gone: true } | { changed: true } | { failed: string } | { empty: true };

/** The refusal a fix's answer carries, when it has no texts. */
export const refusalOf = (answer: FixTexts): FixRefusal => (answer.unwritable ? { unwritable: answer.unwritable } : answer.gone ? { gone: true } : { empty: true });

/** Whether two references name the same fix. */
export const sameFix = (a: FixRef | undefined, b: FixRef): boolean => a !== undefined && a.section === b.section && a.index === b.index && a.sentence === b.sentence;
