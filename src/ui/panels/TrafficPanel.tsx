import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { KernelRule, TrafficResult } from '../../worker/protocol.ts';
import { CopyButtons } from '../CopyButtons.tsx';
import { useAppState } from '../../state/storeContext.tsx';
import { NoWorkload } from '../NoWorkload.tsx';
import { Term } from '../Term.tsx';
import { TabList, tabId, tabPanelId } from '../tabs/TabList.tsx';
import { PacketForm } from '../traffic/PacketForm.tsx';
import { PayloadView } from '../traffic/PayloadView.tsx';
import { RuleDetails } from '../traffic/RuleDetails.tsx';
import { TraceView } from '../traffic/TraceView.tsx';
import '../traffic/traffic.css';

// React Flow and the layout code load only when this panel opens, so the first page stays light.
const ChainDiagram = lazy(() => import('../traffic/ChainDiagram.tsx'));

const ENTRY_WORDS: Record<string, string> = {
  'istio-init': 'the istio-init container (istio-iptables in the pod)',
  'istio-cni': 'the Istio CNI plugin (no istio-init container)',
  'istio-iptables': 'an istio-iptables command line',
  'vm-cluster-env': "a VM's cluster.env",
  ambient: "istio-cni's node agent (ambient mode: in-pod rules to ztunnel, no sidecar)",
  none: 'nothing: this pod has no traffic capture',
};

type View = 'diagram' | 'payload' | 'save';

