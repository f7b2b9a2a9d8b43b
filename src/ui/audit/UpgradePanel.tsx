import { lazy, Suspense, useState } from 'react';
import { useAppState } from '../../state/storeContext.tsx';
import type { RenderedSide, UpgradePreview, UpgradeState, UpgradeStep } from '../../worker/protocol.ts';
import { stepText } from './upgradeSteps.ts';

const DiffView = lazy(() => import('../../editor/DiffView.tsx'));

/**
 * The upgrade preview: a second install (pasted, or the open example's plan), the steps of the
 * upgrade, and after each step which webhooks a new pod in each namespace meets, which istiod
 * injects it and which workloads a restart would move; then the selected workload rendered by
 * today's install and by the target's, side by side.
 */
export default function UpgradePanel() {
  const steps = useAppState((s) => s.upgrade);
  const setSteps = useAppState((s) => s.setUpgrade);
  const preview = useAppState((s) => s.result?.upgrade);
  return (
    <section aria-label="Upgrade preview" className="upgrade">
      <StepsEditor steps={steps ?? []} onChange={setSteps} />
      {!steps?.length ? (
        <p className="empty">
          Paste the next install — the new revision&apos;s injector ConfigMap and MutatingWebhookConfigurations as <code>helm template</code> or{' '}
          <code>istioctl manifest generate</code> writes them, or the same revision at a newer release — then relabel namespaces or move a tag, and see what a restart
          would do after each step. The “A canary upgrade, step by step” example has a plan ready.
        </p>
      ) : preview ? (
        <>
          {preview.selected ? <SelectedWorkload selected={preview.selected} /> : null}
          <h3>Step by step</h3>
          {preview.states.map((st, i) => (
            <StateTable key={i} state={st} index={i} />
          ))}
        </>
      ) : (
        <p className="muted">Computing the preview…</p>
      )}
    </section>
  );
}

function Side({ title, side }: { title: string; side: RenderedSide }) {
  return (
    <div className="upgrade-side" data-testid={`upgrade-${title.toLowerCase()}`}>
      <h4>
        {title}: {side.verdict === 'injected' ? `revision ${side.revision}` : side.verdict === 'rejected' ? `rejected by revision ${side.revision}` : 'not injected'}
      </h4>
      {side.install ? (
        <p className="muted small">
          Istio {side.release}, {side.install}
        </p>
      ) : null}
      <p className="small">{side.capture}</p>
      {side.error ? (
        <p className="warning-box" role="alert">
          {side.error}
        </p>
      ) : null}
    </div>
  );
}

/** What the side-by-side comparison shows: the patched pod, or its capture rules. */
type Compared = 'pod' | 'rules';

