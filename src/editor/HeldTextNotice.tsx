import { EDITOR_LIMIT, heldNoticeProblems, megabytes } from '../state/heldText.ts';
import { EMPTY, useAppState, useAppStore } from '../state/storeContext.tsx';
import { download } from './download.ts';
import { blobOf } from '../worker/largeTexts.ts';
import { INPUT_LABELS } from '../state/inputLabels.ts';
import type { InputName } from '../worker/protocol.ts';

/**
 * Shown in the editor's place while its tab holds a text too large for the editor
 * (state/heldText.ts): what is there, that it is kept, what the simulation made of it, and what to
 * do — save it as a file, undo the paste, or clear the tab.
 */
export function HeldTextNotice({ name }: { name: InputName }) {
  const size = useAppState((s) => s.texts[name].length);
  const diagnostics = useAppState((s) => s.result?.diagnostics ?? EMPTY);
  const lastApplied = useAppState((s) => s.lastApplied);
  const undo = useAppState((s) => s.undoLastChange);
  const apply = useAppState((s) => s.applyChange);
  const store = useAppStore();
  const label = INPUT_LABELS[name].label;
  const problems = heldNoticeProblems(diagnostics, name);
  const refused = problems.some((d) => d.code === 'input-too-large');
  return (
    <div className="held-text" role="note" aria-label={`${label}: text too large for the editor`} data-testid="held-text" data-chars={size}>
      <p>
        <strong>
          {label} holds {megabytes(size)} of text
        </strong>
        , more than the editor shows ({megabytes(EDITOR_LIMIT)} at most), so it is not shown here. It is kept in this browser (autosaved, so a reload keeps it){refused ? '.' : ' and the simulation is given it as it is.'}
      </p>
      {problems.length ? (
        <ul className="held-text-problems">
          {problems.map((d, i) => (
            <li key={i}>{d.message}</li>
          ))}
        </ul>
      ) : null}
      <p className="held-text-actions">
        <button type="button" className="button small" onClick={() => void blobOf(store.getState().texts[name]).then((blob) => download(blob, `${name}.yaml`))}>
          Save as file
        </button>
        {lastApplied && name in lastApplied.before ? (
          <button type="button" className="button small" onClick={undo}>
            Undo: {lastApplied.label}
          </button>
        ) : null}
        <button type="button" className="button small" onClick={() => apply(`Cleared the ${label} tab (${megabytes(size)})`, { [name]: '' })}>
          Clear this tab
        </button>
      </p>
    </div>
  );
}
