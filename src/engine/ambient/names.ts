/**
 * The labels, annotations and values istio-cni and istiod read for ambient mode (istio.io/api's
 * label and annotation registry, cni/pkg/constants). One place, so a typo cannot split a rule.
 */
export const DATAPLANE_MODE = 'istio.io/dataplane-mode';
export const DATAPLANE_MODE_AMBIENT = 'ambient';
export const DATAPLANE_MODE_NONE = 'none';

/** Written by the node agent: `enabled` (captured), `pending` (rules in, ztunnel not yet told). */
export const REDIRECTION = 'ambient.istio.io/redirection';
export const REDIRECTION_ENABLED = 'enabled';
export const REDIRECTION_PENDING = 'pending';
/** The value users still copy from old docs; since Istio 1.23 nothing reads it as an opt-out. */
export const REDIRECTION_RETIRED_DISABLED = 'disabled';

export const SIDECAR_STATUS = 'sidecar.istio.io/status';
export const SIDECAR_INJECT = 'sidecar.istio.io/inject';

export const BYPASS_INBOUND_CAPTURE = 'ambient.istio.io/bypass-inbound-capture';
export const DNS_CAPTURE = 'ambient.istio.io/dns-capture';
export const REROUTE_VIRTUAL_INTERFACES = 'istio.io/reroute-virtual-interfaces';

export const USE_WAYPOINT = 'istio.io/use-waypoint';
export const USE_WAYPOINT_NAMESPACE = 'istio.io/use-waypoint-namespace';

/** The node agent DaemonSet's pods are named istio-cni-node-<hash>. */
export const CNI_AGENT_POD_PREFIX = 'istio-cni-node-';

export const ISTIO_INIT = 'istio-init';
export const ISTIO_PROXY = 'istio-proxy';
