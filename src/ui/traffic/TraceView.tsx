import type { TrafficResult } from '../../worker/protocol.ts';

/** The traced packet's path, hit by hit, and where it ends up, in a sentence. */
export function TraceView({ trace }: { trace: NonNullable<TrafficResult['trace']> }) {
  const p = trace.packet;
  return (
    <div className="trace" data-testid="trace">
      <p className="trace-packet">
        <strong>{p.direction === 'outbound' ? 'Outbound' : 'Inbound'}</strong> {p.proto.toUpperCase()} {p.src.addr}:{p.src.port} → {p.dst.addr}:{p.dst.port}
        {p.direction === 'outbound' && p.uid !== undefined ? ` (uid ${p.uid})` : ''} · {p.state ?? 'new'}
      </p>
      <p className="trace-final" data-testid="trace-final">
        <strong>{trace.final}</strong> — {trace.explanation}
      </p>
      <ol className="hits">
        {trace.hits.map((h, i) => (
          <li key={`${h.at}-${i}`} data-at={h.at}>
            <code className="at">{h.at}</code> <span className="muted small">{h.hook}</span>
            <div>
              <code>{h.rule}</code>
            </div>
          </li>
        ))}
        {trace.hits.length === 0 ? <li className="muted">No rule matched: every chain's policy let the packet through.</li> : null}
      </ol>
    </div>
  );
}
