import type { AmbientFixApplied } from '../../worker/protocol.ts';
import { ApplyFix, FixNotice } from '../admission/ApplyFix.tsx';

const HEADING = {
  enroll: 'How to enroll it in ambient',
  'keep-out': 'How to keep it out of ambient',
  'keep-ambient': 'Resolve the conflict: keep ambient',
  'keep-sidecar': 'Resolve the conflict: keep the sidecar',
  'replace-stale-advice': 'Replace stale advice',
} as const;

const MODE = { ambient: 'ambient', sidecar: 'sidecar', none: 'out of the mesh', rejected: 'rejected' } as const;

/** Verified fixes, grouped by what they achieve; each one applies to the YAML in one click (and undoes). */
export function AmbientFixes({ fixes }: { fixes: AmbientFixApplied[] }) {
  if (!fixes.length) return null;
  const goals = [...new Set(fixes.map((f) => f.goal))];
  return (
    <section className="suggestions" aria-label="Ambient fixes" data-testid="ambient-fixes">
      {goals.map((goal) => (
        <div key={goal}>
          <h4>{HEADING[goal]}</h4>
          <ul>
            {fixes
              .map((f, index) => ({ f, index }))
              .filter(({ f }) => f.goal === goal)
              .map(({ f, index }) => (
                <li key={index}>
                  <p>{f.sentence}</p>
                  {f.command ? <code className="command">{f.command}</code> : null}
                  <div className="row">
                    <ApplyFix fix={f} section="ambient" index={index} />
                    <span className="muted small">
                      verified: the pod becomes <strong>{MODE[f.modeAfter]}</strong>
                    </span>
                  </div>
                  <FixNotice fix={f} section="ambient" index={index} />
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
