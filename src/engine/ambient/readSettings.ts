/**
 * istio-cni's settings from what a user can paste: the `istio-cni-config` ConfigMap (what the node
 * agent and, through the CNI config it writes, the plugin actually read), the chart values (Helm
 * `-f values.yaml`, `--set` written out, or an IstioOperator / Sail `IstioCNI` spec's values), and
 * the app's switches. Precedence, lowest first: Istio's ambient profile (the embedded default) —
 * or, for pasted values, the chart's own defaults plus their `profile` — then the values, then the
 * ConfigMap, then the switches. Every setting keeps where it came from.
 */
import { parse } from 'yaml';
import { diagnostic, type Diagnostic, type SourceRef } from '../diagnostics.ts';
import { parseGoBool } from '../go/index.ts';
import { readLabelSelector, type LabelSelector } from '../selectors/index.ts';
import { ambientProfileSettings, DEFAULT_KEYS, splitExcludeNamespaces, type EnablementSelector, type IstioCniSettings, type SettingKey, type SettingOrigin } from './settings.ts';

type Locate = (path: readonly (string | number)[]) => SourceRef | undefined;

export interface CniSettingsSources {
  /** The `istio-cni-config` ConfigMap object. */
  configMap?: { value: unknown; locate?: Locate };
  /** A chart values document (top level, or under `cni:`, or an operator's `spec.values`). */
  values?: { value: unknown; locate?: Locate };
  /** The app's switches: set values win over everything pasted. */
  switches?: Partial<Pick<IstioCniSettings, 'ambientEnabled' | 'dnsCapture' | 'nativeNftables' | 'excludeNamespaces' | 'enablementSelectors' | 'ipv6'>>;
}

export interface ResolvedCniSettings {
  settings: IstioCniSettings;
  origins: Record<SettingKey, SettingOrigin>;
  diagnostics: Diagnostic[];
}

