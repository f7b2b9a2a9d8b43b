import { useEffect, useRef } from 'react';

/**
 * A payload, script or listing with its line numbers. `selected` marks the selected rule's line
 * and scrolls it into view; `injected` marks lines that are not the rules istio-iptables meant
 * (a line break in a value put them there).
 */
export function PayloadView({ text, selected, injected, testId, excerpt }: { text: string; selected?: number; injected?: ReadonlySet<number>; testId?: string; excerpt?: number }) {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const from = excerpt !== undefined && selected ? Math.max(1, selected - excerpt) : 1;
  const to = excerpt !== undefined && selected ? Math.min(lines.length, selected + excerpt) : lines.length;
  return (
    <pre className={`payload-lines ${excerpt !== undefined ? 'payload-excerpt' : ''}`} data-testid={testId} aria-label={testId ? undefined : 'payload excerpt'}>
      {lines.slice(from - 1, to).map((l, i) => {
        const n = from + i;
        const cls = `line${n === selected ? ' selected' : ''}${injected?.has(n) ? ' injected' : ''}`;
        return (
          <div key={n} className={cls} ref={n === selected ? ref : undefined} data-line={n} aria-current={n === selected ? 'true' : undefined}>
            <span className="no">{n}</span>
            <span>{l}</span>
          </div>
        );
      })}
    </pre>
  );
}
