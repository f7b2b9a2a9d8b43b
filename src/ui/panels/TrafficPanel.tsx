import { NotYet } from './NotYet.tsx';

/** The iptables rules istio-iptables would install, and a packet traced through them. */
export function TrafficPanel() {
  return (
    <section aria-label="Traffic">
      <NotYet what="the iptables rules istio-iptables would install and the packet tracer." />
    </section>
  );
}
