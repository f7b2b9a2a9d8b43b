import type { AdmissionStep } from '../../worker/protocol.ts';
import { useAppState } from '../../state/storeContext.tsx';

const MARK = { pass: '✔', fail: '✘', skip: '–', decisive: '★' } as const;
const STAGE = { workload: 'Your YAML', namespace: 'Namespace', apiserver: 'API server', istiod: 'istiod', verdict: 'Verdict' } as const;

/** The decision as a flow of steps; each value links back to the line it was read from. */
export function StepList({ steps, deciding }: { steps: AdmissionStep[]; deciding: string }) {
  const reveal = useAppState((s) => s.revealSource);
  return (
    <ol className="steps" data-testid="steps">
      {steps.map((s) => (
        <li key={s.id} className={`step ${s.outcome} ${s.id === deciding ? 'deciding' : ''}`} data-step={s.id}>
          <button className="step-head" onClick={() => s.source && reveal(s.source)} disabled={!s.source} title={s.source ? 'Show where this rule is written' : undefined}>
            <span className="mark" aria-label={s.outcome}>{MARK[s.outcome]}</span>
            <span className="stage">{STAGE[s.stage]}</span>
            <span className="title">{s.title}</span>
            {s.id === deciding ? <span className="deciding-tag">deciding step</span> : null}
          </button>
          <p className="detail">{s.detail}</p>
          {s.values.length ? (
            <ul className="values">
              {s.values.map((v, i) => (
                <li key={i}>
                  <button className="chip" disabled={!v.source} onClick={() => v.source && reveal(v.source)} title={v.source ? `Written at ${v.source.input} ${v.source.line}:${v.source.column}` : 'Not written anywhere'}>
                    {v.name}
                    {v.value === undefined ? <em> (not set)</em> : <>: {v.value}</>}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
