/**
 * The top-level objects kube-inject decodes (its own scheme) and the Pod the webhook receives:
 * v1 Pod/ReplicationController/List, apps/v1 Deployment/DaemonSet/ReplicaSet/StatefulSet,
 * batch/v1 Job/CronJob and OpenShift apps.openshift.io/v1 DeploymentConfig.
 */
import { CORE_V1, META_V1 } from './coreV1Schema.ts';
import { fields, type StructTable } from './schemaTypes.ts';

const object = (spec: string, status: string) =>
  fields('inline TypeMeta', 'metadata ObjectMeta omitempty', `spec ${spec} omitempty`, `status ${status} omitempty`);

const WORKLOADS: StructTable = {
  Pod: object('PodSpec', 'PodStatus'),
  List: fields('inline TypeMeta', 'metadata ListMeta omitempty', 'items []Raw'),

  ReplicationController: object('ReplicationControllerSpec', 'ReplicationControllerStatus'),
  ReplicationControllerSpec: fields(
    'replicas *int32 omitempty',
    'minReadySeconds int32 omitempty',
    'selector map[string]string omitempty',
    'template *PodTemplateSpec omitempty',
  ),
  ReplicationControllerStatus: fields(
    'replicas int32',
    'fullyLabeledReplicas int32 omitempty',
    'readyReplicas int32 omitempty',
    'availableReplicas int32 omitempty',
    'observedGeneration int64 omitempty',
    'conditions []Raw omitempty merge key=type',
  ),

  Deployment: object('DeploymentSpec', 'DeploymentStatus'),
  DeploymentSpec: fields(
    'replicas *int32 omitempty',
    'selector *LabelSelector',
    'template PodTemplateSpec',
    'strategy DeploymentStrategy omitempty retainKeys',
    'minReadySeconds int32 omitempty',
    'revisionHistoryLimit *int32 omitempty',
    'paused bool omitempty',
    'progressDeadlineSeconds *int32 omitempty',
  ),
  DeploymentStrategy: fields('type string omitempty', 'rollingUpdate *RollingUpdateDeployment omitempty'),
  RollingUpdateDeployment: fields('maxUnavailable *IntOrString omitempty', 'maxSurge *IntOrString omitempty'),
  DeploymentStatus: fields(
    'observedGeneration int64 omitempty',
    'replicas int32 omitempty',
    'updatedReplicas int32 omitempty',
    'readyReplicas int32 omitempty',
    'availableReplicas int32 omitempty',
    'unavailableReplicas int32 omitempty',
    'terminatingReplicas *int32 omitempty',
    'conditions []Raw omitempty merge key=type',
    'collisionCount *int32 omitempty',
  ),

  DaemonSet: object('DaemonSetSpec', 'DaemonSetStatus'),
  DaemonSetSpec: fields(
    'selector *LabelSelector',
    'template PodTemplateSpec',
    'updateStrategy DaemonSetUpdateStrategy omitempty',
    'minReadySeconds int32 omitempty',
    'revisionHistoryLimit *int32 omitempty',
  ),
  DaemonSetUpdateStrategy: fields('type string omitempty', 'rollingUpdate *RollingUpdateDaemonSet omitempty'),
  RollingUpdateDaemonSet: fields('maxUnavailable *IntOrString omitempty', 'maxSurge *IntOrString omitempty'),
  DaemonSetStatus: fields(
    'currentNumberScheduled int32',
    'numberMisscheduled int32',
    'desiredNumberScheduled int32',
    'numberReady int32',
    'observedGeneration int64 omitempty',
    'updatedNumberScheduled int32 omitempty',
    'numberAvailable int32 omitempty',
    'numberUnavailable int32 omitempty',
    'collisionCount *int32 omitempty',
    'conditions []Raw omitempty merge key=type',
  ),

  ReplicaSet: object('ReplicaSetSpec', 'ReplicaSetStatus'),
  ReplicaSetSpec: fields(
    'replicas *int32 omitempty',
    'minReadySeconds int32 omitempty',
    'selector *LabelSelector',
    'template PodTemplateSpec omitempty',
  ),
  ReplicaSetStatus: fields(
    'replicas int32',
    'fullyLabeledReplicas int32 omitempty',
    'readyReplicas int32 omitempty',
    'availableReplicas int32 omitempty',
    'terminatingReplicas *int32 omitempty',
    'observedGeneration int64 omitempty',
    'conditions []Raw omitempty merge key=type',
  ),

  StatefulSet: object('StatefulSetSpec', 'StatefulSetStatus'),
  StatefulSetSpec: fields(
    'replicas *int32 omitempty',
    'selector *LabelSelector',
    'template PodTemplateSpec',
    'volumeClaimTemplates []PersistentVolumeClaim omitempty',
    'serviceName string omitempty',
    'podManagementPolicy string omitempty',
    'updateStrategy StatefulSetUpdateStrategy omitempty',
    'revisionHistoryLimit *int32 omitempty',
    'minReadySeconds int32 omitempty',
    'persistentVolumeClaimRetentionPolicy *Raw omitempty',
    'ordinals *Raw omitempty',
  ),
  StatefulSetUpdateStrategy: fields('type string omitempty', 'rollingUpdate *RollingUpdateStatefulSetStrategy omitempty'),
  RollingUpdateStatefulSetStrategy: fields('partition *int32 omitempty', 'maxUnavailable *IntOrString omitempty'),
  StatefulSetStatus: fields(
    'observedGeneration int64 omitempty',
    'replicas int32',
    'readyReplicas int32 omitempty',
    'currentReplicas int32 omitempty',
    'updatedReplicas int32 omitempty',
    'currentRevision string omitempty',
    'updateRevision string omitempty',
    'collisionCount *int32 omitempty',
    'conditions []Raw omitempty merge key=type',
    'availableReplicas int32',
  ),

  Job: object('JobSpec', 'JobStatus'),
  JobSpec: fields(
    'parallelism *int32 omitempty',
    'completions *int32 omitempty',
    'activeDeadlineSeconds *int64 omitempty',
    'podFailurePolicy *Raw omitempty',
    'successPolicy *Raw omitempty',
    'backoffLimit *int32 omitempty',
    'backoffLimitPerIndex *int32 omitempty',
    'maxFailedIndexes *int32 omitempty',
    'selector *LabelSelector omitempty',
    'manualSelector *bool omitempty',
    'template PodTemplateSpec',
    'ttlSecondsAfterFinished *int32 omitempty',
    'completionMode *string omitempty',
    'suspend *bool omitempty',
    'podReplacementPolicy *string omitempty',
    'managedBy *string omitempty',
  ),
  JobStatus: fields(
    'conditions []Raw omitempty',
    'startTime *Time omitempty',
    'completionTime *Time omitempty',
    'active int32 omitempty',
    'succeeded int32 omitempty',
    'failed int32 omitempty',
    'terminating *int32 omitempty',
    'completedIndexes string omitempty',
    'failedIndexes *string omitempty',
    'uncountedTerminatedPods *Raw omitempty',
    'ready *int32 omitempty',
  ),

  CronJob: object('CronJobSpec', 'CronJobStatus'),
  CronJobSpec: fields(
    'schedule string',
    'timeZone *string omitempty',
    'startingDeadlineSeconds *int64 omitempty',
    'concurrencyPolicy string omitempty',
    'suspend *bool omitempty',
    'jobTemplate JobTemplateSpec',
    'successfulJobsHistoryLimit *int32 omitempty',
    'failedJobsHistoryLimit *int32 omitempty',
  ),
  JobTemplateSpec: fields('metadata ObjectMeta omitempty', 'spec JobSpec omitempty'),
  CronJobStatus: fields('active []ObjectReference omitempty', 'lastScheduleTime *Time omitempty', 'lastSuccessfulTime *Time omitempty'),

  DeploymentConfig: object('DeploymentConfigSpec', 'DeploymentConfigStatus'),
  DeploymentConfigSpec: fields(
    'strategy OpenShiftDeploymentStrategy omitempty',
    'minReadySeconds int32 omitempty',
    'triggers []DeploymentTriggerPolicy',
    'replicas int32',
    'revisionHistoryLimit *int32 omitempty',
    'test bool',
    'paused bool omitempty',
    'selector map[string]string omitempty',
    'template *PodTemplateSpec omitempty',
  ),
  OpenShiftDeploymentStrategy: fields(
    'type string omitempty',
    'customParams *Raw omitempty',
    'recreateParams *Raw omitempty',
    'rollingParams *Raw omitempty',
    'resources ResourceRequirements omitempty',
    'labels map[string]string omitempty',
    'annotations map[string]string omitempty',
    'activeDeadlineSeconds *int64 omitempty',
  ),
  DeploymentTriggerPolicy: fields('type string omitempty', 'imageChangeParams *DeploymentTriggerImageChangeParams omitempty'),
  DeploymentTriggerImageChangeParams: fields(
    'automatic bool omitempty',
    'containerNames []string omitempty',
    'from ObjectReference',
    'lastTriggeredImage string omitempty',
  ),
  DeploymentConfigStatus: fields(
    'latestVersion int64',
    'observedGeneration int64',
    'replicas int32',
    'updatedReplicas int32',
    'availableReplicas int32',
    'unavailableReplicas int32',
    'details *Raw omitempty',
    'conditions []Raw omitempty',
    'readyReplicas int32 omitempty',
  ),
};

