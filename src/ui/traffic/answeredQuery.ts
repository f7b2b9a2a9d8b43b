import type { TracePacket } from '../../worker/protocol.ts';

type Prelude = NonNullable<TracePacket['prelude']>;

/**
 * What becomes of the query a reply answers (the DNS-answer preset's prelude: the app's query,
 * traced first so conntrack holds its entry) when the user edits the reply in the packet form.
 *
 * A reply goes back to where its query came from, so while the edited packet is still sent by a
 * process in the pod it answers the same query, from the port and address it is now sent to, over
 * its protocol: the query follows the reply's destination. An inbound packet arrives from the
 * network and answers no query the pod sent: the query no longer applies, and the form says so.
 */
export function answeredQuery(edited: Pick<TracePacket, 'direction' | 'proto' | 'dst'>, prelude: Prelude | undefined): { prelude?: Prelude; dropped?: string } {
  if (!prelude) return {};
  const query = `${prelude.proto.toUpperCase()} ${prelude.src.addr}:${prelude.src.port} → ${prelude.dst.addr}:${prelude.dst.port}`;
  if (edited.direction !== 'outbound') {
    return { dropped: `An inbound packet answers no query the pod sent, so the query the preset traced first (${query}) no longer applies: this packet is traced on its own.` };
  }
  return { prelude: { ...prelude, proto: edited.proto, src: { addr: edited.dst.addr, port: edited.dst.port } } };
}
