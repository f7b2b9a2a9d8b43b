import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveCniSettings } from './readSettings.ts';
import { defaultEnablementSelectors, splitExcludeNamespaces } from './settings.ts';

describe('splitExcludeNamespaces', () => {
  it.each([
    ['kube-system,istio-system', ['kube-system', 'istio-system']],
    [' kube-system ', ['kube-system']],
    [',,', []],
    ['  ', []],
    ['a,,b,', ['a', 'b']],
    ['\u00a0a\u0085', ['a']],
    ['\ufeffa', ['\ufeffa']],
  ])('%j', (s, expected) => expect(splitExcludeNamespaces(s)).toEqual(expected));
});

describe('resolveCniSettings', () => {
  it('defaults to Istio\'s ambient profile', () => {
    const { settings, origins } = resolveCniSettings();
    expect(settings).toMatchObject({ ambientEnabled: true, excludeNamespaces: ['kube-system'], podNamespace: 'istio-system', dnsCapture: true, nativeNftables: false });
    expect(settings.enablementSelectors).toEqual(defaultEnablementSelectors());
    expect(origins.ambientEnabled.from).toBe('default');
  });

  it('reads the istio-cni-config ConfigMap as the node agent does', () => {
    const cm = parse(`
kind: ConfigMap
metadata: {name: istio-cni-config, namespace: istio-cni}
data:
  AMBIENT_ENABLED: "true"
  AMBIENT_DNS_CAPTURE: "false"
  EXCLUDE_NAMESPACES: "kube-system, istio-cni,"
  NATIVE_NFTABLES: "1"
  AMBIENT_ENABLEMENT_SELECTOR: |
    - podSelector:
        matchLabels: {istio.io/dataplane-mode: ambient}
`);
    const { settings, origins, diagnostics } = resolveCniSettings({ configMap: { value: cm } });
    expect(diagnostics).toEqual([]);
    expect(settings).toMatchObject({ ambientEnabled: true, dnsCapture: false, nativeNftables: true, excludeNamespaces: ['kube-system', 'istio-cni'], podNamespace: 'istio-cni' });
    expect(settings.enablementSelectors).toEqual([{ podSelector: { matchLabels: { 'istio.io/dataplane-mode': 'ambient' } } }]);
    expect(origins.excludeNamespaces).toMatchObject({ from: 'configMap', key: 'EXCLUDE_NAMESPACES' });
  });

  it('a non-boolean ConfigMap value is false, with a warning', () => {
    const { settings, diagnostics } = resolveCniSettings({ configMap: { value: { data: { AMBIENT_ENABLED: 'yes' } } } });
    expect(settings.ambientEnabled).toBe(false);
    expect(diagnostics[0].message).toMatch(/AMBIENT_ENABLED: "yes" is not a boolean/);
  });

  it('pasted values start from the chart defaults, where ambient is off unless the profile says so', () => {
    expect(resolveCniSettings({ values: { value: { excludeNamespaces: ['a'] } } }).settings.ambientEnabled).toBe(false);
    expect(resolveCniSettings({ values: { value: { profile: 'ambient' } } }).settings.ambientEnabled).toBe(true);
    const nested = resolveCniSettings({ values: { value: { cni: { ambient: { enabled: true, dnsCapture: false } }, global: { nativeNftables: true } } } }).settings;
    expect([nested.ambientEnabled, nested.dnsCapture, nested.nativeNftables]).toEqual([true, false, true]);
    const sail = resolveCniSettings({ values: { value: { kind: 'IstioCNI', spec: { profile: 'ambient', values: { cni: { excludeNamespaces: ['x'] } } } } } }).settings;
    expect([sail.ambientEnabled, sail.excludeNamespaces]).toEqual([true, ['x']]);
  });

  it('the ConfigMap wins over values, and switches over both', () => {
    const r = resolveCniSettings({ values: { value: { ambient: { enabled: true } } }, configMap: { value: { data: { AMBIENT_ENABLED: 'false' } } }, switches: { dnsCapture: false } });
    expect([r.settings.ambientEnabled, r.origins.ambientEnabled.from, r.settings.dnsCapture, r.origins.dnsCapture.from]).toEqual([false, 'configMap', false, 'switch']);
  });

  it('reports an unreadable selector list and keeps the previous one', () => {
    const r = resolveCniSettings({ configMap: { value: { data: { AMBIENT_ENABLEMENT_SELECTOR: '{a: [' } } } });
    expect(r.settings.enablementSelectors).toEqual(defaultEnablementSelectors());
    expect(r.diagnostics[0].severity).toBe('error');
  });
});

describe('the embedded default as a ConfigMap', () => {
  it('reads back as the ambient profile', async () => {
    const { cniConfigMapText } = await import('./builtinConfigMap.ts');
    const { ambientProfileSettings } = await import('./settings.ts');
    const r = resolveCniSettings({ configMap: { value: parse(cniConfigMapText()) } });
    expect(r.diagnostics).toEqual([]);
    expect(r.settings).toEqual(ambientProfileSettings());
  });
});
