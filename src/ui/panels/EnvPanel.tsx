import { useState } from 'react';
import { CopyButtons } from '../CopyButtons.tsx';
import { describeSource, sourceOf, valueText } from '../env/envSources.ts';
import { ProvenanceMap } from '../env/ProvenanceMap.tsx';
import { useAppState } from '../../state/storeContext.tsx';
import { NoWorkload } from '../NoWorkload.tsx';
import { TabList, tabId, tabPanelId } from '../tabs/TabList.tsx';

type View = 'table' | 'map' | 'cluster.env';
const VIEWS: { id: View; label: string }[] = [
  { id: 'table', label: 'Table' },
  { id: 'map', label: 'Where values come from' },
  { id: 'cluster.env', label: 'cluster.env' },
];

/** The injected containers' environment, each variable with where its value came from. */
export default function EnvPanel() {
  const result = useAppState((s) => s.result);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | undefined>();
  const [view, setView] = useState<View>('table');
  const [shownLine, setShownLine] = useState<{ template: string; line: number; variable: string } | undefined>();
  const templateTexts = useAppState((s) => s.result?.injection?.templateTexts);
  const pod = result?.injection?.pod;
  if (!result) return null;
  if (!result.workloads.length) return <NoWorkload />;
  if (!pod?.after) return <p className="empty">No sidecar is injected into this pod, so there is no proxy environment to show.</p>;
  const f = filter.trim().toLowerCase();
  const entries = pod.env.filter((e) => !f || e.name.toLowerCase().includes(f) || valueText(e).toLowerCase().includes(f) || describeSource(e).toLowerCase().includes(f));
  return (
    <section aria-label="Environment">
      <div className="row toolbar">
        <label>
          Filter <input className="filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="name, value or source" aria-label="Filter environment variables" />
        </label>
        <TabList group="env-views" label="Environment views" items={VIEWS} selected={view} onSelect={setView} className="view-tabs" />
      </div>
      <div role="tabpanel" id={tabPanelId('env-views', view)} aria-labelledby={tabId('env-views', view)}>
      {view === 'table' && shownLine ? <SourceLines shown={shownLine} templateText={templateTexts?.[shownLine.template]} rendered={pod.rendered.find((r) => r.name === shownLine.template)?.text} /> : null}
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
                    <button
                      className="link small"
                      onClick={() => {
                        setSelected(sourceOf(e).id);
                        const s = e.source;
                        setShownLine(s.kind === 'template' && s.line ? { template: s.template, line: s.line, variable: e.name } : undefined);
                      }}
                      title="Show everything this source feeds, and the template line"
                    >
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
      </div>
    </section>
  );
}

/**
 * Where a variable was written: the template's own line when the source names it literally,
 * else the line of the template's rendered output that carries it.
 */
function SourceLines({ shown, templateText, rendered }: { shown: { template: string; line: number; variable: string }; templateText?: string; rendered?: string }) {
  const pattern = new RegExp(`name:\\s*"?${shown.variable.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?\\s*$`);
  const sourceLine = templateText ? templateText.split('\n').findIndex((l) => pattern.test(l)) + 1 : 0;
  if (templateText && sourceLine > 0) return <TemplateLines text={templateText} line={sourceLine} title={`${shown.variable}: written in template ${shown.template}, line ${sourceLine}`} />;
  if (rendered) return <TemplateLines text={rendered} line={shown.line} title={`${shown.variable}: rendered by template ${shown.template}, output line ${shown.line}`} />;
  return null;
}

/** A few lines of a template around the one that produced a value. */
function TemplateLines({ text, line, title }: { text: string; line: number; title: string }) {
  const lines = text.split('\n');
  const from = Math.max(1, line - 3);
  const to = Math.min(lines.length, line + 3);
  return (
    <figure className="template-lines" data-testid="template-lines">
      <figcaption>{title}</figcaption>
      <pre>
        {lines.slice(from - 1, to).map((l, i) => (
          <div key={from + i} className={from + i === line ? 'current' : undefined}>
            <span className="ln">{from + i}</span> {l}
          </div>
        ))}
      </pre>
    </figure>
  );
}
