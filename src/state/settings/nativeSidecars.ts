import type { ClusterSetting } from './types.ts';

export const nativeSidecars: ClusterSetting = {
  key: 'nativeSidecars',
  label: 'Native sidecars',
  hint: 'Kubernetes ≥ 1.29 runs istio-proxy as a native sidecar (an init container with restartPolicy: Always); istiod decides from the nodes\u2019 versions',
  control: { kind: 'boolean' },
  // As on current Kubernetes nodes.
  default: true,
  flag: '--native-sidecars',
};
