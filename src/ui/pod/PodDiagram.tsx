import { useState } from 'react';
import { stringify } from 'yaml';
import type { InjectedPodReport } from '../../worker/protocol.ts';
import { podParts, type PodPart } from './podParts.ts';

const TITLES = { initContainers: 'Init containers', containers: 'Containers', volumes: 'Volumes' } as const;
const CHANGE_WORDS = { added: 'added by injection', changed: 'changed by injection', unchanged: 'as you wrote it' } as const;

/** The pod as boxes: what injection added or changed is marked; a box opens its YAML. */
export function PodDiagram({ report }: { report: InjectedPodReport }) {
  const parts = podParts(report);
  const [open, setOpen] = useState<PodPart | undefined>();
  return (
    <div className="pod-diagram" data-testid="pod-diagram">
      {(['initContainers', 'containers', 'volumes'] as const).map((group) => {
        const items = parts.filter((p) => p.group === group);
        return (
          <div key={group} className="pod-group">
            <h5>{TITLES[group]}</h5>
            <div className="pod-boxes">
              {items.length === 0 ? <span className="muted small">none</span> : null}
              {items.map((p) => (
                <button
                  key={p.name}
                  className={`pod-box ${p.change} ${open === p ? 'open' : ''}`}
                  data-part={p.name}
                  title={CHANGE_WORDS[p.change]}
                  aria-pressed={open?.name === p.name && open.group === p.group}
                  onClick={() => setOpen(open?.name === p.name && open.group === p.group ? undefined : p)}
                >
                  <strong>{p.name}</strong>
                  <span className="small muted">{p.detail}</span>
                  {p.change !== 'unchanged' ? <span className={`tag ${p.change}`}>{p.change}</span> : null}
                </button>
              ))}
            </div>
          </div>
        );
      })}
      {open ? (
        <pre className="part-yaml" aria-label={`${open.name} after injection`}>
          {stringify(open.value, { lineWidth: 0 })}
        </pre>
      ) : null}
    </div>
  );
}
