import type { ReleaseChoice, ScenarioResult } from '../worker/protocol.ts';

/** The release a revision is simulated as (the section's per-revision choice, else the fallback). */
export function releaseOf(result: ScenarioResult | undefined, revision: string | undefined): ReleaseChoice | undefined {
  const r = result?.release;
  if (!r) return undefined;
  const rev = revision ?? 'default';
  return Object.hasOwn(r.revisions, rev) ? r.revisions[rev] : r.otherwise;
}

const BY = { setting: 'as set in the header', detected: 'read from the paste', default: 'nothing in the paste tells' } as const;

/**
 * Which Istio release a panel simulates, why, and what that release does differently from master:
 * one line, with the evidence and the differences folded away.
 */
export function ReleaseNote({ choice, masterChart }: { choice: ReleaseChoice | undefined; masterChart?: string }) {
  if (!choice) return null;
  const d = choice.detection;
  return (
    <div className="release-note" data-testid="release-note">
      <details>
        <summary>
          Simulated as <strong>{choice.label}</strong>
          {choice.revision === 'default' ? '' : ` (revision ${choice.revision})`} <span className="muted">because {choice.because}</span>
        </summary>
        <p className="small muted">
          {BY[choice.chosenBy]}: the app and the meshsim command follow one rule, the Istio setting (--istio-version), else what the paste says, else master.
        </p>
        {d.evidence.length ? (
          <ul className="small">
            {d.evidence.map((e, i) => (
              <li key={i}>
                {e.signal}: {e.says}
              </li>
            ))}
          </ul>
        ) : null}
        {d.conflicts.map((c, i) => (
          <p key={i} className="small warning-text">
            ⚠ {c}
          </p>
        ))}
        {choice.chosenBy === 'detected' && d.assumed.length ? <p className="small muted">Assumed (differs between patches): {d.assumed.join('; ')}.</p> : null}
        {choice.upgrades.length ? (
          <>
            <p className="small">
              How {choice.name} behaves unlike master ({choice.differsFromMaster.length}), as an upgrade meets it, release by release:
            </p>
            <ol className="small release-steps" data-testid="release-upgrades">
              {choice.upgrades.map((step) => (
                <li key={step.to}>
                  <strong>{step.label}</strong>
                  <ul>
                    {step.changes.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="small muted">This is master&apos;s behaviour.</p>
        )}
      </details>
      {/* The engine's sentence (the same meshsim inject and check print), then this face's way to give an install. */}
      {masterChart ? (
        <p className="small warning-text" data-testid="master-chart-note">
          {masterChart} For {choice.name}&apos;s own, paste your cluster&apos;s istio-sidecar-injector ConfigMap into the Injector ConfigMap tab.
        </p>
      ) : null}
    </div>
  );
}
