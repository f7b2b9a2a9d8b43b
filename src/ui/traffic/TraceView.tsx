import type { TrafficResult } from '../../worker/protocol.ts';

/**
 * The traced packet's path, hit by hit, and where it ends up, in a sentence. Each hit is a button
 * that selects its rule (the same selection as a click on the diagram's row).
 */
export function TraceView({ trace, selected, onRule, injected }: { trace: NonNullable<TrafficResult['trace']>; selected?: string; onRule?: (ruleId: string) => void; injected?: ReadonlySet<number> }) {
  const p = trace.packet;
  return (
    <div className="trace" data-testid="trace">
      <p className="trace-packet">
        <strong>{p.direction === 'outbound' ? 'Outbound' : 'Inbound'}</strong> {p.proto.toUpperCase()} {p.src.addr}:{p.src.port} → {p.dst.addr}:{p.dst.port}
        {p.direction === 'outbound' && p.uid !== undefined ? ` (uid ${p.uid})` : ''} · {p.state ?? 'new'}
      </p>
      {p.prelude ? (
        <p className="trace-prelude small" data-testid="trace-prelude">
          After the packet it answers: {p.prelude.proto.toUpperCase()} {p.prelude.src.addr}:{p.prelude.src.port} → {p.prelude.dst.addr}:{p.prelude.dst.port}
          {p.prelude.uid !== undefined ? ` (uid ${p.prelude.uid})` : ''}, traced first so conntrack holds its entry.
        </p>
      ) : null}
      <p className="trace-final" data-testid="trace-final">
        <strong>{trace.final}</strong> — {trace.explanation}
      </p>
      {trace.conntrack && (trace.conntrack.zone !== 0 || trace.conntrack.original !== trace.conntrack.reply.split(' -> ').reverse().join(' -> ')) ? (
        <p className="trace-conntrack small muted" data-testid="trace-conntrack">
          conntrack entry{trace.conntrack.zone ? ` in zone ${trace.conntrack.zone}` : ''}: original <code>{trace.conntrack.original}</code>, reply <code>{trace.conntrack.reply}</code>
          {trace.conntrack.mark ? ` · mark 0x${trace.conntrack.mark.toString(16)}` : ''}
        </p>
      ) : null}
      <ol className="hits">
        {trace.hits.map((h, i) => (
          <li key={`${h.at}-${i}`} data-at={h.at}>
            <button type="button" className={`hit-button${selected === h.at ? ' selected' : ''}`} aria-pressed={selected === h.at} onClick={() => onRule?.(h.at)} title="Select this rule: where it came from and its line">
              <code className="at">{h.at}</code> <span className="muted small">{h.hook}</span>
              {injected?.has(h.payloadLine) ? <span className="injected-mark" title="Not a rule istio-iptables meant: a line break in a value put this line into the payload"> ⚠ injected</span> : null}
              <span className="hit-rule">
                <code>{h.rule}</code>
              </span>
            </button>
          </li>
        ))}
        {trace.hits.length === 0 ? <li className="muted">No rule matched: every chain's policy let the packet through.</li> : null}
      </ol>
    </div>
  );
}
