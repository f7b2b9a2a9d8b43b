import type { ClusterSetting } from './types.ts';

/*
 * istio-cni's switches. They sit in the Ambient panel (place: 'ambient'), not in the header: each
 * overrides what the pasted istio-cni settings (or Istio's ambient profile) say.
 */
const cni = (r: Parameters<NonNullable<ClusterSetting['effective']>>[0]) => r?.ambient?.settings.settings;

export const ambient: ClusterSetting = {
  key: 'ambient',
  label: 'Ambient enabled',
  hint: "istio-cni's ambient.enabled: with it off no node agent runs and the dataplane-mode labels do nothing",
  control: { kind: 'boolean' },
  default: true,
  effective: (r) => cni(r)?.ambientEnabled,
  flag: '--ambient',
  place: 'ambient',
};

export const ambientDnsCapture: ClusterSetting = {
  key: 'ambientDnsCapture',
  label: 'DNS capture',
  hint: "istio-cni's ambient.dnsCapture: the node agent redirects the pod's DNS to ztunnel's proxy on 15053 (a pod's ambient.istio.io/dns-capture wins)",
  control: { kind: 'boolean' },
  default: true,
  effective: (r) => cni(r)?.dnsCapture,
  flag: '--ambient-dns-capture',
  place: 'ambient',
};

export const nativeNftables: ClusterSetting = {
  key: 'nativeNftables',
  label: 'Native nftables',
  hint: 'global.nativeNftables: the node agent writes nft rules instead of iptables',
  control: { kind: 'boolean' },
  default: false,
  effective: (r) => cni(r)?.nativeNftables,
  flag: '--native-nftables',
  place: 'ambient',
};

export const ambientSelectors: ClusterSetting = {
  key: 'ambientSelectors',
  label: 'Enablement selectors',
  hint: "istio-cni's ambient.enablementSelectors: which labels enroll a pod",
  control: {
    kind: 'choice',
    choices: [
      { value: 'chart-default', label: 'pod or namespace label (chart default)' },
      { value: 'namespace-label', label: 'namespace label only' },
      { value: 'pod-label', label: 'pod label only' },
    ],
  },
  default: 'chart-default',
  flag: '--ambient-selectors',
  place: 'ambient',
};

export const ambientExcludeNamespaces: ClusterSetting = {
  key: 'ambientExcludeNamespaces',
  label: 'Excluded namespaces',
  hint: "istio-cni's excludeNamespaces: pods there are never enrolled, whatever their labels",
  control: {
    kind: 'choice',
    choices: [
      { value: 'kube-system', label: 'kube-system (chart default)' },
      { value: 'kube-system-and-istio-system', label: 'kube-system, istio-system' },
      { value: 'none', label: 'none' },
    ],
  },
  default: 'kube-system',
  flag: '--ambient-exclude-namespaces',
  place: 'ambient',
};
