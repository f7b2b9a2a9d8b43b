import type { Verdict } from '../../worker/protocol.ts';
import { Term } from '../Term.tsx';

const LOOK: Record<Verdict, { icon: string; word: string }> = {
  injected: { icon: '✔', word: 'Injected' },
  'not-injected': { icon: '✘', word: 'Not injected' },
  rejected: { icon: '⊘', word: 'Rejected' }, // not ⛔: emoji fonts are often missing on Linux
};

/** The answer to "will my pod get a sidecar?", in words a newcomer understands. */
export function VerdictBanner({ verdict, summary, injectedBy }: { verdict: Verdict; summary: string; injectedBy: string[] }) {
  const look = LOOK[verdict];
  return (
    <div className={`verdict ${verdict}`} data-testid="verdict" data-verdict={verdict}>
      <span className="verdict-icon" aria-hidden="true">{look.icon}</span>
      <div>
        <strong>{look.word}</strong>
        {injectedBy.length ? (
          <span className="muted">
            {' '}
            · by <Term name="revision">revision</Term> {injectedBy.join(', ')}
          </span>
        ) : null}
        <p>{summary}</p>
      </div>
    </div>
  );
}
