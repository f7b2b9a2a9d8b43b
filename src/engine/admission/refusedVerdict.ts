import type { AdmissionCore } from './admitPod.ts';
import type { TraceStep } from './types.ts';
import type { ApiServerRefusal } from '../validation/index.ts';

/**
 * The verdict of a workload the API server would refuse: it is never created, so it is neither
 * injected nor left without a sidecar — it is rejected, and the verdict says why and when.
 *
 * - `decode` refusals (kubectl cannot convert the YAML, a bool where a label's string goes, a kind
 *   the apiVersion does not serve): there is no object yet, so no webhook is called and istiod sees
 *   nothing; the webhook rows say so.
 * - `validation` refusals (invalid label keys or values, annotations too large): the API server
 *   validates the object after the mutating webhooks ran, so the webhooks and istiod's decision
 *   stay as they were and the refusal comes last.
 */
export function refusedByApiServer(core: AdmissionCore, kind: string, refusals: readonly ApiServerRefusal[]): AdmissionCore {
  if (!refusals.length) return core;
  const decode = refusals.filter((r) => r.phase === 'decode');
  const first = decode[0] ?? refusals[0];
  const others = refusals.length - 1;
  const more = others ? ` (and ${others} more problem${others === 1 ? '' : 's'}, each marked at its line)` : '';
  const id = decode.length ? 'apiserver:decode' : 'apiserver:validation';
  const summary = decode.length
    ? `Rejected: the API server cannot read this ${kind}, so it is never created and no webhook is called — ${first.message}${more}`
    : `Rejected: the API server's validation refuses this ${kind} after the mutating webhooks ran${core.verdict === 'injected' ? ' (istiod would have injected it)' : ''}, so it is never created — ${first.message}${more}`;
  const step: TraceStep = {
    id,
    stage: 'apiserver',
    title: decode.length ? 'read the object' : 'validate the object',
    outcome: 'fail',
    detail: summary,
    values: [],
    ...(first.at ? { source: first.at } : {}),
  };
  const verdictStep: TraceStep = { id: 'verdict', stage: 'verdict', title: 'verdict', outcome: 'decisive', detail: summary, values: [] };
  const before = core.steps.filter((s) => s.stage !== 'verdict' && (!decode.length || s.stage === 'workload' || s.stage === 'namespace'));
  // A pod that is never created is not injected twice either; one that is never read reaches no istiod, which then warns about nothing.
  const { doubleInjection, ...rest } = core;
  const unsaid = new Set<string>(doubleInjection ? [doubleInjection.message] : []);
  if (decode.length) for (const call of core.injectors) for (const w of call.decision.warnings ?? []) unsaid.add(`istiod ${call.revision}: ${w}`);
  return {
    ...rest,
    diagnostics: core.diagnostics.filter((d) => !unsaid.has(d.message)),
    verdict: 'rejected',
    summary,
    decidingStep: id,
    injectedBy: [],
    steps: [...before, step, verdictStep],
    ...(decode.length
      ? {
          webhooks: core.webhooks.map((w) => ({ ...w, called: false, reason: 'the API server could not read the object, so no webhook was asked' })),
          // istioctl x check-inject decodes the object as the API server does, and fails as it does.
          checkInject: { rows: [], footer: `istioctl x check-inject cannot read this ${kind} either: ${first.message}` },
          injectors: [],
        }
      : {}),
  };
}
