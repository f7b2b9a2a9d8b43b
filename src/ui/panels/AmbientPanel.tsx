import { AmbientFixes } from '../ambient/AmbientFixes.tsx';
import { AmbientSteps } from '../ambient/AmbientSteps.tsx';
import { CniSettingsView } from '../ambient/CniSettingsView.tsx';
import { DataPlaneBanner } from '../ambient/DataPlaneBanner.tsx';
import { NodeAgentView } from '../ambient/NodeAgentView.tsx';
import '../ambient/ambient.css';
import { useAppState } from '../../state/storeContext.tsx';
import { NoWorkload } from '../NoWorkload.tsx';
import type { AmbientSection } from '../../worker/protocol.ts';

/** Ambient: is the pod in the mesh, and how — istio-cni's checks, the node agent's view, the waypoint, verified fixes, istio-cni's settings. */
export default function AmbientPanel() {
  const result = useAppState((s) => s.result);
  const reveal = useAppState((s) => s.revealSource);
  const lastApplied = useAppState((s) => s.lastApplied);
  const undo = useAppState((s) => s.undoLastChange);
  const section = result?.ambient;
  const w = section?.workload;
  if (!result || !section) return null;
  if (!w) return <NoWorkload />;
  const a = result.admission.workloads[result.selectedWorkload];
  return (
    <section aria-label="Ambient">
      {a ? (
        <h3>
          <button className="link" onClick={() => a.workload.source && reveal(a.workload.source)}>
            {a.workload.kind} {a.workload.namespace}/{a.workload.name || '(unnamed)'}
          </button>
        </h3>
      ) : null}
      {lastApplied ? (
        <div className="applied" role="status">
          Applied: {lastApplied.label}{' '}
          <button className="button" onClick={undo}>
            Undo
          </button>
        </div>
      ) : null}
      <DataPlaneBanner verdict={w.dataPlane} />
      {w.dataPlane.notes.length ? (
        <ul className="ambient-notes" aria-label="What to know">
          {w.dataPlane.notes.map((n, i) => (
            <li key={i} className={n.severity === 'warning' ? 'warning-box' : 'info'} role={n.severity === 'warning' ? 'alert' : undefined} data-note={n.id}>
              {n.severity === 'warning' ? '⚠ ' : ''}
              {n.message}
              {n.source ? (
                <>
                  {' '}
                  <button className="link" onClick={() => reveal(n.source!)}>
                    ({n.source.input} line {n.source.line})
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <AmbientFixes fixes={w.fixes} />
      {/* A pod the API server refuses is never created: istio-cni never sees it (meshsim check prints no steps either). */}
      {w.dataPlane.mode === 'rejected' ? null : <CreatedPodViews w={w} settings={section.settings} />}
      <CniSettingsView section={section} />
    </section>
  );
}

/** What istio-cni and its node agent do with the pod once it exists, and the pod's own ambient settings. */
function CreatedPodViews({ w, settings }: { w: NonNullable<AmbientSection['workload']>; settings: AmbientSection['settings'] }) {
  const o = w.creation.podOverrides;
  const wp = w.creation.waypoint;
  return (
    <>
      <h4>istio-cni, step by step (the pod is created)</h4>
      <AmbientSteps steps={w.creation.steps} label="istio-cni's checks" />
      {w.live ? <NodeAgentView live={w.live} /> : null}
      <h4>The pod's own settings</h4>
      <dl className="dataplane-sides" data-testid="ambient-overrides">
        <dt>Inbound capture</dt>
        <dd>{o.ingressMode ? 'bypassed (ambient.istio.io/bypass-inbound-capture)' : 'captured to ztunnel (15006)'}</dd>
        <dt>DNS to ztunnel</dt>
        <dd>{o.dnsProxy === 'unset' ? `as the node agent says (${settings.settings.dnsCapture ? 'on' : 'off'})` : `${o.dnsProxy} by ambient.istio.io/dns-capture`}</dd>
        <dt>Virtual interfaces</dt>
        <dd>{o.virtualInterfaces.length ? o.virtualInterfaces.join(', ') : 'none'}</dd>
        <dt>Waypoint</dt>
        <dd>{wp.from === 'none' ? 'none asked for (L4 only, ztunnel to ztunnel)' : wp.optOut ? `opted out on the ${wp.from} (istio.io/use-waypoint: none)` : `${wp.namespace}/${wp.name}, asked for by the ${wp.from}`}</dd>
      </dl>
    </>
  );
}
