/**
 * The numbers the istio-cni node agent and ztunnel agree on (cni/pkg/config, ztunnel's in-pod
 * config): ztunnel's ports inside the pod, the marks that tell its own packets and connections
 * apart, and the probe set the host rules read.
 */
export const ZTUNNEL_OUTBOUND_PORT = '15001';
/** Inbound plaintext (TCP arriving for the app). */
export const ZTUNNEL_INBOUND_PLAINTEXT_PORT = '15006';
/** HBONE: mTLS tunnels from other ztunnels arrive here and are never redirected. */
export const ZTUNNEL_INBOUND_PORT = '15008';
export const DNS_CAPTURE_PORT = '15053';

/** ztunnel's sockets carry SO_MARK 1337 (0x539): their packets are never captured again. */
export const INPOD_MARK = 0x539;
export const INPOD_MASK = 0xfff;
/** Connections ztunnel opens into the pod are conn-marked 0x111 so that replies return to ztunnel. */
export const INPOD_TPROXY_MARK = 0x111;
export const INPOD_TPROXY_MASK = 0xfff;
export const INPOD_RESTORE_MASK = 0xffffffff;
/** `ip rule fwmark 0x111/0xfff lookup 100` with `local 0.0.0.0/0 dev lo` in table 100 (AddInpodMarkIPRule, AddLoopbackRoutes). */
export const ROUTE_TABLE_INBOUND = 100;
export const INPOD_RULE_PRIORITY = 32764;

export const PROBE_SET = 'istio-inpod-probes';
export const PROBE_SET_V4 = `${PROBE_SET}-v4`;
export const PROBE_SET_V6 = `${PROBE_SET}-v6`;

export const hex = (n: number) => `0x${n.toString(16)}`;
export const INPOD_MARK_TEXT = `${hex(INPOD_MARK)}/${hex(INPOD_MASK)}`;
export const INPOD_TPROXY_MARK_TEXT = `${hex(INPOD_TPROXY_MARK)}/${hex(INPOD_TPROXY_MASK)}`;
