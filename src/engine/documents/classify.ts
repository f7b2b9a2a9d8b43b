import { WORKLOAD_KINDS, type DocumentRole, type WorkloadKind } from './kinds.ts';

const INJECTOR_CONFIGMAP = /^istio-sidecar-injector(?:-(.+))?$/;
const MESH_CONFIGMAP = /^istio(?:-(.+))?$/;

/** Says what a parsed document is to meshsim, from its kind and, for ConfigMaps, its name. */
export function classifyDocument(value: unknown): DocumentRole {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { role: 'other', kind: '(not a mapping)' };
  const obj = value as Record<string, any>;
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  if ((WORKLOAD_KINDS as string[]).includes(kind)) return { role: 'workload', kind: kind as WorkloadKind };
  if (kind === 'Namespace') return { role: 'namespace' };
  if (kind === 'MutatingWebhookConfiguration') return { role: 'webhookConfiguration' };
  if (kind === 'List' || kind.endsWith('List')) return { role: 'list' };
  if (kind === 'ConfigMap') {
    const name = String(obj.metadata?.name ?? '');
    const injector = INJECTOR_CONFIGMAP.exec(name);
    if (injector) return { role: 'injectorConfigMap', revision: injector[1] ?? 'default' };
    const mesh = MESH_CONFIGMAP.exec(name);
    if (mesh && !name.startsWith('istio-sidecar-injector')) return { role: 'meshConfigMap', revision: mesh[1] ?? 'default' };
    return { role: 'configMap' };
  }
  return { role: 'other', kind: kind || '(no kind)' };
}
