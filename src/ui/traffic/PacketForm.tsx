import { useState } from 'react';
import type { TracePacket, TrafficResult } from '../../worker/protocol.ts';
import { useAppState } from '../../state/storeContext.tsx';

/** Presets for the questions users ask, and a small form for a packet of their own. */
export function PacketForm({ traffic }: { traffic: TrafficResult }) {
  const options = useAppState((s) => s.traffic);
  const setTraffic = useAppState((s) => s.setTraffic);
  const current = traffic.trace?.packet;
  const [draft, setDraft] = useState<TracePacket | undefined>(undefined);
  const p = draft ?? current;
  const edit = (patch: Partial<TracePacket>) => p && setDraft({ ...p, ...patch });
  return (
    <div className="packet-form">
      <div className="presets" role="group" aria-label="Packet presets">
        {traffic.presets.map((preset) => (
          <button
            key={preset.id}
            className="button"
            aria-pressed={!options.packet && (options.preset ?? 'app-calls-service') === preset.id}
            title={preset.question}
            onClick={() => {
              setDraft(undefined);
              setTraffic({ preset: preset.id, packet: undefined });
            }}
          >
            {preset.label}
          </button>
        ))}
      </div>
      {p ? (
        <form
          className="custom-packet"
          onSubmit={(e) => {
            e.preventDefault();
            if (p) setTraffic({ packet: { ...p, family: traffic.family } });
          }}
        >
          <label>
            Direction{' '}
            <select value={p.direction} onChange={(e) => edit({ direction: e.target.value as TracePacket['direction'] })}>
              <option value="outbound">outbound (sent by a process in the pod)</option>
              <option value="inbound">inbound (arrives on eth0)</option>
            </select>
          </label>
          <label>
            Protocol{' '}
            <select value={p.proto} onChange={(e) => edit({ proto: e.target.value as TracePacket['proto'] })}>
              <option value="tcp">TCP</option>
              <option value="udp">UDP</option>
            </select>
          </label>
          <label>
            Destination <input aria-label="Destination address" value={p.dst.addr} size={16} onChange={(e) => edit({ dst: { ...p.dst, addr: e.target.value.trim() } })} />
          </label>
          <label>
            Port <input aria-label="Destination port" value={p.dst.port} size={5} inputMode="numeric" onChange={(e) => edit({ dst: { ...p.dst, port: Number(e.target.value) || 0 } })} />
          </label>
          {p.direction === 'outbound' ? (
            <label>
              Sender uid <input aria-label="Sender uid" value={p.uid ?? ''} size={5} inputMode="numeric" onChange={(e) => edit({ uid: Number(e.target.value) || 0, gid: Number(e.target.value) || 0 })} />
            </label>
          ) : null}
          <button className="button primary" type="submit">
            Trace
          </button>
        </form>
      ) : null}
    </div>
  );
}
