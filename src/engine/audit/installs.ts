import type { ScenarioIndex } from '../admission/index.ts';
import { diagnostic } from '../diagnostics.ts';
import type { ScenarioObject } from '../documents/index.ts';
import { parseGoBool } from '../go/index.ts';
import { contextOf, installFromModels } from '../injection/index.ts';
import { pilotEnvOf, readInjectorConfigMapModel, readMeshConfigMapModel } from '../install/index.ts';
import { chooseReleases, isBuiltinInstall, releaseOfRevision, type ScenarioRelease } from '../releases/index.ts';
import { withoutPositions, type DumpObject } from './readDump.ts';
import type { SharedReads } from './sharedReads.ts';
import type { RevisionInstall } from './types.ts';

const nameOf = (o: ScenarioObject) => `${String(o.value.metadata?.namespace ?? 'istio-system')}/${String(o.value.metadata?.name ?? '')}`;

/** The release of every revision of a dump, as the app chooses it (`releases/chooseReleases`): from each injector ConfigMap. */
export function releasesOfDump(cluster: ScenarioIndex, setting?: string): ScenarioRelease {
  return chooseReleases(cluster.injectorConfigs.map((c) => ({ revision: c.revision, configMap: c.object.value })), [], setting);
}

/**
 * Each revision's install, built the first time a pod needs it, as the Patched pod panel builds
 * the scenario's: the revision's istio-sidecar-injector and mesh ConfigMaps read by `install/`,
 * combined by `injection/installFromModels` (meshsim's built-in install when the dump has no
 * injector ConfigMap for the revision), its release chosen by `releases/`, istiod's environment
 * from values.pilot.env and native sidecars as the release defaults them unless the caller says.
 * The proxies already running are not read for the release: they are what the audit compares against.
 */
export function revisionInstalls(dumpObjects: readonly DumpObject[], cluster: ScenarioIndex, options: { nativeSidecars?: boolean; release?: string; reads?: SharedReads } = {}) {
  const { reads } = options;
  const built = new Map<string, RevisionInstall>();
  const objects = dumpObjects.filter((o) => o.role.role === 'meshConfigMap').map((o, i) => (reads ? reads.object(o, 'dump', i) : withoutPositions(o, 'dump', i)));
  const releases = cluster.releases ?? releasesOfDump(cluster, options.release);
  const meshOf = (revision: string) =>
    objects.find((o) => o.role.role === 'meshConfigMap' && 'revision' in o.role && o.role.revision === revision) ??
    objects.find((o) => o.role.role === 'meshConfigMap' && 'revision' in o.role && o.role.revision === 'default');

  return function installOf(revision: string): RevisionInstall {
    const known = built.get(revision);
    if (known) return known;
    const injectorObject = cluster.injectorConfigs.find((c) => c.revision === revision)?.object;
    const meshObject = meshOf(revision);
    const choice = releaseOfRevision(releases, revision) ?? releases.otherwise;
    const build = (): RevisionInstall => {
      const injector = injectorObject ? (reads ? reads.injector(injectorObject) : readInjectorConfigMapModel(injectorObject)) : undefined;
      const mesh = meshObject ? readMeshConfigMapModel(meshObject) : undefined;
      const b = installFromModels(injector, mesh);
      const install = b.install;
      if (!injectorObject || isBuiltinInstall(injectorObject.value)) install.builtin = true;
      if (!injectorObject) install.values = { ...install.values, revision: revision === 'default' ? '' : revision };
      const diagnostics = [...(injector?.diagnostics ?? []), ...(mesh?.diagnostics ?? []), ...b.diagnostics];
      if (!injectorObject) diagnostics.push(diagnostic('audit', 'info', `the dump has no istio-sidecar-injector${revision === 'default' ? '' : `-${revision}`} ConfigMap: pods of revision ${revision} are rendered with meshsim's built-in install`));
      const pilotEnv = pilotEnvOf(injector?.values?.value);
      const fromEnv = parseGoBool(pilotEnv.ENABLE_NATIVE_SIDECARS ?? '');
      const nativeSidecars = options.nativeSidecars ?? fromEnv ?? choice.behaviour.nativeSidecars.defaultOn;
      const istiodEnv = options.nativeSidecars === undefined ? pilotEnv : Object.fromEntries(Object.entries(pilotEnv).filter(([k]) => k !== 'ENABLE_NATIVE_SIDECARS'));
      const context = contextOf({ revision, nativeSidecars, istiodEnv, release: choice.behaviour });
      return { revision, install, context, release: choice.name, source: injectorObject ? nameOf(injectorObject) : "meshsim's built-in install", diagnostics };
    };
    // Everything the install is built from: the revision, its two ConfigMaps, its release, the caller's native-sidecar setting.
    const entry = reads ? reads.install([revision, reads.idOf(injectorObject), reads.idOf(meshObject), choice.name, reads.idOf(choice.behaviour), String(options.nativeSidecars)].join('\n'), build) : build();
    built.set(revision, entry);
    return entry;
  };
}
