import { editorHolds, megabytes } from '../state/heldText.ts';
import { EMPTY, useAppState } from '../state/storeContext.tsx';
import type { Diagnostic, SourceRef } from '../worker/protocol.ts';
import { INPUT_LABELS } from '../state/inputLabels.ts';

const WORKLOAD_KINDS = 'a Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, or any object with a pod template (an Argo Rollout, a Knative Service)';

/**
 * Said by a panel when the scenario has no workload to show: which input to fix and how, rather
 * than only that nothing was found. A YAML error in the Workloads tab comes first, since it keeps
 * every workload after it from being read.
 */
export function NoWorkload() {
  const text = useAppState((s) => s.texts.workloads);
  const diagnostics = useAppState((s) => s.result?.diagnostics ?? EMPTY);
  const reveal = useAppState((s) => s.revealSource);
  const inWorkloads = diagnostics.filter((d) => d.source?.input === 'workloads');
  const syntax = inWorkloads.find((d) => d.severity === 'error' && d.origin === 'yaml');
  const broken = inWorkloads.find((d) => d.severity === 'error');
  // A controller's object meshsim knows but cannot take pods from (a Rollout with a workloadRef) says why.
  const noPods = inWorkloads.find((d) => d.severity === 'warning' && d.origin === 'documents');
  const unused = inWorkloads.filter((d) => d.severity === 'info' && / is not used by the simulation/.test(d.message));
  const tab = INPUT_LABELS.workloads.label;
  const at = (d: Diagnostic) => (
    <button className="link" onClick={() => reveal(d.source as SourceRef)}>
      line {d.source!.line}
    </button>
  );
  // A tab too large for the editor shows its errors in a notice in the editor's place
  // (editor/HeldTextNotice.tsx): said there once, pointed to here.
  const held = !editorHolds(text);
  const tooLarge = inWorkloads.find((d) => d.code === 'input-too-large');
  let says: React.ReactNode;
  if (tooLarge) {
    says = (
      <>
        Nothing in the {tab} tab was read: at {megabytes(text.length)} its text is more than meshsim reads from one input, so no workload can come from it (the tab&apos;s
        notice, in place of the editor, says the limit). Paste only the objects you need, or split the text into smaller parts; Save as file there keeps the
        whole of it.
      </>
    );
  } else if (held && (syntax ?? broken)) {
    const first = (syntax ?? broken)!;
    says = (
      <>
        The {tab} tab&apos;s text {syntax ? 'does not parse' : 'cannot be read as written'}: its notice, in place of the editor, gives the error at {at(first)}. Until it
        is fixed meshsim cannot read the workloads in it; the text is too large for the editor, so fix it in a file and open that (Open…), or paste only the
        objects you need.
      </>
    );
  } else if (syntax) {
    says = (
      <>
        Fix the YAML in the {tab} tab at {at(syntax)}: {syntax.message}. Until it parses, meshsim cannot read the workloads in it.
      </>
    );
  } else if (text.length < 4096 && !text.trim()) {
    says = <>The {tab} tab is empty: paste {WORKLOAD_KINDS} into it.</>;
  } else if (broken) {
    says = (
      <>
        Fix the {tab} tab at {at(broken)}: {broken.message}.
      </>
    );
  } else if (noPods) {
    says = (
      <>
        {noPods.message} ({at(noPods)}).
      </>
    );
  } else if (unused.length) {
    const kinds = [...new Set(unused.map((d) => d.message.replace(/ is not used by the simulation.*$/, '').replace(/^kind /, '')))];
    says = (
      <>
        The {tab} tab holds {kinds.join(', ')}, but no workload: paste {WORKLOAD_KINDS} into it (or move the objects to the tab they belong in).
      </>
    );
  } else {
    says = <>The {tab} tab has no workload: paste {WORKLOAD_KINDS} into it.</>;
  }
  return (
    <p className="empty" data-testid="no-workload">
      {says}
    </p>
  );
}
