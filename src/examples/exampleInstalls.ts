import { stringify } from 'yaml';
import { BUILTIN_INSTALL_LABEL, BUILTIN_INSTALL_VALUE } from '../engine/releases/index.ts';
import { NEWEST_MINOR } from '../engine/releases/index.ts';
import { builtinInstallDocuments } from '../engine/injection/index.ts';

/** A template of our own that adds a debugging container next to the app (for the custom-template example). */
const DEBUG_TOOLS_TEMPLATE = `spec:
  containers:
  - name: debug-tools
    image: docker.io/nicolaka/netshoot:v0.13
    command: ["sleep", "infinity"]
    resources:
      requests:
        cpu: 10m
        memory: 32Mi
`;

function configMap(config: Record<string, unknown>, values: unknown, note: string): string {
  return `# meshsim's built-in injector configuration with one change: ${note}\n${stringify(
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'istio-sidecar-injector', namespace: 'istio-system', labels: { 'istio.io/rev': 'default', [BUILTIN_INSTALL_LABEL]: BUILTIN_INSTALL_VALUE } },
      data: { config: stringify(config, { lineWidth: 0, blockQuote: 'literal' }), values: JSON.stringify(values, null, 2) },
    },
    { lineWidth: 0, blockQuote: 'literal' },
  )}`;
}

/**
 * The canary revision of the canary-upgrade example: meshsim's built-in install installed with
 * `--set revision=canary` and the next minor's first beta (a pre-release tag, which reads as master,
 * as the built-in templates are master's; today's built-in install carries master's -dev tag).
 */
function canaryConfigMap(config: Record<string, unknown>, values: Record<string, any>): string {
  return `# The next control plane, installed beside the running one with --set revision=canary and the next release's first beta:
# meshsim's built-in injector configuration with revision canary and global.tag ${CANARY_TAG}.
${stringify(
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'istio-sidecar-injector-canary', namespace: 'istio-system', labels: { 'istio.io/rev': 'canary', [BUILTIN_INSTALL_LABEL]: BUILTIN_INSTALL_VALUE } },
      data: { config: stringify(config, { lineWidth: 0, blockQuote: 'literal' }), values: JSON.stringify({ ...values, global: { ...values.global, tag: CANARY_TAG }, revision: 'canary' }, null, 2) },
    },
    { lineWidth: 0, blockQuote: 'literal' },
  )}`;
}

/** The proxy build the canary revision of the canary-upgrade example runs. */
export const CANARY_TAG = `1.${NEWEST_MINOR + 1}.0-beta.0`;

/** The generated injector.yaml of each example that needs one, by path under src/examples/. */
export function exampleInstalls(): Record<string, string> {
  const { config, values } = builtinInstallDocuments() as { config: Record<string, any>; values: Record<string, any> };
  return {
    'never-inject-selector/injector.yaml': configMap(
      { ...config, neverInjectSelector: [{ matchExpressions: [{ key: 'app', operator: 'In', values: ['batch-job'] }] }] },
      values,
      'neverInjectSelector skips pods labelled app=batch-job.',
    ),
    'always-inject-selector/injector.yaml': configMap(
      { ...config, policy: 'disabled', alwaysInjectSelector: [{ matchLabels: { mesh: 'always' } }] },
      values,
      'policy disabled, and alwaysInjectSelector injects pods labelled mesh=always anyway.',
    ),
    'custom-template/injector.yaml': configMap(
      { ...config, templates: { ...config.templates, 'debug-tools': DEBUG_TOOLS_TEMPLATE } },
      values,
      'an extra template, debug-tools, that pods can ask for with inject.istio.io/templates.',
    ),
    'canary-upgrade/target-injector.yaml': canaryConfigMap(config, values as Record<string, any>),
    'nftables-install/injector.yaml': configMap(
      config,
      { ...values, global: { ...values.global, nativeNftables: true } },
      'values.global.nativeNftables is true, so istio-init and istio-validation run istio-iptables with --native-nftables.',
    ),
  };
}
