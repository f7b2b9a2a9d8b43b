/** Which workload a pod belongs to, as the injector names it in ISTIO_META_OWNER / WORKLOAD_NAME. */
export interface WorkloadMeta {
  name: string;
  namespace: string;
  kind: string;
  apiVersion: string;
}

/**
 * The webhook's view: a pod named by `generateName` with a controller owner reference is attributed
 * to that owner, and a ReplicaSet/ReplicationController/Job owner is traced one step further up.
 */
export function workloadOfPod(pod: Record<string, any>): WorkloadMeta {
  const meta = pod.metadata ?? {};
  const namespace = String(meta.namespace ?? '');
  const self: WorkloadMeta = { name: String(meta.name ?? ''), namespace, kind: 'Pod', apiVersion: 'v1' };
  const owners: any[] = Array.isArray(meta.ownerReferences) ? meta.ownerReferences : [];
  const controller = owners.find((o) => o?.controller === true);
  if (!meta.generateName || !controller) return self;
  const labels = meta.labels ?? {};
  const owner: WorkloadMeta = { name: String(controller.name ?? ''), namespace, kind: String(controller.kind ?? ''), apiVersion: String(controller.apiVersion ?? '') };
  if (owner.kind === 'ReplicaSet') {
    const hash = labels['pod-template-hash'];
    if (hash && owner.name.endsWith(String(hash))) {
      return { ...owner, kind: 'Deployment', apiVersion: 'apps/v1', name: trimSuffix(owner.name, `-${hash}`) };
    }
    if (labels['rollouts-pod-template-hash'] !== undefined) {
      return { ...owner, kind: 'Rollout', apiVersion: 'v1alpha1', name: trimSuffix(owner.name, `-${labels['rollouts-pod-template-hash']}`) };
    }
  }
  if (owner.kind === 'ReplicationController' && labels.deploymentconfig !== undefined) {
    return { ...owner, kind: 'DeploymentConfig', apiVersion: 'v1', name: String(labels.deploymentconfig) };
  }
  if (owner.kind === 'Job') {
    const m = /^(.+)-\d{8,10}$/.exec(owner.name);
    if (m) return { ...owner, kind: 'CronJob', apiVersion: 'batch/v1', name: m[1] };
  }
  return owner;
}

function trimSuffix(s: string, suffix: string): string {
  return s.endsWith(suffix) ? s.slice(0, -suffix.length) : s;
}
