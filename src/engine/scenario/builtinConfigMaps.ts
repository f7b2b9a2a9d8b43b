import { stringify } from 'yaml';
import { BUILTIN_INSTALL_LABEL, BUILTIN_INSTALL_VALUE } from '../releases/index.ts';
import { builtinInstallDocuments } from '../injection/index.ts';

/**
 * meshsim's built-in install written out as the two ConfigMaps a cluster would have, so a user can
 * start from it and edit templates, policy or selectors in the Injector and Mesh tabs.
 */
export function builtinConfigMaps(): { injector: string; mesh: string } {
  const docs = builtinInstallDocuments();
  const header = (what: string) => `# meshsim's built-in ${what}, written to behave as Istio's default install. Edit it freely.\n`;
  const injector = stringify(
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'istio-sidecar-injector', namespace: 'istio-system', labels: { 'istio.io/rev': 'default', [BUILTIN_INSTALL_LABEL]: BUILTIN_INSTALL_VALUE } },
      data: { config: stringify(docs.config, { lineWidth: 0, blockQuote: 'literal' }), values: JSON.stringify(docs.values, null, 2) },
    },
    { lineWidth: 0, blockQuote: 'literal' },
  );
  const mesh = stringify(
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'istio', namespace: 'istio-system' }, data: { mesh: stringify(docs.mesh, { lineWidth: 0 }) } },
    { lineWidth: 0, blockQuote: 'literal' },
  );
  return { injector: header('injector configuration') + injector, mesh: header('mesh configuration') + mesh };
}
