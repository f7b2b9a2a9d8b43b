/**
 * The embedded default, written out: the `istio-cni-config` ConfigMap that Istio's ambient profile
 * installs (chart values with `profile: ambient`), so a user can see it, paste it into an input and
 * edit it. Reading it back with `resolveCniSettings` gives exactly `ambientProfileSettings()`.
 */
import { stringify } from 'yaml';
import { CONFIGMAP_KEYS } from './readSettings.ts';
import { ambientProfileSettings, type IstioCniSettings } from './settings.ts';

let profileText: string | undefined;

/** The ambient profile's ConfigMap, written once (YAML printing costs milliseconds; the text never changes). */
export function builtinCniConfigMapText(): string {
  profileText ??= cniConfigMapText();
  return profileText;
}

export function cniConfigMapText(settings: IstioCniSettings = ambientProfileSettings()): string {
  const data: Record<string, string> = {
    [CONFIGMAP_KEYS.ambientEnabled!]: String(settings.ambientEnabled),
    [CONFIGMAP_KEYS.enablementSelectors!]: stringify(settings.enablementSelectors),
    [CONFIGMAP_KEYS.dnsCapture!]: String(settings.dnsCapture),
    [CONFIGMAP_KEYS.ipv6!]: String(settings.ipv6),
    [CONFIGMAP_KEYS.excludeNamespaces!]: settings.excludeNamespaces.join(','),
    [CONFIGMAP_KEYS.nativeNftables!]: String(settings.nativeNftables),
  };
  const cm = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'istio-cni-config', namespace: settings.podNamespace, labels: { app: 'istio-cni', 'app.kubernetes.io/name': 'istio-cni' } },
    data,
  };
  return `# istio-cni's settings as Istio's ambient profile installs them (meshsim's embedded default).\n${stringify(cm, { lineWidth: 0 })}`;
}
