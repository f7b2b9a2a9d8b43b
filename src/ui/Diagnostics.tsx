import type { Diagnostic } from '../worker/protocol.ts';
import { INPUT_LABELS } from '../state/inputLabels.ts';
import { useAppState } from '../state/storeContext.tsx';

/** Every problem the engine found, each a link to the line:column it points at. */
export function Diagnostics({ items }: { items: readonly Diagnostic[] }) {
  const reveal = useAppState((s) => s.revealSource);
  if (!items.length) return null;
  return (
    <ul className="diagnostics" aria-label="Problems">
      {items.map((d, i) => (
        <li key={i} className={`diag ${d.severity}`}>
          <span className="sev">{d.severity}</span>
          {d.source ? (
            <button className="link" onClick={() => reveal(d.source!)}>
              {INPUT_LABELS[d.source.input as keyof typeof INPUT_LABELS]?.label ?? d.source.input} {d.source.line}:{d.source.column}
            </button>
          ) : null}{' '}
          <span className="msg">{d.message}</span>
        </li>
      ))}
    </ul>
  );
}