function SelectedWorkload({ selected }: { selected: NonNullable<UpgradePreview['selected']> }) {
  const [shown, setShown] = useState<Compared>('pod');
  const { today, target } = selected;
  const noRules = !today.rules && !target.rules;
  return (
    <div className="upgrade-selected">
      <h3>{selected.workload}: today and under the target</h3>
      <div className="upgrade-sides">
        <Side title="Today" side={today} />
        <Side title="Target" side={target} />
      </div>
      <div data-testid="upgrade-changes">
        {selected.changes.length ? (
          <ul className="upgrade-changes">
            {selected.changes.map((c, i) => (
              <li key={i} title={c.detail}>
                {c.headline}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">The target gives this workload the same pod as today.</p>
        )}
      </div>
      <div className="upgrade-compare-bar" role="group" aria-label="Compare">
        <button type="button" className="button" aria-pressed={shown === 'pod'} onClick={() => setShown('pod')}>
          Patched pod
        </button>
        <button type="button" className="button" aria-pressed={shown === 'rules'} onClick={() => setShown('rules')}>
          Capture rules{selected.rulesDiff ? '' : ' (the same)'}
        </button>
        <span className="muted small">today → the target: red only today, green only under the target</span>
      </div>
      {shown === 'rules' && noRules ? (
        <p className="muted" data-testid="upgrade-rules-diff">
          Neither install captures this workload&apos;s traffic with rules of its own.
        </p>
      ) : (
        <Suspense fallback={<p className="muted">Loading the diff…</p>}>
          {/* Side by side down to a narrow panel (monaco turns inline below 900 px by default); inline on a phone. */}
          {shown === 'pod' ? (
            <DiffView key="pod" before={today.podYaml} after={target.podYaml} inlineBelow={520} />
          ) : (
            <DiffView key="rules" before={today.rules} after={target.rules} language="plaintext" inlineBelow={520} testId="upgrade-rules-diff" />
          )}
        </Suspense>
      )}
    </div>
  );
}

function StateTable({ state, index }: { state: UpgradeState; index: number }) {
  const moving = state.pods.filter((p) => p.moves);
  return (
    <div className="upgrade-state" data-testid="upgrade-step" aria-label={index === 0 ? 'Today' : `Step ${index}`} role="group">
      <h4>{index === 0 ? 'Today' : <>Step {index}: <code>{state.label}</code></>}</h4>
      <div className="table-scroll">
        <table className="upgrade-table">
          <thead>
            <tr>
              <th scope="col">Namespace</th>
              <th scope="col">Webhooks called for a new pod</th>
              <th scope="col">Injected by</th>
              <th scope="col">Decided by</th>
            </tr>
          </thead>
          <tbody>
            {state.namespaces.map((n) => (
              <tr key={n.namespace} data-namespace={n.namespace}>
                <td>{n.namespace}</td>
                <td className="mono small">{n.webhooks.length ? n.webhooks.join(', ') : <span className="muted">none</span>}</td>
                <td>{n.revision ? `revision ${n.revision}` : <span className="muted">not injected</span>}</td>
                <td className="small">{n.decidedBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small" data-testid="upgrade-moves">
        {moving.length ? (
          <>
            A restart would move:{' '}
            {moving.map((p, i) => (
              <span key={i} className="upgrade-move">
                {p.namespace}/{p.workload} ({p.from || 'no sidecar'} → {p.to || 'no sidecar'})
              </span>
            ))}
          </>
        ) : (
          'A restart would move no workload.'
        )}
      </p>
      {state.diagnostics.map((d, i) => (
        <p key={i} className="warning-box small">
          {d.message}
        </p>
      ))}
    </div>
  );
}

/** The steps, in order, each removable; a pasted install, a relabel or a tag move can be added. */
function StepsEditor({ steps, onChange }: { steps: UpgradeStep[]; onChange(steps: UpgradeStep[] | undefined): void }) {
  const [text, setText] = useState('');
  const [ns, setNs] = useState('');
  const [labels, setLabels] = useState('istio.io/rev=canary istio-injection-');
  const [tag, setTag] = useState('');
  const [revision, setRevision] = useState('canary');
  const add = (s: UpgradeStep) => onChange([...steps, s]);
  const readLabels = (): Record<string, string | null> =>
    Object.fromEntries(
      labels
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => (w.endsWith('-') && !w.includes('=') ? [w.slice(0, -1), null] : [w.split('=')[0], w.split('=').slice(1).join('=')])),
    );
  return (
    <div className="upgrade-editor">
      {steps.length ? (
        <ol className="upgrade-steps" aria-label="Upgrade steps">
          {steps.map((s, i) => (
            <li key={i}>
              <code>{stepText(s)}</code>{' '}
              <button type="button" className="link" aria-label={`Remove step ${i + 1}`} onClick={() => onChange(steps.filter((_, j) => j !== i))}>
                remove
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <details open={!steps.length}>
        <summary>Add a step</summary>
        <div className="upgrade-add">
          <label className="upgrade-install">
            Target install (YAML)
            <textarea rows={3} value={text} spellCheck={false} placeholder="helm template istiod istio/istiod --set revision=canary … | paste here" onChange={(e) => setText(e.target.value)} />
          </label>
          <div className="row">
            <button type="button" className="button" disabled={!text.trim()} onClick={() => (add({ kind: 'install', text, input: 'pasted install' }), setText(''))}>
              Add the install
            </button>
            <label className="button">
              or choose a file
              <input
                type="file"
                className="audit-file-input"
                aria-label="Target install file"
                accept=".yaml,.yml,.json"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void f.text().then((t) => add({ kind: 'install', text: t, input: f.name }));
                }}
              />
            </label>
          </div>
          <div className="row">
            <label>
              Relabel namespace <input value={ns} onChange={(e) => setNs(e.target.value)} aria-label="Namespace to relabel" placeholder="shop" size={12} />
            </label>
            <input value={labels} onChange={(e) => setLabels(e.target.value)} aria-label="Labels (key=value, key- removes)" size={30} />
            <button type="button" className="button" disabled={!ns.trim()} onClick={() => add({ kind: 'label', namespace: ns.trim(), labels: readLabels() })}>
              Add
            </button>
          </div>
          <div className="row">
            <label>
              Move tag <input value={tag} onChange={(e) => setTag(e.target.value)} aria-label="Tag to move" placeholder="prod" size={10} />
            </label>
            <label>
              to revision <input value={revision} onChange={(e) => setRevision(e.target.value)} aria-label="Revision the tag moves to" size={10} />
            </label>
            <button type="button" className="button" disabled={!tag.trim() || !revision.trim()} onClick={() => add({ kind: 'tag', tag: tag.trim(), revision: revision.trim() })}>
              Add
            </button>
          </div>
          {steps.length ? (
            <button type="button" className="link" onClick={() => onChange(undefined)}>
              Clear every step
            </button>
          ) : null}
        </div>
      </details>
    </div>
  );
}