const record = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** The ConfigMap keys (the node agent's environment) for each setting. */
export const CONFIGMAP_KEYS: Partial<Record<SettingKey, string>> = {
  ambientEnabled: 'AMBIENT_ENABLED',
  enablementSelectors: 'AMBIENT_ENABLEMENT_SELECTOR',
  excludeNamespaces: 'EXCLUDE_NAMESPACES',
  dnsCapture: 'AMBIENT_DNS_CAPTURE',
  ipv6: 'AMBIENT_IPV6',
  nativeNftables: 'NATIVE_NFTABLES',
  hostProbeSNATIP: 'HOST_PROBE_SNAT_IP',
  hostProbeSNATIPv6: 'HOST_PROBE_SNAT_IPV6',
};

const BOOLEAN_KEYS: SettingKey[] = ['ambientEnabled', 'dnsCapture', 'ipv6', 'nativeNftables'];

export function resolveCniSettings(sources: CniSettingsSources = {}): ResolvedCniSettings {
  const settings = ambientProfileSettings();
  const origins = Object.fromEntries(Object.entries(DEFAULT_KEYS).map(([k, key]) => [k, { from: 'default', key }])) as Record<SettingKey, SettingOrigin>;
  const diagnostics: Diagnostic[] = [];
  if (sources.values) applyValues(sources.values, settings, origins, diagnostics);
  if (sources.configMap) applyConfigMap(sources.configMap, settings, origins, diagnostics);
  for (const [k, value] of Object.entries(sources.switches ?? {}) as [SettingKey, never][]) {
    if (value === undefined) continue;
    (settings as unknown as Record<string, unknown>)[k] = value;
    origins[k] = { from: 'switch', key: k };
  }
  return { settings, origins, diagnostics };
}

function set<K extends SettingKey>(settings: IstioCniSettings, origins: Record<SettingKey, SettingOrigin>, key: K, value: IstioCniSettings[K], origin: SettingOrigin): void {
  settings[key] = value;
  origins[key] = origin;
}

/** viper's GetBool on an env string: strconv.ParseBool, anything else is false. */
function envBool(raw: string, name: string, at: SourceRef | undefined, diagnostics: Diagnostic[]): boolean {
  const b = parseGoBool(raw);
  if (b === undefined) {
    diagnostics.push(diagnostic('ambient', 'warning', `${name}: ${JSON.stringify(raw)} is not a boolean (strconv.ParseBool): istio-cni reads it as false`, at));
    return false;
  }
  return b;
}

function applyConfigMap(src: NonNullable<CniSettingsSources['configMap']>, settings: IstioCniSettings, origins: Record<SettingKey, SettingOrigin>, diagnostics: Diagnostic[]): void {
  const cm = record(src.value) ?? {};
  const data = record(cm.data) ?? {};
  const at = (key: string) => src.locate?.(['data', key]);
  const namespace = record(cm.metadata)?.namespace;
  if (typeof namespace === 'string' && namespace) {
    set(settings, origins, 'podNamespace', namespace, { from: 'configMap', key: 'metadata.namespace', raw: namespace, ...(src.locate?.(['metadata', 'namespace']) ? { source: src.locate?.(['metadata', 'namespace']) } : {}) });
  }
  for (const [setting, key] of Object.entries(CONFIGMAP_KEYS) as [SettingKey, string][]) {
    if (!(key in data)) continue;
    const raw = data[key] === null || data[key] === undefined ? '' : String(data[key]);
    const source = at(key);
    const origin: SettingOrigin = { from: 'configMap', key, raw, ...(source ? { source } : {}) };
    if (typeof data[key] !== 'string') diagnostics.push(diagnostic('ambient', 'error', `ConfigMap data ${key} must be a string; quote it: "${raw}"`, source));
    if (BOOLEAN_KEYS.includes(setting)) {
      set(settings, origins, setting as 'ambientEnabled', envBool(raw, key, source, diagnostics), origin);
    } else if (setting === 'excludeNamespaces') {
      set(settings, origins, 'excludeNamespaces', splitExcludeNamespaces(raw), origin);
    } else if (setting === 'enablementSelectors') {
      const list = parseSelectorList(raw, key, source, diagnostics);
      if (list) set(settings, origins, 'enablementSelectors', list, origin);
    } else {
      set(settings, origins, setting as 'hostProbeSNATIP', raw, origin);
    }
  }
}

/** AMBIENT_ENABLEMENT_SELECTOR: a YAML (or JSON) list of {podSelector, namespaceSelector}. */
function parseSelectorList(raw: string, key: string, at: SourceRef | undefined, diagnostics: Diagnostic[]): EnablementSelector[] | undefined {
  let value: unknown;
  try {
    value = raw.trim() === '' ? [] : parse(raw, { maxAliasCount: 100 });
  } catch (err) {
    diagnostics.push(diagnostic('ambient', 'error', `${key} is not valid YAML (${err instanceof Error ? err.message.split('\n')[0] : String(err)}): the node agent does not start`, at));
    return undefined;
  }
  return readSelectorList(value ?? [], key, at, diagnostics);
}

function readSelectorList(value: unknown, where: string, at: SourceRef | undefined, diagnostics: Diagnostic[]): EnablementSelector[] | undefined {
  if (!Array.isArray(value)) {
    diagnostics.push(diagnostic('ambient', 'error', `${where} must be a list of {podSelector, namespaceSelector}`, at));
    return undefined;
  }
  const out: EnablementSelector[] = [];
  for (const [i, item] of value.slice(0, 1000).entries()) {
    const obj = record(item) ?? {};
    const entry: EnablementSelector = {};
    for (const side of ['podSelector', 'namespaceSelector'] as const) {
      const read = readLabelSelector(obj[side]);
      for (const p of read.problems) diagnostics.push(diagnostic('ambient', 'error', `${where}[${i}].${side}: ${p}`, at));
      if (read.selector) entry[side] = read.selector as LabelSelector;
    }
    out.push(entry);
  }
  return out;
}

/** Finds the istio-cni chart's values in a document: `cni:` (operator / umbrella charts) or the top level. */
function chartValues(doc: Record<string, unknown>): { values: Record<string, unknown>; path: string[] } {
  const spec = record(doc.spec);
  const specValues = record(spec?.values);
  if (specValues) {
    const cni = record(specValues.cni);
    return { values: { ...specValues, ...(cni ?? {}) }, path: ['spec', 'values', ...(cni ? ['cni'] : [])] };
  }
  const cni = record(doc.cni);
  if (cni && (cni.ambient !== undefined || cni.excludeNamespaces !== undefined)) return { values: { ...doc, ...cni }, path: ['cni'] };
  return { values: doc, path: [] };
}

function applyValues(src: NonNullable<CniSettingsSources['values']>, settings: IstioCniSettings, origins: Record<SettingKey, SettingOrigin>, diagnostics: Diagnostic[]): void {
  const doc = record(src.value) ?? {};
  const { values, path } = chartValues(doc);
  const spec = record(doc.spec);
  const locate = (p: string[]) => src.locate?.([...path, ...p]) ?? src.locate?.(p);
  const profile = typeof values.profile === 'string' ? values.profile : typeof spec?.profile === 'string' ? (spec.profile as string) : undefined;
  const ambient = record(values.ambient) ?? {};
  const global = record(values.global) ?? {};
  const origin = (key: string, p: string[], raw: unknown): SettingOrigin => {
    const source = locate(p);
    return { from: 'values', key, raw: typeof raw === 'string' ? raw : JSON.stringify(raw), ...(source ? { source } : {}) };
  };
  const bool = (raw: unknown, key: string, p: string[]): boolean | undefined => {
    if (typeof raw === 'boolean') return raw;
    if (typeof raw === 'string') {
      const b = parseGoBool(raw);
      if (b !== undefined) return b;
    }
    diagnostics.push(diagnostic('ambient', 'error', `values ${key} must be true or false`, locate(p)));
    return undefined;
  };
  // Pasted values sit on the chart's defaults, where ambient is off unless the ambient profile is chosen.
  if (ambient.enabled === undefined) {
    const on = profile === 'ambient';
    set(settings, origins, 'ambientEnabled', on, profile !== undefined ? origin('profile', ['profile'], profile) : { from: 'values', key: 'ambient.enabled (chart default: false; not set in the pasted values)' });
    if (!on) diagnostics.push(diagnostic('ambient', 'info', 'the pasted istio-cni values set neither ambient.enabled nor profile: ambient, so ambient is off as in the chart', locate([])));
  } else {
    const b = bool(ambient.enabled, 'ambient.enabled', ['ambient', 'enabled']);
    if (b !== undefined) set(settings, origins, 'ambientEnabled', b, origin('ambient.enabled', ['ambient', 'enabled'], ambient.enabled));
  }
  for (const [setting, key] of [['dnsCapture', 'dnsCapture'], ['ipv6', 'ipv6']] as const) {
    if (ambient[key] === undefined) continue;
    const b = bool(ambient[key], `ambient.${key}`, ['ambient', key]);
    if (b !== undefined) set(settings, origins, setting, b, origin(`ambient.${key}`, ['ambient', key], ambient[key]));
  }
  if (global.nativeNftables !== undefined) {
    const b = bool(global.nativeNftables, 'global.nativeNftables', ['global', 'nativeNftables']);
    if (b !== undefined) set(settings, origins, 'nativeNftables', b, origin('global.nativeNftables', ['global', 'nativeNftables'], global.nativeNftables));
  }
  if (values.excludeNamespaces !== undefined) {
    const list = values.excludeNamespaces;
    if (Array.isArray(list)) set(settings, origins, 'excludeNamespaces', list.map((x) => String(x)), origin('excludeNamespaces', ['excludeNamespaces'], list));
    else diagnostics.push(diagnostic('ambient', 'error', 'values excludeNamespaces must be a list of namespace names', locate(['excludeNamespaces'])));
  }
  if (ambient.enablementSelectors !== undefined) {
    const at = locate(['ambient', 'enablementSelectors']);
    const list = readSelectorList(ambient.enablementSelectors, 'ambient.enablementSelectors', at, diagnostics);
    if (list) set(settings, origins, 'enablementSelectors', list, origin('ambient.enablementSelectors', ['ambient', 'enablementSelectors'], ambient.enablementSelectors));
  }
  const env = record(values.env) ?? {};
  for (const [setting, key] of [['hostProbeSNATIP', 'HOST_PROBE_SNAT_IP'], ['hostProbeSNATIPv6', 'HOST_PROBE_SNAT_IPV6']] as const) {
    if (env[key] !== undefined) set(settings, origins, setting, String(env[key]), origin(`env.${key}`, ['env', key], env[key]));
  }
}
