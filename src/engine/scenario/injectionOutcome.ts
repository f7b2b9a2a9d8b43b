import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { defaultEngine, podsFromObject, renderOutcome, webhookInject } from '../injection/index.ts';
import { templateSource, type InjectorConfigMapModel, type MeshConfigMapModel } from '../install/index.ts';
import { chooseReleases, releaseOfRevision, type ScenarioRelease } from '../releases/index.ts';
import { decodeWorkload, neverCompletes, prepareRevisionInstall, templatedDiagnostic, type ClusterOptions, type InjectionResult, type InjectionSubject, type InstallModels, type PreparedRevisionInstall } from './injectionSection.ts';

/** What the verdict needs from an injection: whether istiod renders the pod, and the problems on the way. */
export interface InjectionOutcomeResult {
  /** Set when istiod fails to render the pod (the webhook then answers with its error). */
  outcome?: InjectionResult['outcome'];
  /** The pod as istiod patched it (for the ambient view of a pod with a sidecar); absent when it was not patched. */
  after?: Record<string, any>;
  /** The pod's own problems (it cannot be read as Kubernetes reads it, istiod's render error, a Job that never completes). */
  diagnostics: Diagnostic[];
}

/**
 * The outcome-only injection, for verdicts of many pods at once (`meshsim check` on a cluster
 * dump): each revision's install is built and its templates parsed once, and each pod is only sent
 * through istiod's webhook path — no kube-inject output, env provenance, YAML or diff, which only a
 * panel about one pod shows. What it injects with is `prepareRevisionInstall`, as for the full
 * injection, so both give the same outcome (injectionOutcome.test.ts holds them to it).
 *
 * `installDiagnostics()` are the problems of the installs used so far, each said once.
 */
export function createOutcomeInjector(cluster: ClusterOptions, releases: ScenarioRelease) {
  const prepared = new Map<InjectorConfigMapModel | MeshConfigMapModel | string, Map<unknown, PreparedRevisionInstall>>();
  const releaseOf = (revision: string) => releaseOfRevision(releases, revision) ?? releases.otherwise;
  const prepare = (s: InjectionSubject): PreparedRevisionInstall => {
    const byInjector = prepared.get(s.injector ?? s.revision) ?? new Map<unknown, PreparedRevisionInstall>();
    prepared.set(s.injector ?? s.revision, byInjector);
    const key = s.mesh ?? s.revision;
    let p = byInjector.get(key);
    if (!p) {
      p = prepareRevisionInstall(s.injector, s.mesh, s.revision, cluster, releaseOf(s.revision));
      byInjector.set(key, p);
    }
    return p;
  };
  return {
    outcomeOf(subject: InjectionSubject): InjectionOutcomeResult {
      const { context, install } = prepare(subject);
      const { workload } = subject;
      const templated = templatedDiagnostic(workload);
      const result = (r: InjectionOutcomeResult): InjectionOutcomeResult => (templated ? { ...r, diagnostics: [...r.diagnostics, templated] } : r);
      const decoded = decodeWorkload(workload);
      if ('error' in decoded) return result({ diagnostics: [decoded.diagnostic] });
      const value = decoded.value;
      const pod = value && typeof value === 'object' && !Array.isArray(value) ? podsFromObject(value as Record<string, any>)[0] : undefined;
      if (!pod) return result({ diagnostics: [] });
      const r = webhookInject(pod.pod, pod.namespace, install, context, defaultEngine, subject.decision);
      if (!r.error) {
        const never = r.after ? neverCompletes(workload, r.after, releaseOf(subject.revision)) : undefined;
        return result({ ...(r.after ? { after: r.after } : {}), diagnostics: never ? [never] : [] });
      }
      // Said as the full injection says it (injectPrepared): the pod and istiod's error, at the
      // template's line in the Injector text when a template is to blame, else at the workload.
      const e = r.injection?.errorAt;
      const at = (e?.line !== undefined ? templateSource(subject.injector, e.template, e.line, e.column ?? 1) : undefined) ?? workload.doc.locate(workload.path);
      const said = diagnostic('injection', 'error', `${pod.kind} ${pod.name}: ${r.error}`, at);
      return result({ outcome: renderOutcome(subject.revision, r.error), diagnostics: [said] });
    },
    installDiagnostics(): Diagnostic[] {
      return [...prepared.values()].flatMap((m) => [...m.values()].flatMap((p) => p.diagnostics));
    },
  };
}

/**
 * The release each revision runs, read from its pasted injector ConfigMap as the app and the audit
 * read it (`releases/chooseReleases`), or the user's setting.
 */
export function releasesOfInstalls(installs: InstallModels, setting: string | undefined): ScenarioRelease {
  return chooseReleases(
    installs.injectors.map((m) => ({ revision: m.revision, configMap: m.object.value, parsed: { values: m.values?.value, config: m.config?.value } })),
    [],
    setting,
  );
}
