import { podOfTemplated, templatedKindOf } from '../kube/index.ts';
import { cloneJson } from '../kube/index.ts';
import type { Pod } from './postprocess/containers.ts';

/** A pod of a workload kind's template, paired with the workload it came from. */
export interface WorkloadPod {
  kind: string;
  name: string;
  namespace: string;
  pod: Pod;
}

const TEMPLATE_KINDS = new Set(['Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Job', 'ReplicationController', 'DeploymentConfig', 'CronJob']);

/**
 * The pod the controllers would create from a workload, as the API server hands it to the webhook:
 * the template's metadata and spec, `generateName` and a controller owner reference (a Deployment's
 * pods are owned by its ReplicaSet and labelled with pod-template-hash). Another controller's object
 * with a pod template (an Argo Rollout, a Knative Service) gives the pod that controller creates.
 */
export function podsFromObject(obj: Record<string, any>, maxItems = 1000): WorkloadPod[] {
  if (obj?.kind === 'List') {
    return (Array.isArray(obj.items) ? obj.items.slice(0, maxItems) : []).flatMap((i: Record<string, any>) => podsFromObject(i, 0));
  }
  const name = String(obj?.metadata?.name ?? '');
  const namespace = String(obj?.metadata?.namespace ?? '');
  if (obj?.kind === 'Pod') return [{ kind: 'Pod', name, namespace, pod: cloneJson(obj) }];
  if (!TEMPLATE_KINDS.has(obj?.kind)) {
    const templated = templatedKindOf(obj);
    const made = templated ? podOfTemplated(obj, templated) : undefined;
    if (!made) return [];
    if (namespace && !made.metadata.namespace) made.metadata.namespace = namespace;
    return [{ kind: String(obj.kind), name, namespace, pod: { apiVersion: 'v1', kind: 'Pod', metadata: made.metadata, spec: made.spec } }];
  }
  const template = obj.kind === 'CronJob' ? obj.spec?.jobTemplate?.spec?.template : obj.spec?.template;
  if (!template || typeof template !== 'object') return [];
  // A template whose metadata is not a mapping (a half-typed paste) gives a pod with none; the
  // object-shape checks report it, the pod is still built so nothing throws.
  const raw = template.metadata;
  const metadata = raw && typeof raw === 'object' && !Array.isArray(raw) ? cloneJson(raw) : {};
  if (obj.kind === 'Deployment') {
    const hash = 'meshsim';
    metadata.generateName = `${name}-${hash}-`;
    metadata.labels = { ...(metadata.labels ?? {}), 'pod-template-hash': hash };
    metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-${hash}`, controller: true }];
  } else {
    metadata.generateName = `${name}-`;
    metadata.ownerReferences = [{ apiVersion: String(obj.apiVersion ?? ''), kind: obj.kind, name, controller: true }];
  }
  if (namespace && !metadata.namespace) metadata.namespace = namespace;
  return [{ kind: obj.kind, name, namespace, pod: { apiVersion: 'v1', kind: 'Pod', metadata, spec: cloneJson(template.spec ?? {}) } }];
}
