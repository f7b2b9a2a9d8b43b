import { templatedKindOf } from '../kube/index.ts';
import { POD_TEMPLATE_PATH, WORKLOAD_KINDS, type DocumentRole, type WorkloadKind } from './kinds.ts';

const INJECTOR_CONFIGMAP = /^istio-sidecar-injector(?:-(.+))?$/;
const MESH_CONFIGMAP = /^istio(?:-(.+))?$/;
const CNI_CONFIGMAP = 'istio-cni-config';
/** Operator resources that carry istio-cni's chart values (Sail's IstioCNI, istioctl's IstioOperator). */
const CNI_OPERATOR_KINDS = ['IstioCNI', 'IstioOperator'];

const isMapping = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A document with no kind that reads as istio-cni chart values: an `ambient:` map at the top or under `cni:`. */
function isCniValues(obj: Record<string, unknown>): boolean {
  if (obj.apiVersion !== undefined || obj.kind !== undefined) return false;
  return isMapping(obj.ambient) || (isMapping(obj.cni) && isMapping(obj.cni.ambient));
}

/** Says what a parsed document is to meshsim, from its kind and, for ConfigMaps, its name. */
export function classifyDocument(value: unknown): DocumentRole {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { role: 'other', kind: '(not a mapping)' };
  const obj = value as Record<string, any>;
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  if ((WORKLOAD_KINDS as string[]).includes(kind)) return { role: 'workload', kind, templatePath: POD_TEMPLATE_PATH[kind as WorkloadKind] };
  if (kind === 'Namespace') return { role: 'namespace' };
  if (kind === 'MutatingWebhookConfiguration') return { role: 'webhookConfiguration' };
  if (kind === 'List' || kind.endsWith('List')) return { role: 'list' };
  if (CNI_OPERATOR_KINDS.includes(kind)) return { role: 'cniConfig', form: 'operator' };
  if (isCniValues(obj)) return { role: 'cniConfig', form: 'values' };
  if (kind === 'ConfigMap') {
    const name = String(obj.metadata?.name ?? '');
    if (name === CNI_CONFIGMAP) return { role: 'cniConfig', form: 'configMap' };
    const injector = INJECTOR_CONFIGMAP.exec(name);
    if (injector) return { role: 'injectorConfigMap', revision: injector[1] ?? 'default' };
    const mesh = MESH_CONFIGMAP.exec(name);
    if (mesh && !name.startsWith('istio-sidecar-injector')) return { role: 'meshConfigMap', revision: mesh[1] ?? 'default' };
    return { role: 'configMap' };
  }
  // Another controller's object whose pods are made from a template (kube/podControllers.ts).
  const templated = templatedKindOf(obj);
  if (templated) return { role: 'workload', kind, templatePath: templated.templatePath, templated };
  return { role: 'other', kind: kind || '(no kind)' };
}
