import { useState } from 'react';
import { CopyButtons } from '../CopyButtons.tsx';
import { describeSource, sourceOf, valueText } from '../env/envSources.ts';
import { ProvenanceMap } from '../env/ProvenanceMap.tsx';
import { useAppState } from '../storeContext.tsx';

/** The injected containers' environment, each variable with where its value came from. */
export function EnvPanel() {
  const result = useAppState((s) => s.result);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | undefined>();
  const [view, setView] = useState<'table' | 'map' | 'cluster.env'>('table');
  const pod = result?.injection?.pod;
  if (!result) return null;
  if (!pod?.after) return <p className="empty">No sidecar is injected into this pod, so there is no proxy environment to show.</p>;
  const f = filter.trim().toLowerCase();
  const entries = pod.env.filter((e) => !f || e.name.toLowerCase().includes(f) || valueText(e).toLowerCase().includes(f) || describeSource(e).toLowerCase().includes(f));
  return (
    <section aria-label="Environment">
      <div className="row toolbar">
        <label>
          Filter <input className="filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="name, value or source" aria-label="Filter environment variables" />
        </label>
        <span role="tablist" aria-label="Environment views">
          {(['table', 'map', 'cluster.env'] as const).map((v) => (
            <button key={v} role="tab" aria-selected={view === v} className={view === v ? 'tab active' : 'tab'} onClick={() => setView(v)}>
              {v === 'table' ? 'Table' : v === 'map' ? 'Where values come from' : 'cluster.env'}
            </button>
          ))}
        </span>
      </div>
      {view === 'table' ? (
        <table className="env-table" data-testid="env-table">
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col">Value</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const id = `${e.container}/${e.name}`;
              return (
                <tr key={id} data-env={e.name} className={selected && (selected === id || selected === sourceOf(e).id) ? 'lit' : ''}>
                  <th scope="row">
                    {e.name}
                    {e.container !== 'istio-proxy' ? <div className="small muted">{e.container}</div> : null}
                  </th>
                  <td className="value">{valueText(e)}</td>
                  <td>
                    <button className="link small" onClick={() => setSelected(sourceOf(e).id)} title="Show everything this source feeds">
                      {describeSource(e)}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {view === 'map' ? <ProvenanceMap entries={entries} selected={selected} onSelect={setSelected} /> : null}
      {view === 'cluster.env' ? (
        <>
          <p className="muted small">istio-proxy's literal environment in the format of a VM's cluster.env.</p>
          <CopyButtons text={pod.clusterEnv} filename="cluster.env" what="cluster.env" />
          <pre className="code-view" data-testid="cluster-env">{pod.clusterEnv}</pre>
        </>
      ) : null}
    </section>
  );
}
