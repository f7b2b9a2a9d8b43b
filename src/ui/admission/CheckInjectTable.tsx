import type { CheckInjectRow } from '../../worker/protocol.ts';

/** The same rows `istioctl x check-inject` prints, for users who know that tool. */
export function CheckInjectTable({ rows, footer }: { rows: CheckInjectRow[]; footer?: string }) {
  if (!rows.length) return null;
  return (
    <details className="checkinject">
      <summary>As istioctl x check-inject would print it</summary>
      <pre>
        {[
          ['WEBHOOK', 'REVISION', 'INJECTED', 'REASON'],
          ...rows.map((r) => [r.webhook, r.revision, r.injected ? '✔' : '✘', r.reason]),
        ]
          .map((cols, _i, all) => cols.map((c, j) => (j === cols.length - 1 ? c : c.padEnd(Math.max(...all.map((x) => x[j].length)) + 3))).join(''))
          .join('\n')}
        {footer ? `\n\n${footer}` : ''}
      </pre>
    </details>
  );
}
