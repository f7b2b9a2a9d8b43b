import type { Diagnostic, SourceRef } from '../diagnostics.ts';
import { embeddedTextOf, parseEmbeddedYaml, type EmbeddedYaml, type ScenarioObject } from '../documents/index.ts';
import { readInjectorConfigValue, type ReadInjectorConfig } from '../injectionPolicy/index.ts';
import { decodeInjectorConfig, decodeInjectorValues } from './injectorConfigDecode.ts';

/**
 * The install a cluster holds, read once from the ConfigMaps the user pasted, with positions:
 * the injector ConfigMap's `config` (policy, selectors, templates) and `values`, and the mesh
 * ConfigMap's `mesh`. Admission reads the policy from it, injection the whole of it, and a
 * template's line is found in it (not by scanning the text).
 */
export interface InjectorConfigMapModel {
  object: ScenarioObject;
  name: string;
  namespace: string;
  revision: string;
  /** `data.config` parsed (undefined when absent). */
  config?: EmbeddedYaml;
  /** `data.values` parsed: JSON in a real install, YAML accepted as istiod accepts it. */
  values?: EmbeddedYaml;
  /** The part of `config` istiod's inject decision reads. */
  policy: ReadInjectorConfig;
  /** Where `data.config` is, for problems with the config as a whole. */
  configSource?: SourceRef;
  diagnostics: Diagnostic[];
}

export interface MeshConfigMapModel {
  object: ScenarioObject;
  name: string;
  namespace: string;
  revision: string;
  /** `data.mesh` parsed (undefined when absent). */
  mesh?: EmbeddedYaml;
  diagnostics: Diagnostic[];
}

const nameOf = (o: ScenarioObject) => String(o.value.metadata?.name ?? '');
const namespaceOf = (o: ScenarioObject) => String(o.value.metadata?.namespace ?? '');
const revisionOf = (o: ScenarioObject) => ('revision' in o.role ? o.role.revision : 'default');

function readKey(o: ScenarioObject, key: string, what: string): EmbeddedYaml | undefined {
  const text = embeddedTextOf(o, ['data', key]);
  return text ? parseEmbeddedYaml(text, `ConfigMap ${nameOf(o)} ${what}`) : undefined;
}

/** An istio-sidecar-injector ConfigMap, read once. */
export function readInjectorConfigMapModel(o: ScenarioObject): InjectorConfigMapModel {
  const read = readKey(o, 'config', 'data.config');
  const config = read && decodeInjectorConfig(read, `ConfigMap ${nameOf(o)} data.config`);
  const readValues = readKey(o, 'values', 'data.values');
  const values = readValues && decodeInjectorValues(readValues, `ConfigMap ${nameOf(o)} data.values`);
  const policy: ReadInjectorConfig = !config
    ? { config: { policy: '', neverInjectSelector: [], alwaysInjectSelector: [] }, policyWritten: false, problems: ['the ConfigMap has no data.config'] }
    : config.readable
      ? readInjectorConfigValue(config.value)
      : { config: { policy: '', neverInjectSelector: [], alwaysInjectSelector: [] }, policyWritten: false, problems: [] };
  return {
    object: o,
    name: nameOf(o),
    namespace: namespaceOf(o),
    revision: revisionOf(o),
    config,
    values,
    policy,
    configSource: o.doc.locate([...o.path, 'data', 'config']),
    diagnostics: [...(config?.diagnostics ?? []), ...(values?.diagnostics ?? [])],
  };
}

/** An `istio` mesh ConfigMap, read once. */
export function readMeshConfigMapModel(o: ScenarioObject): MeshConfigMapModel {
  const mesh = readKey(o, 'mesh', 'data.mesh');
  return { object: o, name: nameOf(o), namespace: namespaceOf(o), revision: revisionOf(o), mesh, diagnostics: mesh?.diagnostics ?? [] };
}

/** Where line:column of template `name` was written in the user's Injector text, when it can be said exactly. */
export function templateSource(model: InjectorConfigMapModel | undefined, name: string, line: number, column: number): SourceRef | undefined {
  return model?.config?.embedded(['templates', name])?.at(line, column);
}

