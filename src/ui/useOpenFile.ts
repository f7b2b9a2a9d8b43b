import { useCallback } from 'react';
import { restore } from '../state/persistence.ts';
import { useAppStore } from '../state/storeContext.tsx';

/** Opens a dropped or picked file: a scenario file replaces the scenario, plain YAML fills the tabs it belongs in. */
export function useOpenFile(report: (message: string) => void) {
  const store = useAppStore();
  return useCallback(
    async (file: File) => {
      if (file.size > 50 * 1024 * 1024) {
        report(`${file.name} is larger than 50 MB: for a cluster dump, use the audit instead.`);
        return;
      }
      // The YAML reader loads with the first file opened, not with the page.
      const { openScenarioFile } = await import('../state/scenarioFile.ts');
      const opened = openScenarioFile(await file.text());
      if (opened.kind === 'error') {
        report(`Could not open ${file.name}: ${opened.message}. Your scenario is unchanged.`);
      } else if (opened.kind === 'scenario') {
        const before = { ...store.getState().texts };
        restore(store, opened.scenario);
        store.setState({ lastApplied: { label: `Opened ${file.name}`, before } });
        report(`Opened ${file.name}.`);
      } else {
        store.getState().applyChange(`Opened ${file.name}`, opened.texts);
        const parts = Object.entries(opened.counts).filter(([, n]) => n > 0).map(([tab, n]) => `${n} in ${tab}`);
        report(`Opened ${file.name}: ${parts.join(', ')}.`);
      }
    },
    [store, report],
  );
}
