/**
 * The app's and the CLI's istio-cni switches (part of ScenarioInput.cluster): each, when set,
 * wins over the pasted istio-cni settings and the embedded default.
 */
import type { CniSettingsSources } from './readSettings.ts';
import { defaultEnablementSelectors, DATAPLANE_MODE_SELECTORS, type EnablementSelector } from './settings.ts';

export type AmbientSelectorsChoice = 'chart-default' | 'namespace-label' | 'pod-label';
export type AmbientExcludeChoice = 'kube-system' | 'kube-system-and-istio-system' | 'none';

export interface AmbientClusterOptions {
  /** Force ambient on or off in istio-cni (undefined: as the pasted istio-cni settings say, else Istio's ambient profile: on). */
  ambient?: boolean;
  /** Force the node agent's DNS capture (values ambient.dnsCapture) on or off. */
  ambientDnsCapture?: boolean;
  /** Native nftables rules instead of iptables (values global.nativeNftables). */
  nativeNftables?: boolean;
  /** Which enablement selectors istio-cni uses. */
  ambientSelectors?: AmbientSelectorsChoice;
  /** Which namespaces istio-cni ignores. */
  ambientExcludeNamespaces?: AmbientExcludeChoice;
}

const SELECTORS: Record<AmbientSelectorsChoice, () => EnablementSelector[]> = {
  'chart-default': defaultEnablementSelectors,
  'namespace-label': () => [DATAPLANE_MODE_SELECTORS.namespace],
  'pod-label': () => [DATAPLANE_MODE_SELECTORS.pod],
};

const EXCLUDES: Record<AmbientExcludeChoice, string[]> = {
  'kube-system': ['kube-system'],
  'kube-system-and-istio-system': ['kube-system', 'istio-system'],
  none: [],
};

export function switchesOf(o: AmbientClusterOptions | undefined): NonNullable<CniSettingsSources['switches']> {
  const out: NonNullable<CniSettingsSources['switches']> = {};
  if (!o) return out;
  if (typeof o.ambient === 'boolean') out.ambientEnabled = o.ambient;
  if (typeof o.ambientDnsCapture === 'boolean') out.dnsCapture = o.ambientDnsCapture;
  if (typeof o.nativeNftables === 'boolean') out.nativeNftables = o.nativeNftables;
  if (o.ambientSelectors && SELECTORS[o.ambientSelectors]) out.enablementSelectors = SELECTORS[o.ambientSelectors]();
  if (o.ambientExcludeNamespaces && EXCLUDES[o.ambientExcludeNamespaces]) out.excludeNamespaces = [...EXCLUDES[o.ambientExcludeNamespaces]];
  return out;
}
