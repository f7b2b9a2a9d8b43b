import { useAppState } from '../state/storeContext.tsx';

/** One line at the bottom: is the engine working, how long it took, what went wrong with it. */
export function StatusBar() {
  const running = useAppState((s) => s.running);
  const result = useAppState((s) => s.result);
  const notice = useAppState((s) => s.engineNotice);
  const errors = result?.diagnostics.filter((d) => d.severity === 'error').length ?? 0;
  return (
    <footer className="statusbar" role="status" aria-live="polite">
      {notice ? <span className="notice">{notice}</span> : null}
      <span data-testid="engine-status">{running ? 'Simulating…' : result ? `Simulated in ${Math.round(result.elapsedMs)} ms` : 'Starting the engine…'}</span>
      <span>{errors ? `${errors} error${errors > 1 ? 's' : ''} in the inputs` : 'No errors in the inputs'}</span>
      <span className="muted">Nothing you paste leaves this browser.</span>
    </footer>
  );
}
