import { lazy, Suspense, useEffect, useState } from 'react';
import { CopyButtons } from '../CopyButtons.tsx';
import { PodDiagram } from '../pod/PodDiagram.tsx';
import { useAppState } from '../../state/storeContext.tsx';
import { NoWorkload } from '../NoWorkload.tsx';
import { ReleaseNote, releaseOf } from '../ReleaseNote.tsx';
import { Term } from '../Term.tsx';
import { TabList, tabId, tabPanelId } from '../tabs/TabList.tsx';

const DiffView = lazy(() => import('../../editor/DiffView.tsx'));

type View = 'diff' | 'yaml' | 'patch';
const VIEWS: { id: View; label: string }[] = [
  { id: 'diff', label: 'Diff' },
  { id: 'yaml', label: 'Injected YAML (kube-inject)' },
  { id: 'patch', label: 'JSONPatch' },
];

/** The patched pod: what injection added, as a diagram, a diff, the full YAML and the JSONPatch. */
export default function PodPanel() {
  const result = useAppState((s) => s.result);
  const setPanel = useAppState((s) => s.setActivePanel);
  const [view, setView] = useState<View>('diff');
  const showKubeInject = useAppState((s) => s.showKubeInject);
  // The engine writes kube-inject's output once this view has been opened (it is another render).
  useEffect(() => {
    if (view === 'yaml') showKubeInject();
  }, [view, showKubeInject]);
  if (!result) return null;
  const admission = result.admission.workloads[result.selectedWorkload];
  const injection = result.injection;
  if (!admission) return <NoWorkload />;
  if (!injection) {
    return (
      <p className="empty">
        istiod does not inject this pod ({admission.summary}), so Kubernetes creates it as written.{' '}
        <button className="link" onClick={() => setPanel('admission')}>
          See why in Admission
        </button>
        .
      </p>
    );
  }
  const pod = injection.pod;
  const patch = JSON.stringify(pod?.patch ?? [], null, 2);
  return (
    <section aria-label="Patched pod">
      <p className="install-note" data-testid="install-note">
        {injection.install.note} To use your cluster's, paste <code>kubectl get configmap istio-sidecar-injector -n istio-system -o yaml</code> into the
        Injector ConfigMap tab.
      </p>
      <ReleaseNote choice={releaseOf(result, injection.install.revision)} masterChart={injection.install.masterChart} />
      {pod?.error ? (
        <p className="warning-box" role="alert">
          istiod rejects the pod: {pod.error}
        </p>
      ) : null}
      {pod?.skipped ? <p className="empty">istiod skipped the pod: {pod.skipped}</p> : null}
      {pod?.after ? (
        <>
          <p className="muted small">Templates rendered: {pod.templates.join(', ')}.</p>
          <PodDiagram report={pod} />
          <div className="row toolbar">
            <TabList group="pod-views" label="Patched pod views" items={VIEWS} selected={view} onSelect={setView} className="view-tabs" />
            {view === 'yaml' && !injection.kubeInject.deferred ? <CopyButtons text={injection.kubeInject.output ?? ''} filename="injected.yaml" what="injected YAML" /> : null}
            {view === 'patch' ? <CopyButtons text={patch} filename="patch.json" what="JSONPatch" /> : null}
          </div>
          <div role="tabpanel" id={tabPanelId('pod-views', view)} aria-labelledby={tabId('pod-views', view)}>
          {view === 'diff' ? (
            <Suspense fallback={<p className="muted">Loading the diff…</p>}>
              <DiffView before={injection.beforeYaml ?? ''} after={injection.afterYaml ?? ''} />
            </Suspense>
          ) : null}
          {view === 'yaml' ? (
            injection.kubeInject.deferred ? (
              <p className="muted">Writing the workload as istioctl kube-inject prints it…</p>
            ) : (
              <pre className="code-view" data-testid="injected-yaml">{injection.kubeInject.output ?? injection.kubeInject.error}</pre>
            )
          ) : null}
          {view === 'patch' ? (
            <>
              <p className="muted small">
                The <Term name="JSONPatch">RFC 6902 patch</Term> the <Term name="webhook">webhook</Term> returns in its AdmissionReview response ({pod.patch?.length ?? 0} operations).
              </p>
              <pre className="code-view" data-testid="json-patch">{patch}</pre>
            </>
          ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
