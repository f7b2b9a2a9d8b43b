import type { Workload } from '../documents/index.ts';
import { defineStage, type StageContext } from '../stages/index.ts';
import { releaseOfRevision } from '../releases/index.ts';
import { ambientCapture } from '../ambient/index.ts';
import { captureTraffic, firstContainerPort, trafficResult, traceTraffic } from '../traffic/index.ts';

declare module '../stages/index.ts' {
  interface ScenarioDeferrals {
    /**
     * The Traffic section (the capture rules and the traced packet): the app shows it only in the
     * Traffic panel (and the Markdown report), and asks for it when that panel opens or a report is
     * copied; until then the result has no `traffic` and lists it in `deferred`.
     */
    traffic?: boolean;
  }
}

/**
 * `capture`: the rules that capture the selected pod's traffic (the injected pod, else the pod as
 * written), in the family asked for. A change of packet preset does not rerun it. While the caller
 * defers the Traffic section nothing is read or built, and `trace` and `traffic` have nothing to do.
 */
export const captureStage = defineStage({
  id: 'capture',
  reads: (ctx) => (ctx.input.defer?.traffic ? [DEFERRED] : [ctx.get('injection')?.pod?.after, ctx.get('model').workloads[ctx.get('selection')], ctx.input.traffic?.family, captureRelease(ctx), ambientCreation(ctx), ctx.get('cniSettings')]),
  run: (ctx) => {
    if (ctx.input.defer?.traffic) return undefined;
    const after = ctx.get('injection')?.pod?.after as Record<string, any> | undefined;
    const workload = ctx.get('model').workloads[ctx.get('selection')];
    const pod = after ?? (workload ? podOf(workload) : undefined);
    // An ambient pod has no sidecar: istio-cni's node agent writes its rules (src/engine/ambient).
    const ambient = ambientCreation(ctx);
    if (pod && ambient) return ambientCapture(ambient, ctx.get('cniSettings').settings, ctx.input.traffic?.family, firstContainerPort(pod) ?? 8080);
    return pod ? captureTraffic(pod, ctx.input.traffic?.family, captureRelease(ctx)) : undefined;
  },
  // Only what points at the user's text is the scenario's to report; the rest is the panel's.
  diagnostics: (out) => out?.diagnostics.filter((d) => d.source) ?? [],
  fallback: () => undefined,
});

/** `trace`: one packet (a preset or the user's own) through the captured rules. */
export const traceStage = defineStage({
  id: 'trace',
  // Without rules (none to capture, or the section deferred) the packet asked for changes nothing.
  reads: (ctx) => {
    const capture = ctx.get('capture');
    return capture ? [capture, ctx.input.traffic?.preset, ctx.input.traffic?.packet] : [capture];
  },
  run: (ctx) => {
    const capture = ctx.get('capture');
    return capture ? traceTraffic(capture, ctx.input.traffic) : { diagnostics: [] };
  },
  diagnostics: (out) => out.diagnostics.filter((d) => d.source),
  fallback: () => ({ diagnostics: [] }),
});

/** `traffic` (published): the Traffic section, the capture and the traced packet together. */
export const trafficStage = defineStage({
  id: 'traffic',
  publish: true,
  reads: (ctx) => [ctx.get('capture'), ctx.get('trace')],
  run: (ctx) => {
    const capture = ctx.get('capture');
    return capture ? trafficResult(capture, ctx.get('trace')) : undefined;
  },
  deferredBy: (input) => Boolean(input.defer?.traffic),
  fallback: () => undefined,
});

/** The one read of a deferred capture. */
const DEFERRED = 'deferred';

/** istio-cni's decision when the selected pod ends up in the ambient mesh, else undefined. */
function ambientCreation(ctx: StageContext) {
  const w = ctx.get('ambientWorkload').workload;
  return w?.dataPlane.mode === 'ambient' ? w.creation : undefined;
}

/**
 * The release whose istio-iptables writes the rules: the injecting revision's, else (a pod pasted
 * already injected) the revision its sidecar.istio.io/status names.
 */
function captureRelease(ctx: StageContext) {
  const releases = ctx.get('release');
  const injection = ctx.get('injection');
  if (injection) return releaseOfRevision(releases, injection.install.revision)?.behaviour;
  const status = ctx.get('model').workloads[ctx.get('selection')]?.podTemplate.metadata.annotations?.['sidecar.istio.io/status'];
  let revision = 'default';
  try {
    const r = typeof status === 'string' ? JSON.parse(status)?.revision : undefined;
    if (typeof r === 'string' && r) revision = r;
  } catch {
    // not a status annotation istiod wrote
  }
  return releaseOfRevision(releases, revision)?.behaviour;
}

/** The pod the workload's template would create, as the API server would see it. */
function podOf(w: Workload): Record<string, any> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { ...w.podTemplate.metadata, namespace: w.namespace || w.podTemplate.metadata.namespace },
    spec: w.podTemplate.spec,
  };
}
