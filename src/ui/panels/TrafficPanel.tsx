import { lazy, Suspense, useState } from 'react';
import { CopyButtons } from '../CopyButtons.tsx';
import { useAppState } from '../../state/storeContext.tsx';
import { NoWorkload } from '../NoWorkload.tsx';
import { Term } from '../Term.tsx';
import { TabList, tabId, tabPanelId } from '../tabs/TabList.tsx';
import { PacketForm } from '../traffic/PacketForm.tsx';
import { TraceView } from '../traffic/TraceView.tsx';

// React Flow and the layout code load only when this panel opens, so the first page stays light.
const ChainDiagram = lazy(() => import('../traffic/ChainDiagram.tsx'));

const ENTRY_WORDS: Record<string, string> = {
  'istio-init': 'the istio-init container (istio-iptables in the pod)',
  'istio-cni': 'the Istio CNI plugin (no istio-init container)',
  'istio-iptables': 'an istio-iptables command line',
  'vm-cluster-env': "a VM's cluster.env",
  none: 'nothing: this pod has no traffic capture',
};

type View = 'diagram' | 'payload' | 'save';
const RULE_VIEWS: { id: View; label: string }[] = [
  { id: 'diagram', label: 'Chains' },
  { id: 'payload', label: 'iptables-restore payload' },
  { id: 'save', label: 'Kernel view (iptables-save)' },
];

/** The iptables rules istio-iptables would install, and a packet traced through them. */
export default function TrafficPanel() {
  const traffic = useAppState((s) => s.result?.traffic);
  const options = useAppState((s) => s.traffic);
  const setTraffic = useAppState((s) => s.setTraffic);
  const setCluster = useAppState((s) => s.setCluster);
  const injection = useAppState((s) => s.result?.injection);
  const [view, setView] = useState<View>('diagram');
  if (!traffic) return <NoWorkload />;
  const { capture, family } = traffic;
  const payload = family === 'ipv6' ? capture.payload.v6 : capture.payload.v4;
  const save = family === 'ipv6' ? capture.kernelView.v6 : capture.kernelView.v4;
  return (
    <section aria-label="Traffic">
      <p data-testid="capture-entry">
        Rules come from <strong>{ENTRY_WORDS[capture.entry] ?? capture.entry}</strong>.
      </p>
      {capture.why.length ? (
        <ul className="why small">
          {capture.why.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      ) : null}
      {capture.entry !== 'none' ? (
        <>
          <div className="row toolbar">
            {injection ? (
              <span role="group" aria-label="Capture mode">
                <button className="button" aria-pressed={!injection.cni} onClick={() => setCluster({ cni: false })} title="istiod injects istio-init, which runs istio-iptables in the pod">
                  <Term name="istio-init" inControl />
                </button>
                <button className="button" aria-pressed={injection.cni} onClick={() => setCluster({ cni: true })} title="The Istio CNI plugin programs the rules when the pod's network is set up">
                  <Term name="CNI" inControl />
                </button>
              </span>
            ) : null}
            <span role="group" aria-label="Address family">
              <button className="button" aria-pressed={family === 'ipv4'} onClick={() => setTraffic({ family: 'ipv4', packet: undefined })}>
                IPv4
              </button>
              <button className="button" aria-pressed={family === 'ipv6'} disabled={!traffic.ipv6Available} title={traffic.ipv6Available ? undefined : 'This configuration installs no IPv6 rules'} onClick={() => setTraffic({ family: 'ipv6', packet: undefined })}>
                IPv6
              </button>
            </span>
            <TabList group="rule-views" label="Rule views" items={RULE_VIEWS} selected={view} onSelect={setView} className="view-tabs" />
          </div>
          <PacketForm key={`${family}-${options.preset}`} traffic={traffic} />
          {traffic.trace ? <TraceView trace={traffic.trace} /> : null}
          <div role="tabpanel" id={tabPanelId('rule-views', view)} aria-labelledby={tabId('rule-views', view)}>
            {view === 'diagram' ? (
              <Suspense fallback={<p className="muted">Loading the diagram…</p>}>
                <ChainDiagram ruleset={traffic.ruleset} hits={traffic.trace?.hits ?? []} />
              </Suspense>
            ) : (
              <div className="text-view">
                <CopyButtons text={view === 'payload' ? payload : save} filename={view === 'payload' ? `istio-iptables-${family}.txt` : `iptables-save-${family}.txt`} what={view === 'payload' ? 'payload' : 'kernel view'} />
                <pre data-testid={`rules-${view}`}>{view === 'payload' ? payload : save}</pre>
              </div>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
