import { REDIRECTION, REDIRECTION_ENABLED } from '../ambient/index.ts';
import type { CaptureSummary, RestartChange, SidecarState } from './types.ts';

type Obj = Record<string, any>;

export type DataPlane = CaptureSummary['dataPlane'];

/**
 * The data plane a running pod is in now: its sidecar, else ambient when istio-cni's node agent
 * has enrolled it (it records that in `ambient.istio.io/redirection: enabled`), else none.
 */
export function runningDataPlane(running: Obj, sidecar: SidecarState): DataPlane {
  if (sidecar.present) return 'sidecar';
  return running.metadata?.annotations?.[REDIRECTION] === REDIRECTION_ENABLED ? 'ambient' : 'none';
}

const WORDS: Record<string, string> = {
  'ambient>none': 'would leave the ambient mesh',
  'ambient>sidecar': 'would leave ambient for a sidecar',
  'sidecar>ambient': 'would trade its sidecar for ambient',
  'none>ambient': 'would join the ambient mesh',
};

/**
 * A restart that moves a pod into or out of ambient mode. Moves between a sidecar and none are
 * already said by the sidecar comparison ("would get a sidecar", "would no longer be injected"),
 * so only a move with ambient on one side is a change of its own. `after` is the capture the pod
 * would get as created again (`capture.ts`); a pod istiod would reject has no data plane to move to.
 */
export function dataPlaneChange(now: DataPlane, after: CaptureSummary, rejected: boolean): RestartChange | undefined {
  if (rejected || now === after.dataPlane || (now !== 'ambient' && after.dataPlane !== 'ambient')) return undefined;
  return { kind: 'data-plane', headline: WORDS[`${now}>${after.dataPlane}`] ?? `data plane ${now} → ${after.dataPlane}`, detail: `now ${now}; after a restart: ${after.text}` };
}
