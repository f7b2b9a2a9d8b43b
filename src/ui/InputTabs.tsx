import { INPUT_NAMES } from '../worker/protocol.ts';
import { INPUT_LABELS } from './inputLabels.ts';
import { EMPTY, useAppState } from '../state/storeContext.tsx';

/** The tabs above the editor, one per input; a dot marks a tab whose text has errors. */
export function InputTabs() {
  const active = useAppState((s) => s.activeInput);
  const setActive = useAppState((s) => s.setActiveInput);
  const diagnostics = useAppState((s) => s.result?.diagnostics ?? EMPTY);
  return (
    <div className="tabs" role="tablist" aria-label="Inputs">
      {INPUT_NAMES.map((name) => {
        const errors = diagnostics.filter((d) => d.source?.input === name && d.severity === 'error').length;
        return (
          <button
            key={name}
            role="tab"
            aria-selected={active === name}
            className={active === name ? 'tab active' : 'tab'}
            title={INPUT_LABELS[name].hint}
            onClick={() => setActive(name)}
          >
            {INPUT_LABELS[name].label}
            {errors > 0 && <span className="badge error" aria-label={`${errors} errors`}>{errors}</span>}
          </button>
        );
      })}
    </div>
  );
}
