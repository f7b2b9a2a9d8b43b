import type { TemplatedKind } from '../kube/index.ts';

/** Kubernetes' own workload kinds (and OpenShift's DeploymentConfig): where each keeps its pod template. */
export type WorkloadKind =
  | 'Pod'
  | 'Deployment'
  | 'StatefulSet'
  | 'DaemonSet'
  | 'ReplicaSet'
  | 'ReplicationController'
  | 'Job'
  | 'CronJob'
  | 'DeploymentConfig';

export type DocumentRole =
  /**
   * An object whose pods istiod sees: one of Kubernetes' own kinds, or (`templated`) another
   * controller's object with a pod template (an Argo Rollout, a Knative Service, a custom resource).
   */
  | { role: 'workload'; kind: string; templatePath: readonly string[]; templated?: TemplatedKind }
  | { role: 'namespace' }
  | { role: 'webhookConfiguration' }
  | { role: 'injectorConfigMap'; revision: string }
  | { role: 'meshConfigMap'; revision: string }
  | { role: 'configMap' }
  /** istio-cni's settings: its `istio-cni-config` ConfigMap, an operator resource (IstioCNI, IstioOperator), or chart values. */
  | { role: 'cniConfig'; form: 'configMap' | 'operator' | 'values' }
  | { role: 'list' }
  | { role: 'other'; kind: string };

/** Path from a workload's root to its pod template ({metadata, spec}); [] for a Pod itself. */
export const POD_TEMPLATE_PATH: Record<WorkloadKind, readonly string[]> = {
  Pod: [],
  Deployment: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  Job: ['spec', 'template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
  DeploymentConfig: ['spec', 'template'],
};

export const WORKLOAD_KINDS = Object.keys(POD_TEMPLATE_PATH) as WorkloadKind[];