/** The rule a diagram or trace selection names (`table/chain#n`), in the kernel's ruleset. */
function findRule(traffic: TrafficResult, id: string): KernelRule | undefined {
  const m = /^(.*)\/([^/#]+)#(\d+)$/.exec(id);
  if (!m) return undefined;
  const table = traffic.ruleset.tables.find((t) => t.name === m[1]);
  return table?.chains.find((c) => c.name === m[2])?.rules[Number(m[3]) - 1];
}

/** iptables-save prints when it listed the rules; the engine stays deterministic, so the panel says "now". */
function withClock(listing: string): string {
  const d = new Date();
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${days[d.getDay()]} ${months[d.getMonth()]} ${String(d.getDate()).padStart(2, ' ')} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())} ${d.getFullYear()}`;
  return listing.replaceAll(' on Thu Jan  1 00:00:00 1970', ` on ${stamp}`);
}

/** The names of the pod's listeners the diagram ends at, when they are not Envoy's (ztunnel's in an ambient pod); kept stable across renders. */
const namesCache = new WeakMap<object, Record<number, string>>();
function listenerNamesOf(listeners: readonly { port: number; name?: string }[] | undefined): Record<number, string> | undefined {
  if (!listeners) return undefined;
  let names = namesCache.get(listeners);
  if (!names) {
    names = Object.fromEntries(listeners.filter((l) => l.name).map((l) => [l.port, l.name!.replace(/'s /, ' ')]));
    namesCache.set(listeners, names);
  }
  return names;
}

/** The rules istio-iptables would install (iptables or nftables), and a packet traced through them. */
export default function TrafficPanel() {
  const traffic = useAppState((s) => s.result?.traffic);
  const options = useAppState((s) => s.traffic);
  const setTraffic = useAppState((s) => s.setTraffic);
  const setCluster = useAppState((s) => s.setCluster);
  const injection = useAppState((s) => s.result?.injection);
  // The engine computes this section once the panel has been opened (the first view leaves it).
  const waiting = useAppState((s) => Boolean(s.result?.deferred?.includes('traffic') && s.result.workloads.length));
  const showTraffic = useAppState((s) => s.showTraffic);
  useEffect(() => {
    showTraffic();
  }, [showTraffic]);
  const [view, setView] = useState<View>('diagram');
  const [selected, setSelected] = useState<string | undefined>();
  const [payloadLine, setPayloadLine] = useState<number | undefined>();
  const onRule = useCallback((id: string) => {
    setPayloadLine(undefined);
    setSelected((s) => (s === id ? undefined : id));
  }, []);
  const capture = traffic?.capture;
  const nft = capture?.backend === 'nftables';
  const family = traffic?.family ?? 'ipv4';
  const payload = !capture ? '' : nft ? capture.payload.nft : family === 'ipv6' ? capture.payload.v6 : capture.payload.v4;
  const save = !capture ? '' : withClock(nft ? capture.kernelView.nft : family === 'ipv6' ? capture.kernelView.v6 : capture.kernelView.v4);
  const payloadName = nft ? 'nft script' : family === 'ipv6' ? 'ip6tables-restore payload' : 'iptables-restore payload';
  // The lines a line break in a value put into the payload: not rules istio-iptables meant.
  const here = nft ? 'nft script' : family === 'ipv6' ? 'payload v6' : 'payload v4';
  const injected = useMemo(() => new Set((capture?.corrupt ?? []).filter((c) => c.input === here).flatMap((c) => c.extraLines)), [capture, here]);
  if (!traffic && waiting) {
    return (
      <p className="muted" role="status" data-testid="traffic-waiting">
        Writing the capture rules and tracing the packet…
      </p>
    );
  }
  if (!traffic || !capture) return <NoWorkload />;
  const ruleViews: { id: View; label: string }[] = [
    { id: 'diagram', label: 'Chains' },
    { id: 'payload', label: nft ? 'nft script' : 'iptables-restore payload' },
    { id: 'save', label: nft ? 'Kernel view (nft list ruleset)' : 'Kernel view (iptables-save)' },
  ];
  const rule = selected ? findRule(traffic, selected) : undefined;
  const hitOrder = selected ? (traffic.trace?.hits.findIndex((h) => h.at === selected) ?? -1) + 1 || undefined : undefined;
  const refusedHere = capture.refused.find((r) => r.input === here);
  const corruptHere = capture.corrupt.filter((c, i, all) => c.input === here && all.findIndex((o) => o.input === here && o.value === c.value) === i);
  // The backend's reason is said once, on the Backend line.
  const why = capture.entry !== 'none' ? capture.why.filter((w) => w !== capture.backendWhy) : capture.why;
  return (
    <section aria-label="Traffic">
      <p data-testid="capture-entry">
        Rules come from <strong>{ENTRY_WORDS[capture.entry] ?? capture.entry}</strong>.
      </p>
      {capture.entry !== 'none' ? (
        <p className="backend-line" data-testid="capture-backend">
          Backend: <span className="backend">{nft ? 'nftables' : 'iptables'}</span> — {capture.backendWhy.replace(/^(nftables|iptables): /, '')}
          {nft ? '. One inet ruleset serves IPv4 and IPv6.' : '.'}
        </p>
      ) : null}
      {why.length ? (
        <ul className="why small">
          {why.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      ) : null}
      {capture.entry === 'ambient' && capture.hostSetup.length ? (
        <p className="small" data-testid="ambient-netns-setup">
          The node agent also sets up the pod's routing: {capture.hostSetup.map((c, i) => <code key={i}>{c}</code>).reduce<ReactNode[]>((acc, el, i) => (i ? [...acc, '; ', el] : [el]), [])}
        </p>
      ) : null}
      {refusedHere && !corruptHere.length ? (
        <div className="corrupt" role="alert" data-testid="capture-refused">
          <strong>{nft ? 'nft -f' : family === 'ipv6' ? 'ip6tables-restore' : 'iptables-restore'} refuses {refusedHere.line ? `line ${refusedHere.line}` : 'the text'}</strong> ({refusedHere.message}): {refusedHere.consequence}.
        </div>
      ) : null}
      {corruptHere.length ? (
        <div className="corrupt" role="alert" data-testid="capture-corrupt">
          <h3>This {payloadName} is not the rules istio-iptables meant</h3>
          <ul>
            {corruptHere.map((c, i) => (
              <li key={i}>
                The value <code>{JSON.stringify(c.value)}</code> (from {c.from.map((f) => `${f.kind} ${f.name}`).join(', ') || 'the configuration'}) contains a <strong>{c.problem}</strong>:{' '}
                {c.problem === 'blank'
                  ? `${nft ? 'nft' : 'iptables-restore'} reads it as several words.`
                  : `istio-iptables writes it unchanged, so ${nft ? 'nft -f' : 'iptables-restore'} reads the lines marked ⚠ as commands of their own.`}
              </li>
            ))}
          </ul>
          {refusedHere ? (
            <p data-testid="capture-refused">
              <strong>
                {nft ? 'nft -f' : family === 'ipv6' ? 'ip6tables-restore' : 'iptables-restore'} refuses {refusedHere.line ? `line ${refusedHere.line}` : 'the text'}
              </strong>{' '}
              ({refusedHere.message}): {refusedHere.consequence}.{' '}
              {nft ? 'nft -f loads a script as one transaction, so the kernel keeps none of it.' : 'The tables committed before that line stay in the kernel; nothing after it is applied.'}
            </p>
          ) : (
            <p className="small">{nft ? 'nft -f' : 'iptables-restore'} accepts this text: the kernel view and the diagram show what it really loads, lines marked ⚠ included.</p>
          )}
        </div>
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
            <TabList group="rule-views" label="Rule views" items={ruleViews} selected={view} onSelect={setView} className="view-tabs" />
          </div>
          <PacketForm key={`${family}-${options.preset}`} traffic={traffic} />
          {traffic.trace ? <TraceView trace={traffic.trace} selected={selected} onRule={onRule} injected={injected} /> : null}
          <div role="tabpanel" id={tabPanelId('rule-views', view)} aria-labelledby={tabId('rule-views', view)}>
            {view === 'diagram' ? (
              <>
                <Suspense fallback={<p className="muted">Loading the diagram…</p>}>
                  <ChainDiagram ruleset={traffic.ruleset} hits={traffic.trace?.hits ?? []} selected={selected} onRule={onRule} injected={injected} listenerNames={listenerNamesOf(traffic.listeners)} />
                </Suspense>
                {rule && selected ? (
                  <RuleDetails
                    id={selected}
                    rule={rule}
                    payload={payload}
                    payloadName={payloadName}
                    hitOrder={hitOrder}
                    injected={injected}
                    onShowLine={(line) => {
                      setPayloadLine(line);
                      setView('payload');
                    }}
                    onClose={() => setSelected(undefined)}
                  />
                ) : (
                  <p className="muted small">Select a rule in the diagram to see why it is there, which flag, annotation or env var made it, and its line in the {payloadName}.</p>
                )}
              </>
            ) : (
              <div className="text-view">
                <CopyButtons text={view === 'payload' ? payload : save} filename={view === 'payload' ? (nft ? 'istio-nftables.nft' : `istio-iptables-${family}.txt`) : nft ? 'nft-list-ruleset.txt' : `iptables-save-${family}.txt`} what={view === 'payload' ? (nft ? 'script' : 'payload') : 'kernel view'} />
                <PayloadView text={view === 'payload' ? payload : save} testId={`rules-${view}`} selected={view === 'payload' ? payloadLine ?? rule?.src?.line : undefined} injected={view === 'payload' ? injected : undefined} />
              </div>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
