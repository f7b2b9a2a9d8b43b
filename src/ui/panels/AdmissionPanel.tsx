import { useAppState } from '../storeContext.tsx';
import { useSelectedWorkload } from '../WorkloadPicker.tsx';
import { NotYet } from './NotYet.tsx';

function KeyValues({ title, values }: { title: string; values: Record<string, string> }) {
  const entries = Object.entries(values);
  return (
    <div className="kv">
      <h4>{title}</h4>
      {entries.length ? (
        <dl>
          {entries.map(([k, v]) => (
            <div key={k} className="kv-row">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">none</p>
      )}
    </div>
  );
}

/** Admission: what Kubernetes would send to which webhook, and istiod's inject/skip decision. */
export function AdmissionPanel() {
  const w = useSelectedWorkload();
  const inputs = useAppState((s) => s.result?.inputs);
  const reveal = useAppState((s) => s.revealSource);
  if (!w) return <p className="empty">No workload found. Paste a Pod, Deployment, StatefulSet, Job… into the Workloads tab.</p>;
  return (
    <section aria-label="Admission">
      <h3>
        <button className="link" onClick={() => w.source && reveal(w.source)}>
          {w.kind} {w.namespace ? `${w.namespace}/` : ''}
          {w.name || '(unnamed)'}
        </button>
      </h3>
      <p className="muted" data-testid="inputs-summary">
        Read {inputs?.workloads ?? 0} workload(s), {inputs?.namespaces ?? 0} namespace(s), {inputs?.webhookConfigurations ?? 0} webhook
        configuration(s), {inputs?.injectorConfigMaps ?? 0} injector ConfigMap(s), {inputs?.meshConfigMaps ?? 0} mesh ConfigMap(s).
      </p>
      <div className="columns">
        <KeyValues title="Pod template labels" values={w.labels} />
        <KeyValues title="Pod template annotations" values={w.annotations} />
      </div>
      <p data-testid="pod-containers">
        Containers: <strong>{w.containers.join(', ') || 'none'}</strong>
        {w.initContainers.length ? <> · init containers: {w.initContainers.join(', ')}</> : null}
      </p>
      <NotYet what="which webhooks Kubernetes calls for this pod and istiod's inject/skip decision." />
    </section>
  );
}
