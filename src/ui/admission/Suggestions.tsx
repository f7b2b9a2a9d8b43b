import type { AppliedSuggestion } from '../../worker/protocol.ts';
import { ApplyFix, FixNotice } from './ApplyFix.tsx';

/** Verified edits that would flip the verdict, each applicable with one click (and undoable). */
export function Suggestions({ items, verdict }: { items: AppliedSuggestion[]; verdict: string }) {
  if (!items.length) return null;
  return (
    <section className="suggestions" aria-label="What would change the verdict">
      <h4>{verdict === 'injected' ? 'What would stop injection' : 'What would get this pod injected'}</h4>
      <ul>
        {items.map((s, i) => (
          <li key={i}>
            <p>{s.sentence}</p>
            {s.command ? <code className="command">{s.command}</code> : null}
            <div className="row">
              <ApplyFix fix={s} section="admission" index={i} />
              <span className="muted small">
                verified: the verdict becomes <strong>{s.verdictAfter}</strong>
                {s.revisionsAfter.length ? ` (revision ${s.revisionsAfter.join(', ')})` : ''}
              </span>
            </div>
            <FixNotice fix={s} section="admission" index={i} />
          </li>
        ))}
      </ul>
    </section>
  );
}
