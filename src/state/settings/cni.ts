import type { ClusterSetting } from './types.ts';

export const cni: ClusterSetting = {
  key: 'cni',
  label: 'Istio CNI',
  hint: "With the Istio CNI plugin, the node programs the pod's iptables rules and istiod injects istio-validation instead of istio-init",
  control: { kind: 'boolean' },
  default: false,
  // Unset, the injector ConfigMap's values (pilot.cni.enabled) decide.
  effective: (result) => result?.injection?.cni,
  flag: '--cni',
};
