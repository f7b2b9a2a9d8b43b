import type { Pod } from './postprocess/containers.ts';

/** Kinds whose pods are meant to run to completion. */
const RUN_TO_COMPLETION = new Set(['Job', 'CronJob']);

/**
 * A Job's pod completes when all its containers have exited. istio-proxy injected as a regular
 * container (native sidecars off) never exits on its own, so the Job never completes while it runs.
 * Returns the warning, or undefined when the pod is not a Job's or the proxy is a native sidecar.
 */
export function jobNeverCompletes(kind: string, owner: string | undefined, injected: Pod | undefined, annotationHonoured: boolean): string | undefined {
  const ownerKind = owner ?? kind;
  if (!RUN_TO_COMPLETION.has(kind) && !RUN_TO_COMPLETION.has(ownerKind)) return undefined;
  const proxyInMain = (injected?.spec?.containers ?? []).some((c: any) => c?.name === 'istio-proxy');
  if (!proxyInMain) return undefined;
  const what = RUN_TO_COMPLETION.has(kind) ? `This ${kind}` : `This pod's ${ownerKind}`;
  const fix = annotationHonoured
    ? 'Use native sidecars (Kubernetes 1.29+: the cluster switch, or the annotation sidecar.istio.io/nativeSidecar: "true" on the pod template)'
    : 'Use native sidecars (Kubernetes 1.29+ and istiod\'s ENABLE_NATIVE_SIDECARS=true; this release ignores the sidecar.istio.io/nativeSidecar annotation)';
  return `${what} will never complete while istio-proxy runs: native sidecars are off, so istio-proxy is an ordinary container that keeps running after the job's containers exit. ${fix}, or have the job stop the proxy when it is done (curl -X POST localhost:15020/quitquitquit).`;
}
