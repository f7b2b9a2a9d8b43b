import type { WorkloadAdmission } from '../admission/types.ts';
import { isNotSimulated } from '../gotemplate/index.ts';
import type { InjectionResult } from './injectionSection.ts';

/**
 * istiod decided to inject, then failed to (a template error, a bad annotation): its webhook answers
 * with the error and the API server refuses the pod. Admission alone stops at istiod's decision,
 * so the selected workload's verdict is finished here, once its injection has been run.
 */
export function withInjectionOutcome<T extends Omit<WorkloadAdmission, 'suggestions'> & { suggestions: unknown[] }>(admission: T, injection: InjectionResult | undefined): T {
  const error = injection?.pod?.error;
  if (admission.verdict !== 'injected' || !error) return admission;
  const revision = injection.install.revision;
  const id = `istiod:${revision}:render`;
  if (isNotSimulated(error)) {
    // istiod would render it; meshsim cannot, so the verdict stands and the gap is said out loud.
    const detail = `meshsim cannot render this injection, so it cannot show the patched pod: ${error}`;
    return { ...admission, steps: [...admission.steps, { id, stage: 'istiod', title: 'render the injection', outcome: 'skip', detail, values: [] }] };
  }
  return {
    ...admission,
    verdict: 'rejected',
    summary: `Rejected: istiod revision ${revision} decides to inject, then fails and answers the webhook with its error, so the API server refuses the pod — ${error}`,
    decidingStep: id,
    injectedBy: [],
    steps: [...admission.steps, { id, stage: 'istiod', title: 'render the injection', outcome: 'fail', detail: error, values: [] }],
    suggestions: [],
  };
}
