import { defineStage, type StageContext } from '../../stages/index.ts';
import { injectionSubject, injectWorkload, type InjectionSubject } from '../injectionSection.ts';
import { releaseOfRevision } from '../../releases/scenarioRelease.ts';

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
    return s ? injectWorkload(s, ctx.input.cluster, releaseOfRevision(ctx.get('release'), s.revision)) : undefined;
  },
  diagnostics: (out) => out?.diagnostics ?? [],
  fallback: () => undefined,
});
