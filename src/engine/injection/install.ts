import { parse as parseYaml } from 'yaml';
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { applyMeshConfig, defaultMeshConfig, type MeshConfig } from '../mesh/index.ts';

/** The injector's Config (`data.config` of the istio-sidecar-injector ConfigMap). */
export interface InjectorConfig {
  policy: string;
  defaultTemplates: string[];
  aliases: Record<string, string[]>;
  templates: Record<string, string>;
  neverInjectSelector: unknown[];
  alwaysInjectSelector: unknown[];
  injectedAnnotations: Record<string, string>;
}

/** Everything an injection reads from an Istio install. */
export interface InjectionInstall {
  config: InjectorConfig;
  /** The values document (`.Values` of the templates). */
  values: Record<string, unknown>;
  /** The effective MeshConfig (ConfigMap `mesh` applied over Istio's defaults). */
  mesh: MeshConfig;
  /**
   * meshsim's own built-in install, whose templates are written for master: whatever release is
   * simulated, they get the template fields and functions they name.
   */
  builtin?: boolean;
  /**
   * The values text could not be read: 1.23+ istiod rejects every pod with "failed to parse
   * values.yaml", 1.22 renders with no values at all.
   */
  valuesUnreadable?: boolean;
}

/** The documents of an install before they are combined: each is the parsed text of one ConfigMap key. */
export interface InstallDocuments {
  config: unknown;
  values: unknown;
  mesh: unknown;
}

/**
 * Parses the text of the injector ConfigMap's `config`/`values` and the mesh ConfigMap's `mesh`.
 * values are JSON in a real install, YAML is accepted too (as istiod accepts it).
 */
export function parseInstallTexts(texts: { config?: string; values?: string; mesh?: string }): {
  documents: InstallDocuments;
  diagnostics: Diagnostic[];
  /** Which texts failed to parse. */
  unreadable: (keyof InstallDocuments)[];
} {
  const diagnostics: Diagnostic[] = [];
  const unreadable: (keyof InstallDocuments)[] = [];
  const parse = (text: string | undefined, what: string, key: keyof InstallDocuments): unknown => {
    if (text === undefined) return undefined;
    try {
      return parseYaml(text, { maxAliasCount: 1000 });
    } catch (err) {
      diagnostics.push(diagnostic('injection', 'error', `failed to parse ${what}: ${messageOf(err)}`));
      unreadable.push(key);
      return undefined;
    }
  };
  return {
    documents: { config: parse(texts.config, 'injector config', 'config'), values: parse(texts.values, 'values', 'values'), mesh: parse(texts.mesh, 'mesh config', 'mesh') },
    diagnostics,
    unreadable,
  };
}

/** Reads the text keys out of the two ConfigMaps as a cluster would hold them. */
export function configMapTexts(injectorConfigMap: unknown, meshConfigMap: unknown): { config?: string; values?: string; mesh?: string } {
  const data = (cm: unknown): Record<string, unknown> => {
    const d = (cm as { data?: unknown } | undefined)?.data;
    return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
  };
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { config: str(data(injectorConfigMap).config), values: str(data(injectorConfigMap).values), mesh: str(data(meshConfigMap).mesh) };
}

/** Builds the install from parsed documents; a bare template text as config is the `sidecar` template. */
export function buildInstall(docs: InstallDocuments): { install: InjectionInstall; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const config = injectorConfigFrom(docs.config, diagnostics);
  const values = isObject(docs.values) ? docs.values : {};
  if (docs.values !== undefined && docs.values !== null && !isObject(docs.values)) {
    diagnostics.push(diagnostic('injection', 'error', 'failed to parse values.yaml; check Istiod logs for errors'));
  }
  const { mesh, problems } = applyMeshConfig(defaultMeshConfig(), docs.mesh);
  for (const p of problems) diagnostics.push(diagnostic('injection', 'warning', `mesh config ${p.field}: ${p.message}`));
  if (values.revision === undefined) values.revision = '';
  const install: InjectionInstall = { config, values, mesh };
  if (docs.values !== undefined && docs.values !== null && !isObject(docs.values)) install.valuesUnreadable = true;
  return { install, diagnostics };
}

function injectorConfigFrom(raw: unknown, diagnostics: Diagnostic[]): InjectorConfig {
  const config: InjectorConfig = {
    policy: '', // Go's zero value: istiod does not default an absent policy, and injects nothing with it
    defaultTemplates: [],
    aliases: {},
    templates: {},
    neverInjectSelector: [],
    alwaysInjectSelector: [],
    injectedAnnotations: {},
  };
  if (typeof raw === 'string') {
    config.templates.sidecar = raw;
  } else if (isObject(raw)) {
    if (typeof raw.policy === 'string') config.policy = raw.policy;
    if (Array.isArray(raw.defaultTemplates)) config.defaultTemplates = raw.defaultTemplates.map(String);
    if (isObject(raw.aliases)) {
      for (const [k, v] of Object.entries(raw.aliases)) config.aliases[k] = Array.isArray(v) ? v.map(String) : [];
    }
    if (isObject(raw.templates)) {
      for (const [k, v] of Object.entries(raw.templates)) config.templates[k] = typeof v === 'string' ? v : '';
    } else if (!('templates' in raw) && !('policy' in raw) && !('defaultTemplates' in raw)) {
      diagnostics.push(diagnostic('injection', 'warning', 'the injector config has no templates'));
    }
    if (Array.isArray(raw.neverInjectSelector)) config.neverInjectSelector = raw.neverInjectSelector;
    if (Array.isArray(raw.alwaysInjectSelector)) config.alwaysInjectSelector = raw.alwaysInjectSelector;
    if (isObject(raw.injectedAnnotations)) {
      for (const [k, v] of Object.entries(raw.injectedAnnotations)) config.injectedAnnotations[k] = String(v);
    }
  }
  if (!config.defaultTemplates.length) config.defaultTemplates = ['sidecar'];
  return config;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
