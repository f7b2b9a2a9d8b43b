import { textOf } from '../diagnostics.ts';
import { parse as parseYaml } from 'yaml';
import type { InjectionPolicyConfig } from './injectRequired.ts';

export interface ReadInjectorConfig {
  config: InjectionPolicyConfig;
  /** Whether `policy` was written (istiod reads an absent policy as "", which injects nothing). */
  policyWritten: boolean;
  problems: string[];
}

/**
 * Reads the decision-relevant part of an injector ConfigMap (`data.config`, YAML text). A missing
 * `policy` stays "" — istiod does not default it, and treats it as invalid.
 */
export function readInjectorConfigMap(configMap: Record<string, any>): ReadInjectorConfig {
  const text = configMap?.data?.config;
  const empty: InjectionPolicyConfig = { policy: '', neverInjectSelector: [], alwaysInjectSelector: [] };
  if (typeof text !== 'string') return { config: empty, policyWritten: false, problems: ['the ConfigMap has no data.config'] };
  let raw: unknown;
  try {
    raw = parseYaml(text, { maxAliasCount: 1000 });
  } catch (err) {
    return { config: empty, policyWritten: false, problems: [`data.config is not valid YAML: ${err instanceof Error ? err.message : String(err)}`] };
  }
  return readInjectorConfigValue(raw);
}

/** The same, from `data.config` already parsed. */
export function readInjectorConfigValue(raw: unknown): ReadInjectorConfig {
  const problems: string[] = [];
  const empty: InjectionPolicyConfig = { policy: '', neverInjectSelector: [], alwaysInjectSelector: [] };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { config: empty, policyWritten: false, problems: ['data.config is not a mapping'] };
  const obj = raw as Record<string, unknown>;
  const list = (v: unknown, name: string): unknown[] => {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      problems.push(`${name} must be a list of label selectors`);
      return [];
    }
    return v;
  };
  const policyWritten = obj.policy !== undefined && obj.policy !== null;
  return {
    config: {
      policy: policyWritten ? textOf(obj.policy) : '',
      neverInjectSelector: list(obj.neverInjectSelector, 'neverInjectSelector'),
      alwaysInjectSelector: list(obj.alwaysInjectSelector, 'alwaysInjectSelector'),
    },
    policyWritten,
    problems,
  };
}

/** What the chart ships when the scenario holds no injector ConfigMap for a revision. */
export const CHART_DEFAULT_POLICY: InjectionPolicyConfig = { policy: 'enabled', neverInjectSelector: [], alwaysInjectSelector: [] };