/** Every Go struct the round trip and the strategic merge know. */
export const KUBE_TYPES: StructTable = { ...META_V1, ...CORE_V1, ...WORKLOADS };

/**
 * The same types as apimachinery before v0.34 encodes them (Istio ≤ 1.27): ObjectMeta's
 * creationTimestamp had no `omitzero`, so a zero time is written as `creationTimestamp: null`.
 */
export const KUBE_TYPES_ZERO_TIME_AS_NULL: StructTable = {
  ...KUBE_TYPES,
  ObjectMeta: KUBE_TYPES.ObjectMeta.map((f) => (f.json === 'creationTimestamp' ? { ...f, omitzero: false } : f)),
};

/** The group/version/kind pairs kube-inject decodes; any other document is copied verbatim. */
export const KUBE_INJECT_SCHEME: Record<string, string> = {
  'v1/Pod': 'Pod',
  'v1/ReplicationController': 'ReplicationController',
  'v1/List': 'List',
  'apps/v1/Deployment': 'Deployment',
  'apps/v1/DaemonSet': 'DaemonSet',
  'apps/v1/ReplicaSet': 'ReplicaSet',
  'apps/v1/StatefulSet': 'StatefulSet',
  'batch/v1/Job': 'Job',
  'batch/v1/CronJob': 'CronJob',
  'apps.openshift.io/v1/DeploymentConfig': 'DeploymentConfig',
  // OpenShift also serves DeploymentConfig in the legacy group-less v1.
  'v1/DeploymentConfig': 'DeploymentConfig',
};

/**
 * Every type of the scheme is also registered as an unversioned kind, and apimachinery's
 * Scheme.New falls back on the Kind alone: a `batch/v2alpha1` CronJob or an `extensions/v1beta1`
 * Deployment is decoded as today's type (case-sensitive; releases.md §8.1).
 */
export const KUBE_INJECT_KINDS: Record<string, string> = Object.fromEntries(Object.entries(KUBE_INJECT_SCHEME).map(([gvk, type]) => [gvk.slice(gvk.lastIndexOf('/') + 1), type]));
