import type { WebhookRow } from '../../worker/protocol.ts';
import { useAppState } from '../../state/storeContext.tsx';
import { Term } from '../Term.tsx';

function SelectorCell({ check }: { check: WebhookRow['namespaceSelector'] }) {
  const mark = check.outcome === 'pass' ? '✔' : check.outcome === 'fail' ? '✘' : check.outcome === 'skip' ? '–' : '⚠';
  return (
    <td className={`sel ${check.outcome}`} title={check.why}>
      <span aria-hidden="true">{mark}</span> <span className="why">{check.why}</span>
    </td>
  );
}

/** Every webhook of every configuration, in the order the API server considers them, and why it is called or not. */
export function WebhookTable({ rows }: { rows: WebhookRow[] }) {
  const reveal = useAppState((s) => s.revealSource);
  if (!rows.length) return <p className="empty">The scenario has no MutatingWebhookConfiguration, so Kubernetes calls no webhook and the pod is created as written.</p>;
  return (
    <table className="webhooks" data-testid="webhook-table">
      <caption>Webhooks the API server considers (configurations by name, webhooks in list order)</caption>
      <thead>
        <tr>
          <th scope="col">Webhook</th>
          <th scope="col">Called</th>
          <th scope="col">
            <Term name="namespaceSelector">Namespace selector</Term>
          </th>
          <th scope="col">
            <Term name="objectSelector">Object selector</Term>
          </th>
          <th scope="col">
            <Term name="revision">Revision</Term>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.configuration}/${r.webhook}`} className={r.called ? 'called' : 'not-called'} data-webhook={r.webhook}>
            <th scope="row">
              <button className="link" onClick={() => r.source && reveal(r.source)} title={r.reason}>
                {r.webhook}
              </button>
              <div className="muted small">{r.configuration}</div>
            </th>
            <td className={r.called ? 'yes' : 'no'}>{r.called ? '✔ called' : '✘ not called'}</td>
            <SelectorCell check={r.namespaceSelector} />
            <SelectorCell check={r.objectSelector} />
            <td>{r.injector ? r.revision ?? '?' : <span className="muted">not an injector</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
