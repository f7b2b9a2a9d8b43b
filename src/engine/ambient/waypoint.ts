/**
 * The waypoint a workload asks for, from labels alone (istiod's getUseWaypoint / fetchWaypointForTarget):
 * the pod's `istio.io/use-waypoint` first, else its namespace's; `none` opts out of any waypoint
 * (the namespace's included); `istio.io/use-waypoint-namespace` on the same object names where the
 * waypoint lives (default: the pod's namespace). Whether that Gateway exists, is programmed or
 * accepts workload traffic is not modelled.
 */
import { USE_WAYPOINT, USE_WAYPOINT_NAMESPACE } from './names.ts';
import type { AmbientNamespace, AmbientPod } from './pod.ts';

export interface WaypointRequest {
  from: 'pod' | 'namespace' | 'none';
  name?: string;
  namespace?: string;
  /** `istio.io/use-waypoint: none`. */
  optOut?: boolean;
}

function fromLabels(labels: Record<string, string>, defaultNamespace: string): { named?: { name: string; namespace: string }; none: boolean } {
  if (!(USE_WAYPOINT in labels)) return { none: false };
  const name = labels[USE_WAYPOINT];
  if (name === 'none') return { none: true };
  return { named: { name, namespace: USE_WAYPOINT_NAMESPACE in labels ? labels[USE_WAYPOINT_NAMESPACE] : defaultNamespace }, none: false };
}

export function waypointFor(pod: AmbientPod, namespace: AmbientNamespace): WaypointRequest {
  const own = fromLabels(pod.labels, pod.namespace);
  if (own.none) return { from: 'pod', optOut: true };
  if (own.named) return { from: 'pod', ...own.named };
  const ns = fromLabels(namespace.labels, namespace.name || pod.namespace);
  if (ns.none) return { from: 'namespace', optOut: true };
  if (ns.named) return { from: 'namespace', ...ns.named };
  return { from: 'none' };
}
