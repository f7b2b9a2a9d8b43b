import { DATAPLANE_MODE, DATAPLANE_MODE_AMBIENT, DATAPLANE_MODE_NONE, REDIRECTION, REDIRECTION_ENABLED, decideAmbient, readAmbientNamespace, readAmbientPod } from '../ambient/index.ts';
import type { AuditCheck, PodAuditContext } from './podCheck.ts';
import type { AuditFinding } from './types.ts';

/**
 * Ambient pods as they run: istio-cni's node agent reconciles a running pod whenever it or its
 * namespace changes, without a restart. This check asks the node agent's own reconcile
 * (`ambient/decideAmbient`, event `update`) about the pod as the dump has it, and reports where
 * the pod's state (`ambient.istio.io/redirection`) and what the labels now ask disagree — an
 * enrolled pod the agent would take out of the mesh, a selected pod it never enrolled — plus what
 * istio-cni itself warns about (a retired annotation, an override it ignores).
 *
 * What a restart would do (join or leave ambient) is a measured change of its own
 * (`dataPlaneChange.ts`); this check is about the pod now.
 */
export const ambientCheck: AuditCheck = {
  id: 'ambient',
  scope: 'pod',
  run(ctx) {
    const annotations = ctx.running.metadata?.annotations ?? {};
    const state: string | undefined = typeof annotations[REDIRECTION] === 'string' ? annotations[REDIRECTION] : undefined;
    if (!ctx.cni) {
      return state === REDIRECTION_ENABLED
        ? [{ severity: 'info', headline: 'enrolled in ambient, not audited', detail: `${REDIRECTION}=${REDIRECTION_ENABLED}, but the dump has no istio-cni-config ConfigMap: without istio-cni's settings meshsim cannot say what the node agent or a restart would do with it` }]
        : [];
    }
    // istio-cni leaves a pod with a sidecar alone; an ambient label next to it is a conflict to resolve.
    if (ctx.sidecar.present && state === undefined) return sidecarInterplay(ctx);
    const live = decideAmbient({
      event: 'update',
      pod: readAmbientPod(ctx.running, ctx.namespace),
      namespace: readAmbientNamespace(ctx.namespaceValue ?? { metadata: { name: ctx.namespace } }, ctx.namespace),
      settings: ctx.cni.settings,
      rawPod: ctx.running,
    });
    const out: AuditFinding[] = live.diagnostics.map((d) => ({ severity: d.severity === 'error' ? 'error' : 'warning', headline: 'istio-cni warns', detail: d.message }));
    const agent = live.nodeAgent;
    if (agent?.action === 'remove' && !agent.isDelete) {
      out.push({ severity: 'warning', headline: 'enrolled in ambient, but the node agent would take it out', detail: live.text });
    } else if (agent?.action === 'add') {
      out.push({
        severity: 'warning',
        headline: 'selected for ambient but not enrolled',
        detail: `${REDIRECTION} is ${state === undefined ? 'absent' : JSON.stringify(state)}: ${live.text} Is istio-cni's node agent running on the pod's node?`,
      });
    }
    return out;
  },
};

/**
 * A running sidecar next to an ambient label (on the pod, or on its namespace without the pod
 * opting out): istio-cni skips pods with a sidecar, so the label does nothing but confuse. Added by
 * `ambient` (issue 12: "both a sidecar and an ambient label").
 */
function sidecarInterplay(ctx: PodAuditContext): AuditFinding[] {
  const podMode = ctx.running.metadata?.labels?.[DATAPLANE_MODE];
  const nsLabels = ctx.namespaceValue?.metadata?.labels ?? {};
  const where = podMode === DATAPLANE_MODE_AMBIENT
    ? `the pod is labelled ${DATAPLANE_MODE}=ambient`
    : nsLabels[DATAPLANE_MODE] === DATAPLANE_MODE_AMBIENT && podMode !== DATAPLANE_MODE_NONE
      ? `namespace ${ctx.namespace} is labelled ${DATAPLANE_MODE}=ambient${nsLabels['istio-injection'] === 'enabled' || typeof nsLabels['istio.io/rev'] === 'string' ? ' and for sidecar injection too' : ''}`
      : undefined;
  if (!where) return [];
  return [{
    severity: 'warning',
    headline: 'both a sidecar and an ambient label',
    detail: `${where}, but the pod runs a sidecar: istio-cni never enrolls a pod with sidecar.istio.io/status, so it is in the mesh through its sidecar, not ztunnel. Keep one: drop the sidecar (istio-injection / istio.io/rev, sidecar.istio.io/inject: "false") or label the pod ${DATAPLANE_MODE}=none.`,
  }];
}
