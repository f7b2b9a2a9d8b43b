import { diagnostic, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import type { ScenarioDocuments, ScenarioObject } from '../documents/scenarioDocuments.ts';
import { readInjectorConfigMap, readInjectorConfigValue, type ReadInjectorConfig } from '../injectionPolicy/index.ts';
import { parseYamlDocuments } from '../yaml/parseDocuments.ts';
import { readWebhookConfiguration, type WebhookConfiguration } from '../webhooks/webhookConfiguration.ts';

/** Where in the user's text a path of an object was written. */
export type Locate = (path: readonly (string | number)[]) => SourceRef | undefined;

export function locatorOf(o: ScenarioObject): Locate {
  return (path) => o.doc.locate([...o.path, ...path]);
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
  /** Where a path inside the `data.config` text was written (lines exact; columns assume the usual indentation). */
  locateConfig: Locate;
}

/**
 * Reads `data.config` (YAML inside a block scalar) keeping positions: an inner line L sits L lines
 * below the block's `|` header, indented two columns past the `config:` key.
 */
function readConfigText(o: ScenarioObject): { read: ReadInjectorConfig; locateConfig: Locate } {
  const locate = locatorOf(o);
  const text = o.value?.data?.config;
  const block = locate(['data', 'config']);
  if (typeof text !== 'string' || !block) return { read: readInjectorConfigMap(o.value), locateConfig: () => block };
  const parsed = parseYamlDocuments(text, block.input);
  if (parsed.diagnostics.some((d) => d.severity === 'error') || parsed.documents.length !== 1) return { read: readInjectorConfigMap(o.value), locateConfig: () => block };
  const inner = parsed.documents[0];
  const keyColumn = locate(['data'])?.column ?? 1;
  const shift = (r: SourceRef): SourceRef => ({
    input: block.input,
    line: block.line + r.line,
    column: r.column + keyColumn + 1,
    ...(r.endLine !== undefined ? { endLine: block.line + r.endLine, endColumn: (r.endColumn ?? 1) + keyColumn + 1 } : {}),
  });
  return {
    read: readInjectorConfigValue(inner.value),
    locateConfig: (path) => {
      const r = inner.locate(path);
      return r ? shift(r) : block;
    },
  };
}

/** The cluster-side objects of a scenario, read once and shared by every workload's analysis. */
export interface ScenarioIndex {
  configurations: IndexedConfiguration[];
  namespaces: Map<string, ScenarioObject>;
  injectorConfigs: IndexedInjectorConfig[];
  diagnostics: Diagnostic[];
}

export function indexScenario(docs: ScenarioDocuments): ScenarioIndex {
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
      const name = String(o.value.metadata?.name ?? '');
      if (namespaces.has(name)) diagnostics.push(diagnostic('admission', 'warning', `Namespace ${name} appears twice; the first one is used`, locate(['metadata', 'name'])));
      else namespaces.set(name, o);
    } else if (o.role.role === 'injectorConfigMap') {
      const { read, locateConfig } = readConfigText(o);
      const name = String(o.value.metadata?.name ?? '');
      for (const p of read.problems) diagnostics.push(diagnostic('admission', 'warning', `ConfigMap ${name}: ${p}`, locate(['data', 'config']) ?? locate([])));
      if (!read.problems.length && !read.policyWritten) {
        diagnostics.push(diagnostic('admission', 'warning', `ConfigMap ${name}: data.config sets no policy; istiod reads that as an invalid policy and injects nothing`, locate(['data', 'config'])));
      }
      injectorConfigs.push({ name, namespace: String(o.value.metadata?.namespace ?? ''), revision: o.role.revision, read, object: o, locateConfig });
    }
  }
  return { configurations, namespaces, injectorConfigs, diagnostics };
}
