import { CheckInjectTable } from '../admission/CheckInjectTable.tsx';
import { DataPlaneLine } from '../ambient/DataPlaneLine.tsx';
import { StepList } from '../admission/StepList.tsx';
import { Suggestions } from '../admission/Suggestions.tsx';
import { VerdictBanner } from '../admission/VerdictBanner.tsx';
import { WebhookTable } from '../admission/WebhookTable.tsx';
import { useAppState } from '../../state/storeContext.tsx';
import { NoWorkload } from '../NoWorkload.tsx';
import { ReleaseNote, releaseOf } from '../ReleaseNote.tsx';

/** Admission: which webhooks Kubernetes calls for the pod, istiod's decision, and what would change it. */
export default function AdmissionPanel() {
  const result = useAppState((s) => s.result);
  const reveal = useAppState((s) => s.revealSource);
  const lastApplied = useAppState((s) => s.lastApplied);
  const undo = useAppState((s) => s.undoLastChange);
  const a = result?.admission.workloads[result.selectedWorkload];
  if (!result) return null;
  if (!a) return <NoWorkload />;
  return (
    <section aria-label="Admission">
      <h3>
        <button className="link" onClick={() => a.workload.source && reveal(a.workload.source)}>
          {a.workload.kind} {a.workload.namespace}/{a.workload.name || '(unnamed)'}
        </button>
      </h3>
      {lastApplied ? (
        <div className="applied" role="status">
          Applied: {lastApplied.label}{' '}
          <button className="button" onClick={undo}>
            Undo
          </button>
        </div>
      ) : null}
      <DataPlaneLine />
      <VerdictBanner verdict={a.verdict} summary={a.summary} injectedBy={a.injectedBy} />
      <ReleaseNote choice={releaseOf(result, a.injectedBy[0] ?? a.injectors[0]?.revision)} />
      {a.doubleInjection ? (
        <p className="warning-box" role="alert">
          ⚠ {a.doubleInjection.message}
        </p>
      ) : null}
      <Suggestions items={a.suggestions} verdict={a.verdict} />
      <h4>Step by step</h4>
      <StepList steps={a.steps} deciding={a.decidingStep} />
      <h4>Webhooks</h4>
      <WebhookTable rows={a.webhooks} />
      <CheckInjectTable rows={a.checkInject.rows} footer={a.checkInject.footer} />
    </section>
  );
}
