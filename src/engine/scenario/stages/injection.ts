import { defineStage, type StageContext } from '../../stages/index.ts';
import { injectionSubject, injectPodOf, withKubeInject, type InjectionSubject, type KubeInjectView, type PodInjection } from '../injectionSection.ts';
import { releaseOfRevision } from '../../releases/index.ts';
import { newInjectionMemo, type InjectionMemo } from '../../injection/index.ts';

declare module '../../stages/index.ts' {
  interface StageOutputs {
    /** What this engine's injections have read before (../../injection/injectionMemo.ts), for as long as the engine lives. */
    injectionMemo: InjectionMemo;
    /** The selected workload's pod as istiod's webhook patches it, kube-inject's view of it left for kubeInjection. */
    podInjection: PodInjection | undefined;
    /** What `istioctl kube-inject -f` prints for the selected workload, or that it is deferred. */
    kubeInjection: KubeInjectView | undefined;
  }
  interface ScenarioDeferrals {
    /**
     * kube-inject's output (the app shows it only in the Patched pod panel's "Injected YAML
     * (kube-inject)" view, and asks for it when that view opens); the section then says
     * `kubeInject.deferred`.
     */
    kubeInject?: boolean;
  }
}

/**
 * `injectionMemo`: made once per scenario engine (it reads nothing, so it never reruns), so an
 * edit that re-injects a pod whose templates print the same text reads that text's YAML without
 * parsing it again. It dies with the engine: a fresh engine (a cold analysis) parses afresh.
 */
export const injectionMemoStage = defineStage({
  id: 'injectionMemo',
  reads: () => [],
  run: () => newInjectionMemo(),
  fallback: () => newInjectionMemo(),
});

/** The selected workload's injection subject, when istiod decides to inject it. */
function subjectOf(ctx: StageContext): InjectionSubject | undefined {
  const selected = ctx.get('selection');
  const workload = ctx.get('model').workloads[selected];
  const admission = ctx.get('admit').admitted[selected]?.admission;
  // Only a pod istiod would inject gets patched; the others keep their spec as written.
  if (!workload || admission?.verdict !== 'injected') return undefined;
  return injectionSubject(ctx.get('installs'), workload, admission);
}

/**
 * `podInjection`: the selected workload's pod as istiod patches it (diff, JSONPatch, environment).
 * It reads only the workload, the injecting revision and that revision's install objects, so an
 * edit elsewhere (another namespace's labels, a webhook that still calls the same istiod) reuses it.
 */
export const podInjectionStage = defineStage({
  id: 'podInjection',
  reads: (ctx) => {
    const s = subjectOf(ctx);
    return [s?.workload, s?.revision, s?.injector, s?.mesh, s?.decision, ctx.input.cluster, s && releaseOfRevision(ctx.get('release'), s.revision), ctx.get('injectionMemo')];
  },
  run: (ctx) => {
    const s = subjectOf(ctx);
    return s ? injectPodOf(s, ctx.input.cluster ?? {}, releaseOfRevision(ctx.get('release'), s.revision), ctx.get('injectionMemo')) : undefined;
  },
  fallback: () => undefined,
});

/** Whether kube-inject's view waits: the caller defers it, and the section can be finished without it. */
const defersKubeInject = (ctx: StageContext, pod: PodInjection | undefined) => Boolean(ctx.input.defer?.kubeInject) && !pod?.needsKubeInject;

/**
 * `kubeInjection`: kube-inject's view of the same workload (a second render, merge and YAML
 * writing of the workload as written), computed when the caller shows it; opening the view
 * reruns this stage only.
 */
export const kubeInjectionStage = defineStage({
  id: 'kubeInjection',
  reads: (ctx) => {
    const pod = ctx.get('podInjection');
    return [pod, defersKubeInject(ctx, pod)];
  },
  run: (ctx) => {
    const pod = ctx.get('podInjection');
    if (!pod) return undefined;
    return defersKubeInject(ctx, pod) ? { warnings: [], deferred: true } : pod.kubeInject();
  },
  fallback: () => undefined,
});

/** `injection` (published): the Patched pod / Environment section, from the two views. */
export const injectionStage = defineStage({
  id: 'injection',
  publish: true,
  reads: (ctx) => [ctx.get('podInjection'), ctx.get('kubeInjection')],
  run: (ctx) => {
    const pod = ctx.get('podInjection');
    const kube = ctx.get('kubeInjection');
    return pod && kube ? withKubeInject(pod, kube) : undefined;
  },
  diagnostics: (out) => out?.diagnostics ?? [],
  fallback: () => undefined,
});
