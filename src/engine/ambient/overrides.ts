/**
 * The pod's own say in its in-pod rules (cni/pkg/nodeagent getPodLevelTrafficOverrides): ingress
 * mode skips inbound capture, DNS capture can be forced on or off for this pod, and virtual
 * interfaces get their TCP rerouted to ztunnel. Boolean annotations are read with Go's
 * strconv.ParseBool; an unparsable value counts as if it were absent (the agent logs a warning).
 */
import { parseGoBool } from '../go/index.ts';
import { goTrimSpace } from '../go/index.ts';
import { BYPASS_INBOUND_CAPTURE, DNS_CAPTURE, REROUTE_VIRTUAL_INTERFACES } from './names.ts';
import type { AmbientPod } from './pod.ts';

export type PodDnsProxy = 'unset' | 'enabled' | 'disabled';

export interface PodOverrides {
  ingressMode: boolean;
  dnsProxy: PodDnsProxy;
  virtualInterfaces: string[];
}

export interface PodOverridesRead extends PodOverrides {
  /** Annotations present but not booleans: ignored, as the node agent ignores them. */
  ignored: { annotation: string; value: string }[];
}

export function podOverrides(pod: AmbientPod): PodOverridesRead {
  const ignored: PodOverridesRead['ignored'] = [];
  const bool = (key: string): boolean | undefined => {
    if (!(key in pod.annotations)) return undefined;
    const b = parseGoBool(pod.annotations[key]);
    if (b === undefined) ignored.push({ annotation: key, value: pod.annotations[key] });
    return b;
  };
  const ingress = bool(BYPASS_INBOUND_CAPTURE);
  const dns = bool(DNS_CAPTURE);
  const virt = REROUTE_VIRTUAL_INTERFACES in pod.annotations ? pod.annotations[REROUTE_VIRTUAL_INTERFACES].split(',').map(goTrimSpace).filter((s) => s !== '') : [];
  return {
    ingressMode: ingress ?? false,
    dnsProxy: dns === undefined ? 'unset' : dns ? 'enabled' : 'disabled',
    virtualInterfaces: virt,
    ignored,
  };
}

/** Whether DNS ends up redirected to ztunnel for this pod: the pod's annotation wins over the node agent's setting. */
export function dnsCaptured(overrides: PodOverrides, nodeAgentDnsCapture: boolean): boolean {
  return overrides.dnsProxy === 'unset' ? nodeAgentDnsCapture : overrides.dnsProxy === 'enabled';
}
