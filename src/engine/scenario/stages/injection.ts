import { defineStage, type StageContext } from '../../stages/index.ts';
import { injectionSubject, injectWorkload, type InjectionSubject } from '../injectionSection.ts';
import { releaseOfRevision } from '../../releases/index.ts';
import { newInjectionMemo, type InjectionMemo } from '../../injection/index.ts';

declare module '../../stages/index.ts' {
  interface StageOutputs {
    /** What this engine's injections have read before (../../injection/injectionMemo.ts), for as long as the engine lives. */
    injectionMemo: InjectionMemo;
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
 * `injection` (published): the selected workload's pod as istiod patches it. It reads only the
 * workload, the injecting revision and that revision's install objects, so an edit elsewhere
 * (another namespace's labels, a webhook that still calls the same istiod) reuses it.
 */
export const injectionStage = defineStage({
  id: 'injection',
  publish: true,
  reads: (ctx) => {
    const s = subjectOf(ctx);
    return [s?.workload, s?.revision, s?.injector, s?.mesh, s?.decision, ctx.input.cluster, s && releaseOfRevision(ctx.get('release'), s.revision)];
  },
  run: (ctx) => {
    const s = subjectOf(ctx);
    return s ? injectWorkload(s, ctx.input.cluster, releaseOfRevision(ctx.get('release'), s.revision), ctx.get('injectionMemo')) : undefined;
  },
  diagnostics: (out) => out?.diagnostics ?? [],
  fallback: () => undefined,
});
