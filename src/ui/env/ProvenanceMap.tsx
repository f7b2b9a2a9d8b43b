import { useMemo } from 'react';
import type { EnvEntry } from '../../worker/protocol.ts';
import { kindWords, sourceOf } from './envSources.ts';

/**
 * Sources on the left, env vars on the right: selecting either side lights up what it is
 * connected to, so "what feeds ISTIO_META_…?" and "what does this values path drive?" are one click.
 */
export function ProvenanceMap({ entries, selected, onSelect }: { entries: EnvEntry[]; selected?: string; onSelect(id: string | undefined): void }) {
  const { sources, links } = useMemo(() => {
    const sources = new Map<string, ReturnType<typeof sourceOf>>();
    const links: [string, string][] = [];
    for (const e of entries) {
      const s = sourceOf(e);
      sources.set(s.id, s);
      links.push([s.id, `${e.container}/${e.name}`]);
    }
    return { sources: [...sources.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label)), links };
  }, [entries]);
  const lit = new Set<string>();
  if (selected) {
    lit.add(selected);
    for (const [s, v] of links) {
      if (s === selected) lit.add(v);
      if (v === selected) lit.add(s);
    }
  }
  const toggle = (id: string) => onSelect(selected === id ? undefined : id);
  return (
    <div className="provenance" data-testid="provenance">
      <ul aria-label="Sources">
        {sources.map((s) => (
          <li key={s.id}>
            <button className={`prov-node source ${s.kind} ${lit.has(s.id) ? 'lit' : ''}`} aria-pressed={selected === s.id} onClick={() => toggle(s.id)}>
              <span className="small muted">{kindWords(s.kind)}</span> {s.label}
            </button>
          </li>
        ))}
      </ul>
      <ul aria-label="Environment variables">
        {entries.map((e) => {
          const id = `${e.container}/${e.name}`;
          return (
            <li key={id}>
              <button className={`prov-node var ${lit.has(id) ? 'lit' : ''}`} aria-pressed={selected === id} onClick={() => toggle(id)}>
                {e.name}
                {e.container !== 'istio-proxy' ? <span className="small muted"> ({e.container})</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
