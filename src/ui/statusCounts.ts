import type { ScenarioResult } from '../worker/protocol.ts';

export interface StatusCounts {
  /** Errors a user fixes by editing an input (bad YAML, an object the API server would refuse…). */
  inputErrors: number;
  /** What the scenario itself shows, its inputs being fine: workloads two injectors would inject. */
  doubleInjections: number;
  /** The engine's own failures (a bug in meshsim, not in the inputs). */
  engineErrors: number;
}

/**
 * Sorts the result's error diagnostics for the status bar. Double injection is reported as an
 * error diagnostic because it breaks the pod, but the inputs are not wrong: it is a finding.
 */
export function statusCounts(result: ScenarioResult | undefined): StatusCounts {
  const counts: StatusCounts = { inputErrors: 0, doubleInjections: 0, engineErrors: 0 };
  if (!result) return counts;
  const findings = new Set(result.admission.workloads.flatMap((w) => (w.doubleInjection ? [w.doubleInjection.message] : [])));
  counts.doubleInjections = result.admission.workloads.filter((w) => w.doubleInjection).length;
  for (const d of result.diagnostics) {
    if (d.severity !== 'error' || findings.has(d.message)) continue;
    if (!d.source && /^internal error/.test(d.message)) counts.engineErrors++;
    else counts.inputErrors++;
  }
  return counts;
}
