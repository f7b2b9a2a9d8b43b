/**
 * `release` (published): which Istio release each istiod revision of the scenario runs, from the
 * user's setting (`cluster.istioRelease`) or the paste. Admission and injection read it.
 */
import type { ScenarioDocuments } from '../documents/index.ts';
import type { InjectorConfigMapModel } from '../install/index.ts';
import { defineStage } from '../stages/index.ts';
import { istioImagesOf } from './fromPaste.ts';
import { chooseReleases, type PastedRevisionInstall, type RevisionImage, type ScenarioRelease } from './scenarioRelease.ts';

declare module '../stages/index.ts' {
  interface ScenarioSections {
    /** The Istio release each revision is simulated as, and why. */
    release?: ScenarioRelease;
  }
}

/** Every pasted injector ConfigMap, with its `values` and `config` as the scenario parsed them once. */
function installsOf(injectors: readonly InjectorConfigMapModel[]): PastedRevisionInstall[] {
  return injectors.map((m) => ({
    revision: m.revision,
    configMap: m.object.value,
    parsed: { values: m.values?.value, config: m.config?.value },
    where: m.object.doc.locate([...m.object.path, 'metadata', 'name']) ?? m.object.doc.locate(m.object.path),
  }));
}

/** Which revision an istiod Deployment or an injected pod belongs to. */
function revisionOf(kind: string, name: string, template: { metadata: Record<string, any> }): string | undefined {
  if (kind === 'Deployment' && /^istiod(-.+)?$/.test(name)) return name === 'istiod' ? 'default' : name.slice('istiod-'.length);
  const status = template.metadata?.annotations?.['sidecar.istio.io/status'];
  if (typeof status === 'string') {
    try {
      const rev = JSON.parse(status)?.revision;
      if (typeof rev === 'string' && rev) return rev;
    } catch {
      // an unreadable status says nothing about the revision
    }
  }
  const label = template.metadata?.labels?.['istio.io/rev'];
  return typeof label === 'string' && label ? label : undefined;
}

function imagesOf(docs: ScenarioDocuments): RevisionImage[] {
  const out: RevisionImage[] = [];
  for (const w of docs.workloads) {
    const found = istioImagesOf(w.kind, w.namespace ? `${w.namespace}/${w.name}` : w.name, w.podTemplate.spec, w.doc.locate(w.podTemplatePath));
    if (!found.length) continue;
    const revision = revisionOf(w.kind, w.name, w.podTemplate);
    for (const img of found) out.push({ ...img, ...(revision ? { revision } : {}) });
  }
  return out;
}

/**
 * The same choice outside the staged engine (every CLI verb, tests): from a scenario's documents,
 * parsing each injector ConfigMap's values and config here; `installs`, when given, are the
 * injector ConfigMaps instead of those among the documents.
 */
export function releasesOfDocuments(docs: ScenarioDocuments, setting: string | undefined, installs?: PastedRevisionInstall[]): ScenarioRelease {
  // The CLI's `inject --injector-config FILE` names its install apart from the workloads' files.
  const pasted =
    installs ??
    docs.objects
      .filter((o) => o.role.role === 'injectorConfigMap')
      .map((o) => ({ revision: 'revision' in o.role ? o.role.revision : 'default', configMap: o.value, where: o.doc.locate([...o.path, 'metadata', 'name']) ?? o.doc.locate(o.path) }));
  return chooseReleases(pasted, imagesOf(docs), setting);
}

export const releaseStage = defineStage({
  id: 'release',
  publish: true,
  reads: (ctx) => [ctx.input.cluster?.istioRelease, ...ctx.get('installs').injectors, imagesOf(ctx.get('model')).map((i) => [i.image, i.revision, i.what])],
  run: (ctx) => chooseReleases(installsOf(ctx.get('installs').injectors), imagesOf(ctx.get('model')), ctx.input.cluster?.istioRelease),
  diagnostics: (out) => out?.diagnostics ?? [],
  fallback: () => undefined,
});
