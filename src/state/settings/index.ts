import { ambient, ambientDnsCapture, ambientExcludeNamespaces, ambientSelectors, nativeNftables } from './ambient.ts';
import { cni } from './cni.ts';
import { istioRelease } from './istioRelease.ts';
import { nativeSidecars } from './nativeSidecars.ts';
import type { ClusterSetting } from './types.ts';

export { validSettingValue, type ClusterSetting, type SettingControl } from './types.ts';

/**
 * The cluster settings, in the order the header shows them. A setting is its own file plus one
 * line here (see src/ui/README.md); the header, permalinks and the CLI's flags follow.
 */
export const CLUSTER_SETTINGS: readonly ClusterSetting[] = [
  cni,
  nativeSidecars,
  ambient,
  ambientDnsCapture,
  ambientSelectors,
  ambientExcludeNamespaces,
  nativeNftables,
  istioRelease,
];
