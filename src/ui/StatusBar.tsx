import { useAppState } from '../state/storeContext.tsx';
import { statusCounts } from './statusCounts.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One line at the bottom: is the engine working, how long it took, whether the inputs have errors
 * (something to fix in the YAML), and apart from those, what the scenario shows (double injection).
 */
export function StatusBar() {
  const running = useAppState((s) => s.running);
  const result = useAppState((s) => s.result);
  const notice = useAppState((s) => s.engineNotice);
  const counts = statusCounts(result);
  return (
    <footer className="statusbar" role="status" aria-live="polite">
      {notice ? <span className="notice">{notice}</span> : null}
      <span data-testid="engine-status">{running ? 'Simulating…' : result ? `Simulated in ${Math.round(result.elapsedMs)} ms` : 'Starting the engine…'}</span>
      <span data-testid="input-status" className={counts.inputErrors ? 'bad' : undefined}>
        {counts.inputErrors ? `${plural(counts.inputErrors, 'error')} in the inputs` : 'No errors in the inputs'}
      </span>
      {counts.doubleInjections ? (
        <span data-testid="finding-status" className="finding">
          Finding: double injection ({plural(counts.doubleInjections, 'workload')})
        </span>
      ) : null}
      {counts.engineErrors ? <span className="notice">{plural(counts.engineErrors, 'internal error')} in meshsim (not in your inputs)</span> : null}
      <span className="muted">Nothing you paste leaves this browser.</span>
    </footer>
  );
}
