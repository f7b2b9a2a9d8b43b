import type { ClusterSetting } from './types.ts';

export const nativeSidecars: ClusterSetting = {
  key: 'nativeSidecars',
  label: 'Native sidecars',
  hint: 'Kubernetes ≥ 1.29 runs istio-proxy as a native sidecar (an init container with restartPolicy: Always); istiod decides from the nodes\u2019 versions',
  control: { kind: 'boolean' },
  // As on current Kubernetes nodes with a current release; unset, the release decides (before 1.27
  // istiod's ENABLE_NATIVE_SIDECARS, off by default), so the switch shows what the injection used.
  default: true,
  effective: (result) => result?.injection?.nativeSidecars,
  flag: '--native-sidecars',
};
