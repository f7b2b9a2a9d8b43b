import { useAppState } from '../../state/storeContext.tsx';
import './ambient.css';

const SAYS = {
  ambient: 'istio-cni enrolls it in ambient mode, so no sidecar is needed: ztunnel carries its traffic.',
  none: 'it is not enrolled in ambient either: it is out of the mesh.',
  sidecar: 'it also asks for ambient, which istio-cni skips for a pod with a sidecar.',
  rejected: '',
} as const;

/**
 * Beside the injection verdict, for a pod in the ambient world: "not injected" is not the whole
 * answer there. Says nothing for a plain sidecar pod (the Admission panel is then as it was).
 */
export function DataPlaneLine() {
  const dp = useAppState((s) => s.result?.ambient?.workload?.dataPlane);
  const open = useAppState((s) => s.setActivePanel);
  if (!dp || dp.mode === 'rejected' || !(dp.mode === 'ambient' || dp.ambientIntent)) return null;
  return (
    <p className={`dataplane-line ${dp.mode === 'ambient' ? '' : 'warning-box'}`} data-testid="dataplane-line">
      <strong>{dp.headline}.</strong> {SAYS[dp.mode]}{' '}
      <button className="link" onClick={() => open('ambient')}>
        See the Ambient tab
      </button>
    </p>
  );
}
