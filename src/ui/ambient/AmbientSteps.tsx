import type { AmbientStep } from '../../worker/protocol.ts';
import { useAppState } from '../../state/storeContext.tsx';

const MARK = { pass: '✔', fail: '✘', skip: '–', decisive: '★' } as const;
const STAGE: Record<AmbientStep['stage'], string> = { 'cni-plugin': 'CNI plugin', 'node-agent': 'Node agent', ztunnel: 'ztunnel', istiod: 'istiod' };

/** A value longer than this is cut in its chip (the whole value is in the chip's title). */
const CHIP_CHARS = 60;

/** istio-cni's checks in order; each value links back to the line of YAML it was read from. */
export function AmbientSteps({ steps, label }: { steps: AmbientStep[]; label: string }) {
  const reveal = useAppState((s) => s.revealSource);
  return (
    <ol className="steps" data-testid="ambient-steps" aria-label={label}>
      {steps.map((s) => (
        <li key={s.id} className={`step ${s.outcome} ${s.outcome === 'decisive' ? 'deciding' : ''}`} data-step={s.id}>
          <button className="step-head" onClick={() => s.source && reveal(s.source)} disabled={!s.source} title={s.source ? 'Show where this is configured' : undefined}>
            <span className="mark" aria-label={s.outcome}>{MARK[s.outcome]}</span>
            <span className="stage">{STAGE[s.stage]}</span>
            <span className="title">{s.title}</span>
            {s.outcome === 'decisive' ? <span className="deciding-tag">decides</span> : null}
          </button>
          <p className="detail">{s.detail}</p>
          {s.values.length ? (
            <ul className="values">
              {s.values.map((v, i) => (
                <li key={i}>
                  <button
                    className="chip"
                    disabled={!v.source}
                    onClick={() => v.source && reveal(v.source)}
                    title={`${v.value ?? '(not set)'}${v.source ? ` — written at ${v.source.input} ${v.source.line}:${v.source.column}` : ' — not written in the inputs'}`}
                  >
                    {v.name}
                    {v.value === undefined ? <em> (not set)</em> : <>: {v.value.length > CHIP_CHARS ? `${v.value.slice(0, CHIP_CHARS)}…` : v.value}</>}
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
