import type { FixRef, InputName, UnwritableEdit } from '../../worker/protocol.ts';
import { sameFix, type FixRefusal } from '../../state/fixTexts.ts';
import { INPUT_LABELS } from '../../state/inputLabels.ts';
import { useAppState } from '../../state/storeContext.tsx';

/** A verified fix as a panel lists it (an admission suggestion or an ambient fix), and where. */
interface FixProps {
  fix: {
    sentence: string;
    texts: Partial<Record<InputName, string>>;
    textsDeferred?: true;
    unwritable?: UnwritableEdit;
  };
  section: FixRef['section'];
  index: number;
}

/** Whether the result already says the fix has no texts (a result that wrote them: not the app's first view). */
const knownEmpty = (fix: FixProps['fix']) => !fix.textsDeferred && !Object.keys(fix.texts).length;

/**
 * A fix's "Apply to the YAML": the engine writes the fix's texts when it is pressed (the app's
 * analyses leave them unwritten), and the store applies them as one undoable change.
 */
export function ApplyFix({ fix, section, index }: FixProps) {
  const applyFix = useAppState((s) => s.applyFix);
  const ref = { section, index, sentence: fix.sentence };
  const busy = useAppState((s) => sameFix(s.applyingFix, ref));
  const anyBusy = useAppState((s) => s.applyingFix !== undefined);
  const press = () => applyFix({ ...ref, texts: fix.texts, ...(fix.textsDeferred ? { textsDeferred: true as const } : {}), ...(fix.unwritable ? { unwritable: fix.unwritable } : {}) });
  return (
    <button className="button" onClick={press} disabled={anyBusy || knownEmpty(fix)} aria-busy={busy || undefined}>
      Apply to the YAML
    </button>
  );
}

/**
 * Why the fix cannot be applied, under it: what the engine answered when Apply was pressed (said
 * while the texts are the ones it was said of: an edit may make it writable), or what a result
 * that wrote the texts says.
 */
export function FixNotice({ fix, section, index }: FixProps) {
  const ref = { section, index, sentence: fix.sentence };
  const said = useAppState((s) => (s.fixNotice && sameFix(s.fixNotice, ref) && s.fixNotice.texts === s.texts ? s.fixNotice.why : undefined));
  const why = said ?? (fix.unwritable ? { unwritable: fix.unwritable } : undefined);
  return why ? (
    <p className="warning-box small" role="alert" data-testid="fix-notice">
      {refusalWords(why)}
    </p>
  ) : null;
}

/** Why a fix was not applied, in the app's words. */
export function refusalWords(why: FixRefusal): string {
  if ('unwritable' in why) {
    const tab = INPUT_LABELS[why.unwritable.input]?.label ?? why.unwritable.input;
    return why.unwritable.reason === 'yaml-error'
      ? `This edit cannot be written into the ${tab} tab: it has a YAML error. Fix the error, then apply it again.`
      : `This edit cannot be written into the ${tab} tab as it is written (a value on its way is not a mapping, or it nests too deeply). Make the change by hand.`;
  }
  if ('gone' in why) return 'This fix no longer applies to the YAML as it is now.';
  if ('changed' in why) return 'Your YAML changed while the edit was being written, so nothing was applied. Apply it again.';
  if ('failed' in why) return `The edit could not be written: ${why.failed}.`;
  return 'This edit cannot be written into the YAML.';
}
