import type { InjectionOutcome } from '../admission/index.ts';
import { isNotSimulated } from '../gotemplate/index.ts';

/** istiod failed to render the pod's injection: the webhook answers with the error, unless meshsim is the one that cannot. */
export function renderOutcome(revision: string, error: string): InjectionOutcome {
  const id = `istiod:${revision}:render`;
  if (isNotSimulated(error)) {
    // istiod would render it; meshsim cannot, so the verdict stands and the gap is said out loud.
    const detail = `meshsim cannot render this injection, so it cannot show the patched pod: ${error}`;
    return { step: { id, stage: 'istiod', title: 'render the injection', outcome: 'skip', detail, values: [] } };
  }
  return {
    step: { id, stage: 'istiod', title: 'render the injection', outcome: 'fail', detail: error, values: [] },
    rejection: `Rejected: istiod revision ${revision} decides to inject, then fails and answers the webhook with its error, so the API server refuses the pod — ${error}`,
  };
}
