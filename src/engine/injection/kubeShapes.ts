import type { ShapeRegistry } from './goHost.ts';

/**
 * The Go fields of the Kubernetes types templates read (corev1.ObjectMeta, PodSpec, Container,
 * ContainerPort), so absent fields read as Go's zero values rather than "no value".
 */
export const KUBE_SHAPES: ShapeRegistry = {
  ObjectMeta: {
    goType: 'v1.ObjectMeta',
    fields: {
      Name: ['name', 'string'],
      GenerateName: ['generateName', 'string'],
      Namespace: ['namespace', 'string'],
      Labels: ['labels', 'stringMap'],
      Annotations: ['annotations', 'stringMap'],
      OwnerReferences: ['ownerReferences', { list: 'OwnerReference' }],
      Finalizers: ['finalizers', 'stringList'],
    },
  },
  OwnerReference: {
    goType: 'v1.OwnerReference',
    fields: { APIVersion: ['apiVersion', 'string'], Kind: ['kind', 'string'], Name: ['name', 'string'], UID: ['uid', 'string'] },
  },
  PodSpec: {
    goType: 'v1.PodSpec',
    fields: {
      Containers: ['containers', { list: 'Container' }],
      InitContainers: ['initContainers', { list: 'Container' }],
      Volumes: ['volumes', 'any'],
      ServiceAccountName: ['serviceAccountName', 'string'],
      DeprecatedServiceAccount: ['serviceAccount', 'string'],
      NodeName: ['nodeName', 'string'],
      HostNetwork: ['hostNetwork', 'bool'],
      RestartPolicy: ['restartPolicy', 'string'],
      DNSPolicy: ['dnsPolicy', 'string'],
      Hostname: ['hostname', 'string'],
      Subdomain: ['subdomain', 'string'],
      SecurityContext: ['securityContext', 'any'],
      ImagePullSecrets: ['imagePullSecrets', 'any'],
    },
  },
  Container: {
    goType: 'v1.Container',
    fields: {
      Name: ['name', 'string'],
      Image: ['image', 'string'],
      Command: ['command', 'stringList'],
      Args: ['args', 'stringList'],
      WorkingDir: ['workingDir', 'string'],
      Ports: ['ports', { list: 'ContainerPort' }],
      Env: ['env', 'any'],
      Resources: ['resources', 'any'],
      VolumeMounts: ['volumeMounts', 'any'],
      ImagePullPolicy: ['imagePullPolicy', 'string'],
      SecurityContext: ['securityContext', 'any'],
      RestartPolicy: ['restartPolicy', 'string'],
    },
  },
  ContainerPort: {
    goType: 'v1.ContainerPort',
    fields: {
      Name: ['name', 'string'],
      HostPort: ['hostPort', 'int32'],
      ContainerPort: ['containerPort', 'int32'],
      Protocol: ['protocol', 'string'],
      HostIP: ['hostIP', 'string'],
    },
  },
};
