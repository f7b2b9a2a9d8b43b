import type { TraceStep, WorkloadAdmission } from './types.ts';

/**
 * What running the injection adds to the admission verdict: istiod decided to inject, then failed
 * to (a template error, a bad annotation), so its webhook answers with the error and the API
 * server refuses the pod — or meshsim could not render it, and says so without changing the
 * verdict. The injection computes it (../injection/renderOutcome.ts); the admission applies it.
 */
export interface InjectionOutcome {
  /** The step appended to the admission's trace. */
  step: TraceStep;
  /** Set when istiod's failure turns the verdict into a rejection. */
  rejection?: string;
}

/**
 * Admission alone stops at istiod's decision, so the selected workload's verdict is finished here,
 * once its injection has been run.
 */
export function withInjectionOutcome<T extends Omit<WorkloadAdmission, 'suggestions'> & { suggestions: unknown[] }>(admission: T, injection: { outcome?: InjectionOutcome } | undefined): T {
  const outcome = injection?.outcome;
  if (admission.verdict !== 'injected' || !outcome) return admission;
  if (outcome.rejection === undefined) return { ...admission, steps: [...admission.steps, outcome.step] };
  return {
    ...admission,
    verdict: 'rejected',
    summary: outcome.rejection,
    decidingStep: outcome.step.id,
    injectedBy: [],
    steps: [...admission.steps, outcome.step],
    suggestions: [],
  };
}
