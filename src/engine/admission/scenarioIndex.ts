import type { ScenarioRelease } from '../releases/index.ts';
import { diagnostic, textOf, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import type { ScenarioDocuments, ScenarioObject } from '../documents/index.ts';
import type { ReadInjectorConfig } from '../injectionPolicy/index.ts';
import { readInjectorConfigMapModel, type InjectorConfigMapModel } from '../install/index.ts';
import { readWebhookConfiguration, type WebhookConfiguration } from '../webhooks/index.ts';

/** Where in the user's text a path of an object was written. */
export type Locate = (path: readonly (string | number)[]) => SourceRef | undefined;

export function locatorOf(o: ScenarioObject): Locate {
  // Most objects are a document's root (path []): their paths need no copy.
  return o.path.length ? (path) => o.doc.locate([...o.path, ...path]) : (path) => o.doc.locate(path);
}

/** The locate of the deepest existing prefix of `path`, for pointing at where a missing key would go. */
export function locateNearest(locate: Locate, path: readonly (string | number)[]): SourceRef | undefined {
  for (let n = path.length; n >= 0; n--) {
    const ref = locate(path.slice(0, n));
    if (ref) return ref;
  }
  return undefined;
}

export interface IndexedConfiguration {
  configuration: WebhookConfiguration;
  object: ScenarioObject;
}

export interface IndexedInjectorConfig {
  name: string;
  namespace: string;
  revision: string;
  read: ReadInjectorConfig;
  object: ScenarioObject;
  /** Where a path inside the `data.config` text was written in the user's text. */
  locateConfig: Locate;
}

/** The cluster-side objects of a scenario, read once and shared by every workload's analysis. */
export interface ScenarioIndex {
  configurations: IndexedConfiguration[];
  namespaces: Map<string, ScenarioObject>;
  injectorConfigs: IndexedInjectorConfig[];
  diagnostics: Diagnostic[];
  /** The release each istiod revision runs (how it reads sidecar.istio.io/inject); master's when absent. */
  releases?: ScenarioRelease;
}

/**
 * Reads the cluster-side objects. `injectors` are the injector ConfigMaps already read (the
 * scenario's install model); without them each is read here.
 */
export function indexScenario(docs: ScenarioDocuments, injectors?: readonly InjectorConfigMapModel[]): ScenarioIndex {
  const models = new Map(injectors?.map((m) => [m.object, m]));
  const diagnostics: Diagnostic[] = [];
  const configurations: IndexedConfiguration[] = [];
  const namespaces = new Map<string, ScenarioObject>();
  const injectorConfigs: IndexedInjectorConfig[] = [];
  for (const o of docs.objects) {
    const locate = locatorOf(o);
    if (o.role.role === 'webhookConfiguration') {
      const configuration = readWebhookConfiguration(o.value);
      for (const p of configuration.problems) diagnostics.push(diagnostic('admission', 'error', `MutatingWebhookConfiguration ${configuration.name}: ${p}`, locate([])));
      for (const w of configuration.webhooks) {
        for (const p of w.problems) {
          diagnostics.push(diagnostic('admission', 'error', `MutatingWebhookConfiguration ${configuration.name}: the API server would reject it: ${p}`, locate(['webhooks', w.index]) ?? locate([])));
        }
      }
      configurations.push({ configuration, object: o });
    } else if (o.role.role === 'namespace') {
      const name = textOf(o.value.metadata?.name);
      if (namespaces.has(name)) diagnostics.push(diagnostic('admission', 'warning', `Namespace ${name} appears twice; the first one is used`, locate(['metadata', 'name'])));
      else namespaces.set(name, o);
    } else if (o.role.role === 'injectorConfigMap') {
      const model = models.get(o) ?? readInjectorConfigMapModel(o);
      const read = model.policy;
      const block = model.configSource;
      const locateConfig: Locate = model.config ? model.config.locate : () => block;
      const name = model.name;
      for (const p of read.problems) diagnostics.push(diagnostic('admission', 'warning', `ConfigMap ${name}: ${p}`, locate(['data', 'config']) ?? locate([])));
      if (model.config?.readable && !read.problems.length && !read.policyWritten) {
        diagnostics.push(diagnostic('admission', 'warning', `ConfigMap ${name}: data.config sets no policy; istiod reads that as an invalid policy and injects nothing`, locate(['data', 'config'])));
      }
      injectorConfigs.push({ name, namespace: textOf(o.value.metadata?.namespace), revision: o.role.revision, read, object: o, locateConfig });
    }
  }
  return { configurations, namespaces, injectorConfigs, diagnostics };
}
