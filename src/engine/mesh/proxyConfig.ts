import { parseDuration, durationToProtoJSON } from './duration.ts';
import { PROXY_CONFIG_FIELDS, PROXY_FIELD_BY_NAME, proxyFieldName, type ProxyField } from './proxyConfigFields.ts';

/**
 * A ProxyConfig as plain data keyed by proto-JSON names: durations as proto-JSON text ("45s"), enums by
 * name, wrappers (concurrency, holdApplicationUntilProxyStarts) as their bare value, messages as objects.
 * A key that is absent is unset.
 */
export type ProxyConfig = Record<string, unknown>;

/** Istio's built-in ProxyConfig defaults (what istiod starts from before the mesh's defaultConfig). */
export function defaultProxyConfig(): ProxyConfig {
  return {
    configPath: './etc/istio/proxy',
    binaryPath: '/usr/local/bin/envoy',
    serviceCluster: 'istio-proxy',
    drainDuration: '45s',
    discoveryAddress: 'istiod.istio-system.svc:15012',
    proxyAdminPort: 15000,
    controlPlaneAuthPolicy: 'MUTUAL_TLS',
    statNameLength: 189,
    tracing: { zipkin: { address: 'zipkin.istio-system:9411' } },
    statusPort: 15020,
    terminationDrainDuration: '5s',
  };
}

export interface ProxyConfigProblem {
  field: string;
  message: string;
}

/**
 * Normalises a parsed (YAML/JSON) ProxyConfig into the canonical plain form. Unknown fields are
 * dropped (istiod tolerates them); values of the wrong type are reported.
 */
export function normalizeProxyConfig(raw: unknown): { config: ProxyConfig; problems: ProxyConfigProblem[] } {
  const config: ProxyConfig = {};
  const problems: ProxyConfigProblem[] = [];
  if (raw === null || raw === undefined) return { config, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({ field: '', message: 'ProxyConfig must be an object' });
    return { config, problems };
  }
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const field = PROXY_FIELD_BY_NAME[proxyFieldName(key)];
    if (!field || value === null || value === undefined) continue;
    const normalized = normalizeField(field, value);
    if (typeof normalized === 'object' && normalized !== null && 'problem' in normalized) {
      problems.push({ field: field.name, message: (normalized as { problem: string }).problem });
    } else {
      config[field.name] = normalized;
    }
  }
  return { config, problems };
}

function normalizeField(field: ProxyField, value: unknown): unknown {
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? value : { problem: `expected a string, got ${JSON.stringify(value)}` };
    case 'int':
    case 'wrapper': {
      if (field.kind === 'wrapper' && typeof value === 'boolean') return value;
      if (field.kind === 'wrapper' && typeof value === 'object' && value && 'value' in value) return (value as { value: unknown }).value;
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      return typeof n === 'number' && Number.isInteger(n) ? n : { problem: `expected an integer, got ${JSON.stringify(value)}` };
    }
    case 'bool':
      return typeof value === 'boolean' ? value : { problem: `expected a boolean, got ${JSON.stringify(value)}` };
    case 'duration': {
      const d = typeof value === 'string' ? parseDuration(value) : undefined;
      return d ? durationToProtoJSON(d) : { problem: `invalid duration ${JSON.stringify(value)}` };
    }
    case 'enum': {
      const names = field.enumValues ?? {};
      if (typeof value === 'number' && names[value] !== undefined) return names[value];
      if (typeof value === 'string' && Object.values(names).includes(value)) return value;
      return { problem: `unknown value ${JSON.stringify(value)} for enum ${field.name}` };
    }
    case 'map': {
      if (typeof value !== 'object' || Array.isArray(value)) return { problem: 'expected a map' };
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === null ? '' : String(v)]));
    }
    case 'list':
      return Array.isArray(value) ? value : { problem: 'expected a list' };
    case 'message':
      return typeof value === 'object' && !Array.isArray(value) ? value : { problem: 'expected an object' };
  }
}

/**
 * Layers `overlay` over `base` the way Istio merges ProxyConfigs: every field the overlay sets replaces
 * the base field wholesale, except proxyMetadata (and proxyHeaders), which are unioned, overlay winning.
 */
export function mergeProxyConfig(base: ProxyConfig, overlay: ProxyConfig): ProxyConfig {
  const out: ProxyConfig = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    if ((key === 'proxyMetadata' || key === 'proxyHeaders') && isObject(base[key]) && isObject(value)) {
      out[key] = { ...(base[key] as object), ...(value as object) };
    } else {
      out[key] = value;
    }
  }
  return out;
}

const DROPPED_WHEN_DEFAULT = [
  'configPath', 'binaryPath', 'controlPlaneAuthPolicy', 'serviceCluster', 'drainDuration', 'terminationDrainDuration',
  'discoveryAddress', 'envoyMetricsService', 'envoyAccessLogService', 'tracing', 'proxyAdminPort', 'statNameLength',
  'statusPort', 'concurrency',
];

/**
 * The PROXY_CONFIG text: the fields that differ from Istio's defaults, printed as protojson prints
 * them (declaration order, zero scalars and enums omitted, set wrappers kept, map keys sorted).
 */
export function proxyConfigToJSON(pc: ProxyConfig): string {
  const defaults = defaultProxyConfig();
  const parts: string[] = [];
  for (const field of PROXY_CONFIG_FIELDS) {
    const value = pc[field.name];
    if (value === undefined) continue;
    if (DROPPED_WHEN_DEFAULT.includes(field.name) && jsonEqual(value, defaults[field.name])) continue;
    if (field.name === 'proxyMetadata' && isObject(value) && Object.keys(value).length === 0) continue;
    if (isZero(field, value)) continue;
    const ordered = field.kind === 'message' ? orderMessage(value, NESTED_ORDER[field.name]) : value;
    parts.push(`${JSON.stringify(field.name)}:${stableJSON(ordered, field.kind === 'map')}`);
  }
  return `{${parts.join(',')}}`;
}

/** Declaration order of the sub-messages users set most, so they print as protojson prints them. */
const NESTED_ORDER: Record<string, string[]> = {
  tracing: ['zipkin', 'lightstep', 'datadog', 'stackdriver', 'openCensusAgent', 'customTags', 'maxPathTagLength', 'sampling', 'tlsSettings'],
  envoyAccessLogService: ['address', 'tlsSettings', 'tcpKeepalive'],
  envoyMetricsService: ['address', 'tlsSettings', 'tcpKeepalive'],
  proxyStatsMatcher: ['inclusionPrefixes', 'inclusionSuffixes', 'inclusionRegexps'],
  image: ['imageType'],
};

/** Known fields first in declaration order, then the rest as written. */
function orderMessage(value: unknown, order: string[] | undefined): unknown {
  if (!order || !isObject(value)) return value;
  const keys = [...order.filter((k) => k in value), ...Object.keys(value).filter((k) => !order.includes(k))];
  return Object.fromEntries(keys.map((k) => [k, value[k]]));
}

function isZero(field: ProxyField, value: unknown): boolean {
  switch (field.kind) {
    case 'string':
      return value === '';
    case 'int':
      return value === 0;
    case 'bool':
      return value === false;
    case 'enum':
      return value === field.enumValues?.[0];
    case 'map':
      return isObject(value) && Object.keys(value).length === 0;
    case 'list':
      return Array.isArray(value) && value.length === 0;
    default:
      return false;
  }
}

function stableJSON(value: unknown, sortKeys: boolean): string {
  if (sortKeys && isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortDeep(a)) === JSON.stringify(sortDeep(b));
}

function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (isObject(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortDeep(v[k])]));
  return v;
}
