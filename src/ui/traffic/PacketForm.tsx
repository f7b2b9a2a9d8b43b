import { useId, useState } from 'react';
import type { TracePacket, TrafficResult } from '../../worker/protocol.ts';
import { useAppState } from '../../state/storeContext.tsx';
import { addressProblem, portProblem } from './addresses.ts';
import { answeredQuery } from './answeredQuery.ts';

/** What the user is typing: the fields as text, so a half-typed value stays as typed. */
interface Draft {
  direction: TracePacket['direction'];
  proto: TracePacket['proto'];
  addr: string;
  port: string;
  uid: string;
}

function draftOf(p: TracePacket): Draft {
  return { direction: p.direction, proto: p.proto, addr: p.dst.addr, port: String(p.dst.port), uid: p.uid === undefined ? '' : String(p.uid) };
}

const uidProblem = (t: string) => (t.trim() === '' || (/^\d{1,10}$/.test(t.trim()) && Number(t) <= 4294967295) ? undefined : 'A uid is a number from 0 to 4294967295.');

/** Presets for the questions users ask, and a small form for a packet of their own. */
export function PacketForm({ traffic }: { traffic: TrafficResult }) {
  const options = useAppState((s) => s.traffic);
  const setTraffic = useAppState((s) => s.setTraffic);
  const current = traffic.trace?.packet;
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [shown, setShown] = useState(false);
  const ids = useId();
  const d = draft ?? (current ? draftOf(current) : undefined);
  const edit = (patch: Partial<Draft>) => d && setDraft({ ...d, ...patch });
  const problems = d ? { addr: addressProblem(d.addr, traffic.family), port: portProblem(d.port), uid: d.direction === 'outbound' ? uidProblem(d.uid) : undefined } : {};
  // A field says what is wrong once the user has typed in it or tried to trace (as they type, so
  // the message never moves the Trace button under a click).
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const type = (f: 'addr' | 'port' | 'uid', patch: Partial<Draft>) => {
    setTouched((t) => (t[f] ? t : { ...t, [f]: true }));
    edit(patch);
  };
  const say = (f: 'addr' | 'port' | 'uid') => (shown || touched[f] ? problems[f] : undefined);
  // The query a reply answers (the DNS-answer preset) follows the edited reply, or is said to no longer apply.
  const [dropped, setDropped] = useState<string | undefined>(undefined);
  const answering = d && current?.prelude ? answeredQuery({ direction: d.direction, proto: d.proto, dst: { addr: d.addr.trim(), port: Number(d.port) } }, current.prelude) : {};
  const field = (f: 'addr' | 'port' | 'uid') => ({
    'aria-invalid': say(f) ? true : undefined,
    'aria-describedby': say(f) ? `${ids}-${f}` : undefined,
  });
  const error = (f: 'addr' | 'port' | 'uid') =>
    say(f) ? (
      <span className="field-error" id={`${ids}-${f}`} role="alert" data-testid={`packet-error-${f}`}>
        {say(f)}
      </span>
    ) : null;
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
              setShown(false);
              setTouched({});
              setDropped(undefined);
              setTraffic({ preset: preset.id, packet: undefined });
            }}
          >
            {preset.label}
          </button>
        ))}
      </div>
      {d && current ? (
        <form
          className="custom-packet"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setShown(true);
            if (problems.addr || problems.port || problems.uid) return;
            const uid = d.direction === 'outbound' && d.uid.trim() !== '' ? Number(d.uid) : undefined;
            const { prelude: _previous, ...rest } = current;
            setDropped(answering.dropped);
            setTraffic({
              packet: { ...rest, ...(answering.prelude ? { prelude: answering.prelude } : {}), direction: d.direction, proto: d.proto, dst: { ...current.dst, addr: d.addr.trim(), port: Number(d.port) }, uid, gid: uid, family: traffic.family },
            });
          }}
        >
          <label>
            Direction{' '}
            <select value={d.direction} onChange={(e) => edit({ direction: e.target.value as TracePacket['direction'] })}>
              <option value="outbound">outbound (sent by a process in the pod)</option>
              <option value="inbound">inbound (arrives on eth0)</option>
            </select>
          </label>
          <label>
            Protocol{' '}
            <select value={d.proto} onChange={(e) => edit({ proto: e.target.value as TracePacket['proto'] })}>
              <option value="tcp">TCP</option>
              <option value="udp">UDP</option>
            </select>
          </label>
          <span className="field">
            <label>
              Destination <input aria-label="Destination address" value={d.addr} size={16} spellCheck={false} onChange={(e) => type('addr', { addr: e.target.value })} {...field('addr')} />
            </label>
            {error('addr')}
          </span>
          <span className="field">
            <label>
              Port <input aria-label="Destination port" value={d.port} size={5} inputMode="numeric" onChange={(e) => type('port', { port: e.target.value })} {...field('port')} />
            </label>
            {error('port')}
          </span>
          {d.direction === 'outbound' ? (
            <span className="field">
              <label>
                Sender uid <input aria-label="Sender uid" value={d.uid} size={5} inputMode="numeric" onChange={(e) => type('uid', { uid: e.target.value })} {...field('uid')} />
              </label>
              {error('uid')}
            </span>
          ) : null}
          <button className="button primary" type="submit">
            Trace
          </button>
          {answering.prelude ? (
            <p className="answered-query small muted" data-testid="packet-answers">
              Answers the query {answering.prelude.proto.toUpperCase()} {answering.prelude.src.addr}:{answering.prelude.src.port} → {answering.prelude.dst.addr}:{answering.prelude.dst.port}, traced
              first: a reply goes back to where its query came from.
            </p>
          ) : null}
          {answering.dropped ?? dropped ? (
            <p className="answered-query small warning-text" role="status" data-testid="packet-answers-dropped">
              {answering.dropped ?? dropped}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
