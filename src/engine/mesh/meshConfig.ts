import { defaultProxyConfig, mergeProxyConfig, normalizeProxyConfig, type ProxyConfig } from './proxyConfig.ts';
import { cloneJson, setOwn } from '../kube/index.ts';

/**
 * A MeshConfig as plain data keyed by proto-JSON names. `defaultConfig` is always a canonical
 * ProxyConfig (see proxyConfig.ts); other fields are kept as the user wrote them.
 */
export interface MeshConfig {
  defaultConfig: ProxyConfig;
  [field: string]: unknown;
}

/** Istio's built-in MeshConfig defaults: what istiod applies the `mesh` ConfigMap key over. */
export function defaultMeshConfig(): MeshConfig {
  return {
    enableTracing: true,
    ingressService: 'istio-ingressgateway',
    ingressControllerMode: 'STRICT',
    ingressClass: 'istio',
    trustDomain: 'cluster.local',
    trustDomainAliases: [],
    enableAutoMtls: true,
    outboundTrafficPolicy: { mode: 'ALLOW_ANY' },
    inboundTrafficPolicy: { mode: 'PASSTHROUGH' },
    accessLogFile: '',
    accessLogEncoding: 'TEXT',
    dnsRefreshRate: '60s',
    connectTimeout: '10s',
    enablePrometheusMerge: true,
    rootNamespace: 'istio-system',
    proxyListenPort: 15001,
    proxyInboundListenPort: 15006,
    defaultServiceExportTo: ['*'],
    defaultVirtualServiceExportTo: ['*'],
    defaultDestinationRuleExportTo: ['*'],
    defaultProviders: {},
    extensionProviders: [
      { name: 'prometheus', prometheus: {} },
      { name: 'stackdriver', stackdriver: {} },
      { name: 'envoy', envoyFileAccessLog: { path: '/dev/stdout' } },
    ],
    defaultConfig: defaultProxyConfig(),
  };
}

export interface MeshProblem {
  field: string;
  message: string;
}

/**
 * Applies a parsed `mesh` document over `base` as istiod does: top-level fields replace (messages
 * merge field by field), `defaultConfig` is merged into the current ProxyConfig (proxyMetadata
 * unioned), and `extensionProviders` replace same-named providers or are appended.
 */
export function applyMeshConfig(base: MeshConfig, overlay: unknown): { mesh: MeshConfig; problems: MeshProblem[] } {
  const problems: MeshProblem[] = [];
  // The base is meshsim's own plain data (defaults, or an earlier merge): copied without serialising.
  const mesh: MeshConfig = cloneJson(base);
  if (overlay === null || overlay === undefined) return { mesh, problems };
  if (typeof overlay !== 'object' || Array.isArray(overlay)) {
    problems.push({ field: '', message: 'the mesh configuration must be a mapping' });
    return { mesh, problems };
  }
  for (const [key, value] of Object.entries(overlay as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    if (key === 'defaultConfig') {
      const { config, problems: pcProblems } = normalizeProxyConfig(value);
      for (const p of pcProblems) problems.push({ field: `defaultConfig.${p.field}`, message: p.message });
      mesh.defaultConfig = mergeProxyConfig(mesh.defaultConfig, config);
    } else if (key === 'extensionProviders' && Array.isArray(value)) {
      mesh.extensionProviders = mergeProviders(mesh.extensionProviders, value);
    } else if (isObject(value) && Object.prototype.hasOwnProperty.call(mesh, key) && isObject(mesh[key])) {
      setOwn(mesh, key, mergeMessages(mesh[key] as Record<string, unknown>, value));
    } else {
      // Defined, not assigned: a `__proto__` key is an unknown field like any other, which istiod
      // ignores (its decoder retries with AllowUnknownFields), not this object's prototype.
      setOwn(mesh, key, structuredClone(value));
    }
  }
  return { mesh, problems };
}

function mergeProviders(current: unknown, added: unknown[]): unknown[] {
  const out = Array.isArray(current) ? [...current] : [];
  for (const p of added) {
    const name = isObject(p) ? p.name : undefined;
    const at = out.findIndex((q) => isObject(q) && q.name === name);
    if (at >= 0) out[at] = p;
    else out.push(p);
  }
  return out;
}

function mergeMessages(base: Record<string, unknown>, overlay: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(overlay)) {
    const own = Object.prototype.hasOwnProperty.call(base, k);
    setOwn(out, k, isObject(v) && own && isObject(base[k]) ? mergeMessages(base[k] as Record<string, unknown>, v) : v);
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
