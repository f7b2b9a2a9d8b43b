/**
 * istio-cni's settings: what the chart values become in the `istio-cni-config` ConfigMap, the CNI
 * plugin's JSON config and the node agent's environment. One model for all of them; `readSettings.ts`
 * fills it from what the user pasted and says where each value came from.
 */
import type { SourceRef } from '../diagnostics.ts';
import type { LabelSelector } from '../selectors/index.ts';
import { goTrimSpace } from '../go/index.ts';
import { cloneJson } from '../kube/index.ts';
import { DATAPLANE_MODE, DATAPLANE_MODE_AMBIENT, DATAPLANE_MODE_NONE } from './names.ts';

/** One entry of `ambient.enablementSelectors`: a pod must match both (an omitted selector matches everything). */
export interface EnablementSelector {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
}

export interface IstioCniSettings {
  /** values `ambient.enabled` → AMBIENT_ENABLED → the plugin's `ambient_enabled`; the node agent runs only when true. */
  ambientEnabled: boolean;
  /** values `ambient.enablementSelectors` → AMBIENT_ENABLEMENT_SELECTOR. */
  enablementSelectors: EnablementSelector[];
  /** values `excludeNamespaces` → EXCLUDE_NAMESPACES (comma-separated) → the plugin's `exclude_namespaces`. */
  excludeNamespaces: string[];
  /** The namespace the istio-cni DaemonSet runs in (POD_NAMESPACE, the Helm release namespace). */
  podNamespace: string;
  /** values `ambient.dnsCapture` → AMBIENT_DNS_CAPTURE: redirect DNS to ztunnel's proxy on 15053. */
  dnsCapture: boolean;
  /** values `ambient.ipv6` → AMBIENT_IPV6: program IPv6 rules too. */
  ipv6: boolean;
  /** values `global.nativeNftables` → NATIVE_NFTABLES: nft rules instead of iptables. */
  nativeNftables: boolean;
  /** HOST_PROBE_SNAT_IP: what kubelet probes to an ambient pod are SNATed to. */
  hostProbeSNATIP: string;
  /** HOST_PROBE_SNAT_IPV6. */
  hostProbeSNATIPv6: string;
}

export type SettingKey = keyof IstioCniSettings;

/** Where a setting's value came from. */
export interface SettingOrigin {
  from: 'default' | 'configMap' | 'values' | 'switch';
  /** The ConfigMap key, values path or switch name (e.g. `AMBIENT_ENABLED`, `ambient.enabled`). */
  key: string;
  /** The text as written (for a ConfigMap key, the raw string). */
  raw?: string;
  source?: SourceRef;
}

/** The two halves of the chart's default, also offered alone by the app's selector switch. */
export const DATAPLANE_MODE_SELECTORS = {
  /** A pod labelled istio.io/dataplane-mode=ambient, in any namespace. */
  pod: { podSelector: { matchLabels: { [DATAPLANE_MODE]: DATAPLANE_MODE_AMBIENT } } } as EnablementSelector,
  /** Every pod of a namespace labelled ambient, except pods labelled none. */
  namespace: {
    podSelector: { matchExpressions: [{ key: DATAPLANE_MODE, operator: 'NotIn', values: [DATAPLANE_MODE_NONE] }] },
    namespaceSelector: { matchLabels: { [DATAPLANE_MODE]: DATAPLANE_MODE_AMBIENT } },
  } as EnablementSelector,
};

/** The chart's `ambient.enablementSelectors` default: pod label ambient anywhere; ambient namespaces minus pods labelled none. */
export function defaultEnablementSelectors(): EnablementSelector[] {
  // A fresh copy each time (a caller may keep it in settings it hands on), made without serialising.
  return cloneJson([DATAPLANE_MODE_SELECTORS.pod, DATAPLANE_MODE_SELECTORS.namespace]);
}

/** Istio's ambient profile: the istio-cni chart defaults with `ambient.enabled: true`, installed in istio-system. */
export function ambientProfileSettings(): IstioCniSettings {
  return {
    ambientEnabled: true,
    enablementSelectors: defaultEnablementSelectors(),
    excludeNamespaces: ['kube-system'],
    podNamespace: 'istio-system',
    dnsCapture: true,
    ipv6: true,
    nativeNftables: false,
    hostProbeSNATIP: '169.254.7.127',
    hostProbeSNATIPv6: 'fd16:9254:7127:1337:ffff:ffff:ffff:ffff',
  };
}

/** Where each default comes from, in words the UI shows. */
export const DEFAULT_KEYS: Record<SettingKey, string> = {
  ambientEnabled: 'ambient.enabled (ambient profile)',
  enablementSelectors: 'ambient.enablementSelectors (chart default)',
  excludeNamespaces: 'excludeNamespaces (chart default)',
  podNamespace: 'the DaemonSet namespace (istio-system)',
  dnsCapture: 'ambient.dnsCapture (chart default)',
  ipv6: 'ambient.ipv6 (chart default)',
  nativeNftables: 'global.nativeNftables (chart default)',
  hostProbeSNATIP: 'HOST_PROBE_SNAT_IP (built-in default)',
  hostProbeSNATIPv6: 'HOST_PROBE_SNAT_IPV6 (built-in default)',
};

/**
 * util.SplitExcludeNamespaces: the EXCLUDE_NAMESPACES string split on ",", each part trimmed,
 * empty parts dropped (so ",," and "  " exclude nothing).
 */
export function splitExcludeNamespaces(s: string): string[] {
  return s
    .split(',')
    .map(goTrimSpace)
    .filter((p) => p !== '');
}

