import type { DataPlaneVerdict } from '../../worker/protocol.ts';

const LOOK: Record<DataPlaneVerdict['mode'], { icon: string; className: string }> = {
  ambient: { icon: '◆', className: 'ambient' },
  sidecar: { icon: '✔', className: 'sidecar' },
  none: { icon: '○', className: 'none' },
  rejected: { icon: '⊘', className: 'rejected' },
};

/** The answer to "is this pod in the mesh, and how?": sidecar, ambient, or neither — with the deciding rule of each side. */
export function DataPlaneBanner({ verdict }: { verdict: DataPlaneVerdict }) {
  const look = LOOK[verdict.mode];
  return (
    <div className={`dataplane ${look.className}`} data-testid="dataplane" data-mode={verdict.mode}>
      <span className="verdict-icon" aria-hidden="true">{look.icon}</span>
      <div>
        <strong>{verdict.headline}</strong>
        <p>{verdict.summary}</p>
        <dl className="dataplane-sides">
          <dt>Sidecar</dt>
          <dd>{verdict.sidecar.verdict === 'injected' ? 'injected by istiod' : verdict.sidecar.verdict === 'rejected' ? 'the pod is rejected' : 'not injected'}</dd>
          <dt>Ambient</dt>
          <dd>
            {verdict.ambient.enrolled ? 'enrolled by istio-cni' : 'not enrolled'} <span className="muted">({verdict.ambient.reason}{verdict.ambient.selectorIndex !== undefined ? `, selector [${verdict.ambient.selectorIndex}]` : ''})</span>
          </dd>
        </dl>
      </div>
    </div>
  );
}
