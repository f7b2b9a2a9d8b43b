import { stringify } from 'yaml';
import type { DumpObject } from './readDump.ts';
import type { PodScenarioTexts } from './types.ts';

const asYaml = (values: readonly unknown[]) => values.map((v) => stringify(v, { lineWidth: 0, aliasDuplicateObjects: false })).join('---\n');

/** The pod without what only the cluster adds (status, managed fields), so the editor shows what matters. */
function podAsWritten(pod: Record<string, any>): Record<string, any> {
  const { status: _status, ...rest } = pod;
  if (!rest.metadata || typeof rest.metadata !== 'object') return rest;
  const { managedFields: _managed, ...metadata } = rest.metadata;
  return { ...rest, metadata };
}

/**
 * The editor texts that reproduce one pod of the dump as a scenario: the pod, its Namespace, every
 * webhook configuration, and the injector and mesh ConfigMaps. An input the dump has nothing for
 * is left out, so the editor keeps what it had.
 */
export function podScenarioTexts(pod: Record<string, any>, objects: readonly DumpObject[]): PodScenarioTexts {
  const namespace = String(pod.metadata?.namespace ?? '') || 'default';
  const ns = objects.find((o) => o.role.role === 'namespace' && o.value.metadata?.name === namespace);
  const of = (role: string) => objects.filter((o) => o.role.role === role).map((o) => o.value);
  const texts: PodScenarioTexts = {
    workloads: asYaml([podAsWritten(pod)]),
    namespaces: ns ? asYaml([ns.value]) : '',
    webhooks: asYaml(of('webhookConfiguration')),
  };
  const injector = of('injectorConfigMap');
  const mesh = of('meshConfigMap');
  if (injector.length) texts.injector = asYaml(injector);
  if (mesh.length) texts.mesh = asYaml(mesh);
  return texts;
}
