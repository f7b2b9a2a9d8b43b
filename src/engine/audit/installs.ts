import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { buildInstall, builtinInstallDocuments, configMapTexts, parseInstallTexts, type InjectionInstall } from '../injection/index.ts';
import { contextOf } from '../injection/injectScenario.ts';
import type { ClusterContext } from '../injection/webhookInject.ts';
import { behaviourOf, detectRelease, formatRelease, type ReleaseDetection } from '../releases/index.ts';
import { detectionInputOf } from '../releases/fromPaste.ts';
import type { DumpObject } from './readDump.ts';

/** One revision's istiod as the dump shows it: its install, the release it runs, and the context of its webhook calls. */
export interface RevisionInstall {
  revision: string;
  install: InjectionInstall;
  context: ClusterContext;
  /** "1.28.0", "1.24 (latest patch)", "master". */
  release: string;
  detection: ReleaseDetection;
  /** `istio-system/istio-sidecar-injector-canary`, or meshsim's built-in install. */
  source: string;
  /** Problems reading the install, said once per revision. */
  diagnostics: Diagnostic[];
}

const releaseName = (d: ReleaseDetection) => {
  const r = d.release;
  return r.kind === 'numbered' && !Number.isFinite(r.patch) ? `${formatRelease(r)} (latest patch)` : formatRelease(r);
};

const nameOf = (o: DumpObject) => `${String(o.value.metadata?.namespace ?? 'istio-system')}/${String(o.value.metadata?.name ?? '')}`;

/**
 * Each revision's install, built the first time a pod needs it: the revision's
 * istio-sidecar-injector ConfigMap and mesh ConfigMap from the dump (meshsim's built-in install
 * when the dump has no injector ConfigMap for it), the release read from them and from the proxies
 * that revision already injected (`releases/`), as the Patched pod panel reads a paste.
 */
export function revisionInstalls(objects: readonly DumpObject[], options: { nativeSidecars?: boolean } = {}) {
  const built = new Map<string, RevisionInstall>();
  const pick = (role: 'injectorConfigMap' | 'meshConfigMap', revision: string) =>
    objects.find((o) => o.role.role === role && 'revision' in o.role && o.role.revision === revision) ?? (role === 'meshConfigMap' ? objects.find((o) => o.role.role === role && 'revision' in o.role && o.role.revision === 'default') : undefined);

  return function installOf(revision: string): RevisionInstall {
    const known = built.get(revision);
    if (known) return known;
    const diagnostics: Diagnostic[] = [];
    const injector = pick('injectorConfigMap', revision);
    const mesh = pick('meshConfigMap', revision);
    let install: InjectionInstall;
    if (injector) {
      const parsed = parseInstallTexts(configMapTexts(injector.value, mesh?.value));
      diagnostics.push(...parsed.diagnostics);
      const b = buildInstall({ ...parsed.documents, mesh: mesh ? parsed.documents.mesh : builtinInstallDocuments().mesh });
      diagnostics.push(...b.diagnostics);
      install = b.install;
      if (parsed.unreadable.includes('values')) install.valuesUnreadable = true;
    } else {
      const builtin = builtinInstallDocuments();
      const b = buildInstall({ ...builtin, mesh: mesh ? parseInstallTexts(configMapTexts(undefined, mesh.value)).documents.mesh : builtin.mesh, values: { ...(builtin.values as Record<string, unknown>), revision: revision === 'default' ? '' : revision } });
      install = { ...b.install, builtin: true };
      diagnostics.push(diagnostic('audit', 'info', `the dump has no istio-sidecar-injector${revision === 'default' ? '' : `-${revision}`} ConfigMap: pods of revision ${revision} are rendered with meshsim's built-in install`));
    }
    // The release: the install's own version strings and fingerprints. The proxies already running
    // are not asked: they are what the audit compares against, and may come from an older release.
    const detection = detectRelease(detectionInputOf(injector ? { configMap: injector.value } : undefined, []));
    const context = contextOf({ revision, nativeSidecars: options.nativeSidecars ?? true, release: behaviourOf(detection.release) });
    const entry: RevisionInstall = {
      revision,
      install,
      context,
      release: releaseName(detection),
      detection,
      source: injector ? nameOf(injector) : "meshsim's built-in install",
      diagnostics,
    };
    built.set(revision, entry);
    return entry;
  };
}

export type InstallLookup = ReturnType<typeof revisionInstalls>;
