import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { InjectorConfigMapModel, MeshConfigMapModel } from '../install/index.ts';
import { builtinInstallDocuments } from './builtin/index.ts';
import { buildInstall, type InjectionInstall, type InstallDocuments } from './install.ts';

/**
 * The install an injection runs with: the pasted ConfigMaps' documents, or the built-in install
 * for what was not pasted, with the CNI switch applied to `values` when the user set it.
 * Returns the effective CNI setting too.
 */
export function installFromModels(
  injector: InjectorConfigMapModel | undefined,
  mesh: MeshConfigMapModel | undefined,
  options: { cni?: boolean } = {},
): { install: InjectionInstall; cni: boolean; diagnostics: Diagnostic[] } {
  const builtin = builtinInstallDocuments();
  const diagnostics: Diagnostic[] = [];
  const docs: InstallDocuments = {
    config: injector ? injector.config?.value : builtin.config,
    values: injector ? injector.values?.value : builtin.values,
    mesh: mesh ? mesh.mesh?.value : builtin.mesh,
  };
  const valuesUnreadable = injector?.values !== undefined && !injector.values.readable;
  const installed = Boolean((docs.values as any)?.pilot?.cni?.enabled);
  let cni = installed;
  if (options.cni !== undefined && options.cni !== installed && !valuesUnreadable) {
    if (docs.values !== undefined && docs.values !== null && (typeof docs.values !== 'object' || Array.isArray(docs.values))) {
      diagnostics.push(diagnostic('injection', 'warning', 'the injector values are not a mapping: the CNI switch cannot be applied'));
    } else {
      const values = (docs.values ?? {}) as Record<string, any>;
      docs.values = { ...values, pilot: { ...(values.pilot ?? {}), cni: { ...(values.pilot?.cni ?? {}), enabled: options.cni } } };
      cni = options.cni;
    }
  }
  const built = buildInstall(docs);
  diagnostics.push(...built.diagnostics);
  if (valuesUnreadable) built.install.valuesUnreadable = true;
  // meshsim's own install (master's chart) unless the user gave their injector config.
  if (!injector) built.install.builtin = true;
  return { install: built.install, cni, diagnostics };
}
