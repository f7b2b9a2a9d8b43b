import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { EmbeddedYaml } from '../documents/index.ts';
import { CLUSTER_CONFIG_TYPES, schemaFields, typedRoundTrip, type JsonValue, type StructTable } from '../kube/index.ts';
import { flowText, writtenAt } from '../validation/index.ts';

/**
 * istiod's injection config (the injector ConfigMap's `data.config`) as Go declares it: istiod
 * reads it with sigs.k8s.io/yaml into this struct, so a number where a string goes is read as its
 * text, and a map or list where a string goes fails the whole config.
 */
const INJECTOR_CONFIG: StructTable = {
  ...CLUSTER_CONFIG_TYPES,
  Config: schemaFields(
    'policy string',
    'defaultTemplates []string',
    'templates map[string]string',
    'aliases map[string][]string',
    'neverInjectSelector []LabelSelector',
    'alwaysInjectSelector []LabelSelector',
    'injectedAnnotations map[string]string',
  ),
  // Of the values (istio's operator Values proto), the string fields meshsim reads itself, outside
  // the templates: a map or list there fails protojson as it fails encoding/json.
  Values: schemaFields('revision string', 'global *Global'),
  Global: schemaFields(
    'hub string',
    'variant string',
    'imagePullPolicy string',
    'istioNamespace string',
    'network string',
    'pilotCertProvider string',
    'caAddress string',
    'meshID string',
    'proxy *Proxy',
    'proxy_init *ProxyInit',
    'multiCluster *MultiCluster',
  ),
  Proxy: schemaFields('image string', 'clusterDomain string', 'logLevel string', 'componentLogLevel string'),
  ProxyInit: schemaFields('image string'),
  MultiCluster: schemaFields('clusterName string'),
};

/**
 * `data.config` as istiod reads it: unchanged when it decodes, or unreadable (as a YAML error would
 * make it) with sigs.k8s.io/yaml's error at the first value that does not fit, shown as written.
 */
export function decodeInjectorConfig(config: EmbeddedYaml, what: string): EmbeddedYaml {
  return decodeAs(config, 'Config', true, what, (why) => `istiod cannot read the injection config (failed to unmarshal injection template: error unmarshaling JSON: while decoding JSON: ${why}), so it injects nothing with it`);
}

/**
 * The values as istiod reads them (its NewValuesConfig decodes them into the Values proto first):
 * unreadable, with the place, when a string field holds a map, a list, a number or a bool.
 */
export function decodeInjectorValues(values: EmbeddedYaml, what: string): EmbeddedYaml {
  return decodeAs(values, 'Values', false, what, (why) => `istiod cannot read the values (could not parse configuration values: ${why.replace(/^json: /, '')})`);
}

function decodeAs(config: EmbeddedYaml, type: string, fromYaml: boolean, what: string, say: (why: string) => string): EmbeddedYaml {
  if (!config.readable || config.value === null || typeof config.value !== 'object' || Array.isArray(config.value)) return config;
  const [issue] = typedRoundTrip(type, config.value as JsonValue, { fromYaml, table: INJECTOR_CONFIG }).issues;
  if (!issue) return config;
  const { where, found } = writtenAt(config.value, issue.path);
  const problem: Diagnostic = diagnostic(
    'injection',
    'error',
    `${what}: ${where ? `${where}: ${flowText(found)}: ` : ''}${say(issue.message)}`,
    config.locate(issue.path),
  );
  return { ...config, value: undefined, readable: false, diagnostics: [...config.diagnostics, problem] };
}
