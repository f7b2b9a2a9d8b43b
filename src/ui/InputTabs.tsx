import { INPUT_NAMES } from '../worker/protocol.ts';
import { INPUT_LABELS } from '../state/inputLabels.ts';
import { EMPTY, useAppState } from '../state/storeContext.tsx';
import { TabList } from './tabs/TabList.tsx';

const ITEMS = INPUT_NAMES.map((id) => ({ id, label: INPUT_LABELS[id].label, title: INPUT_LABELS[id].hint }));

/** The tabs above the editor, one per input; a badge counts a tab's errors. */
export function InputTabs({ onSelect }: { onSelect?: () => void }) {
  const active = useAppState((s) => s.activeInput);
  const setActive = useAppState((s) => s.setActiveInput);
  const diagnostics = useAppState((s) => s.result?.diagnostics ?? EMPTY);
  return (
    <TabList
      group="inputs"
      label="Inputs"
      items={ITEMS}
      selected={active}
      onSelect={(name) => {
        setActive(name);
        onSelect?.();
      }}
      className="tabs input-tabs"
    >
      {(item) => {
        const errors = diagnostics.filter((d) => d.source?.input === item.id && d.severity === 'error').length;
        return errors > 0 ? <span className="badge error" aria-label={`${errors} errors`}>{errors}</span> : null;
      }}
    </TabList>
  );
}
