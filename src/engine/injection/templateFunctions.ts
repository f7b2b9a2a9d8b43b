import {
  GoError, GoMap, formatValue, getKey, goFunc, hasKey, isHost, isPlainMap, mapView, setKey, sliceView, type GoFunc, type GoPlainMap, type GoValue,
} from '../gotemplate/index.ts';
import { durationToGoString, parseDuration, proxyConfigToJSON, type ProxyConfig } from '../mesh/index.ts';
import { goToJson, hostSource, jsonToGo } from './goHost.ts';
import { goContainerPortJSON } from './goJson.ts';
import { otelResourceAttributes } from './otelAttributes.ts';
import { protoSource } from './protoHost.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';

/** What the functions need from outside: istiod's env, a sigs.k8s.io/yaml writer and the release. */
export interface TemplateFunctionHost {
  env: Record<string, string>;
  toYaml(value: unknown): string;
  /** The functions and helper versions of this release (§4.1); master when absent. */
  release?: ReleaseBehaviour;
}

/**
 * Istio's template functions (spec §7), registered over sprig's. Each is a Go function value so the
 * interpreter converts and checks arguments as Go would.
 */
export function istioTemplateFunctions(host: TemplateFunctionHost): Record<string, GoFunc> {
  const release = (host.release ?? MASTER_BEHAVIOUR).templates;
  const funcs = allTemplateFunctions(host, release.multusNamespaceAware);
  // A function the release does not register makes a template naming it fail to parse, as in istiod.
  if (!release.omitNil) delete funcs.omitNil;
  if (!release.otelResourceAttributes) delete funcs.otelResourceAttributes;
  return funcs;
}

/** Sprig functions a release's sprig does not have yet (sprig v3.2.3 in 1.22–1.23). */
export function sprigFunctionsMissing(release: ReleaseBehaviour | undefined): string[] {
  return (release ?? MASTER_BEHAVIOUR).templates.sha512sum ? [] : ['sha512sum'];
}

function allTemplateFunctions(host: TemplateFunctionHost, multusNamespaceAware: boolean): Record<string, GoFunc> {
  const any = 'interface {}' as const;
  return {
    annotation: goFunc([any, 'string', any], (meta: GoValue, name: string, def: GoValue) => {
      const annotations = readMap(fieldOf(meta, 'Annotations'));
      if (annotations && hasKey(annotations, name)) return String(annotations[name] ?? '');
      return formatValue(def);
    }, { result: 'string' }),
    isset: goFunc(['map[string]string', 'string'], (m: GoValue, key: string) => {
      const entries = readMap(m);
      return !!entries && Object.prototype.hasOwnProperty.call(entries, key);
    }, { result: 'bool' }),
    valueOrDefault: goFunc([any, any], (v: GoValue, d: GoValue) => (v === null || v === undefined || v === '' ? d : v)),
    excludeInboundPort: goFunc([any, 'string'], (port: GoValue, list: string) => excludeInboundPort(formatValue(port ?? null), list), { result: 'string' }),
    includeInboundPorts: goFunc([any], (containers: GoValue) => containerPorts(containers, false), { result: 'string' }),
    applicationPorts: goFunc([any], (containers: GoValue) => containerPorts(containers, true), { result: 'string' }),
    kubevirtInterfaces: goFunc(['string'], (s: string) => s, { result: 'string' }),
    excludeInterfaces: goFunc(['string'], (s: string) => s, { result: 'string' }),
    toJSON: goFunc([any], (m: GoValue) => {
      const v = goToJson(m);
      return v === null ? '{}' : JSON.stringify(v);
    }, { result: 'string' }),
    fromJSON: goFunc(['string'], (s: string) => {
      try {
        return jsonToGo(JSON.parse(s));
      } catch {
        return '{}';
      }
    }),
    structToJSON: goFunc([any], (v: GoValue) => structToJSON(v), { result: 'string' }),
    protoToJSON: goFunc([any], (v: GoValue) => {
      const pc = protoSource(v) as ProxyConfig | undefined;
      return pc ? proxyConfigToJSON(pc) : '{}';
    }, { result: 'string' }),
    toYaml: goFunc([any], (v: GoValue) => {
      try {
        return host.toYaml(goToJson(v));
      } catch {
        return '';
      }
    }, { result: 'string' }),
    indent: goFunc(['int', 'string'], (n: bigint, s: string) => istioIndent(Number(n), s), { result: 'string' }),
    directory: goFunc(['string'], (p: string) => p.slice(0, p.lastIndexOf('/') + 1), { result: 'string' }),
    contains: goFunc(['string', 'string'], (needle: string, haystack: string) => haystack.includes(needle), { result: 'bool' }),
    toLower: goFunc(['string'], (s: string) => s.toLowerCase(), { result: 'string' }),
    appendMultusNetwork: goFunc(['string', 'string'], (existing: string, net: string) => (multusNamespaceAware ? appendMultusNetwork(existing, net) : appendMultusNetworkByName(existing, net)), { result: 'string' }),
    env: goFunc(['string', 'string'], (key: string, def: string) => (hasKey(host.env, key) ? host.env[key] : def), { result: 'string' }),
    omit: goFunc(['map[string]string'], (m: GoValue, ...keys: string[]) => {
      const out = Object.create(null) as GoPlainMap;
      for (const [k, v] of Object.entries(readMap(m) ?? {})) if (!keys.includes(k)) setKey(out, k, v);
      return new GoMap('string', out);
    }, { variadic: 'string' }),
    strdict: goFunc([], (...kv: string[]) => {
      const out = Object.create(null) as GoPlainMap;
      for (let i = 0; i + 1 < kv.length; i += 2) setKey(out, kv[i], kv[i + 1]);
      return new GoMap('string', out);
    }, { variadic: 'string' }),
    toJsonMap: goFunc([], (...maps: GoValue[]) => mergeStringMaps(maps), { variadic: 'interface {}' }),
    mergeMaps: goFunc([], (...maps: GoValue[]) => mergeStringMaps(maps), { variadic: 'interface {}' }),
    omitNil: goFunc([any], (v: GoValue) => omitNil(v)),
    formatDuration: goFunc([any], (v: GoValue) => {
      const src = protoSource(v) ?? goToJson(v);
      const d = typeof src === 'string' ? parseDuration(src) : undefined;
      return d ? durationToGoString(d) : '0s';
    }, { result: 'string' }),
    otelResourceAttributes: goFunc([any, any, any, 'string', any], (mesh: GoValue, annos: GoValue, labels: GoValue, ns: string, containers: GoValue) =>
      otelResourceAttributes(protoSource(mesh) as Record<string, unknown> | undefined, readMap(annos) ?? {}, readMap(labels) ?? {}, ns,
        (sliceView(containers)?.items ?? []).map((c) => (hostSource(c)?.json ?? {}) as Record<string, unknown>)), { result: 'string' }),
  };
}

function fieldOf(v: GoValue, name: string): GoValue {
  if (isHost(v)) {
    const f = v.field(name);
    return typeof f === 'symbol' ? undefined : f;
  }
  if (isPlainMap(v)) return getKey(v, name);
  return undefined;
}

function readMap(v: GoValue): Record<string, GoValue> | null {
  return mapView(v)?.entries ?? null;
}

/** Istio's excludeInboundPort: appends the status port to a port list unless it is already there. */
export function excludeInboundPort(port: string, list: string): string {
  const p = port.trim();
  if (p === '' || p === '0') return list;
  const raw = list.split(',');
  if (raw.some((x) => x === p)) return list;
  return [...raw.map((x) => x.trim()).filter(Boolean), p].join(',');
}

function containerPorts(containers: GoValue, skipProxy: boolean): string {
  const out: string[] = [];
  for (const c of sliceView(containers)?.items ?? []) {
    const json = (hostSource(c)?.json ?? goToJson(c)) as { name?: string; ports?: { containerPort?: number; protocol?: string }[] };
    if (skipProxy && json?.name === 'istio-proxy') continue;
    for (const p of json?.ports ?? []) {
      if (p.protocol === 'UDP' || p.protocol === 'SCTP') continue;
      out.push(String(p.containerPort ?? 0));
    }
  }
  return out.join(',');
}

function structToJSON(v: GoValue): string {
  if (v === null || v === undefined) return '{}';
  const src = hostSource(v);
  if (src?.goType === 'v1.ContainerPort') return goContainerPortJSON(src.json as Record<string, unknown>);
  const json = goToJson(v);
  return json === null ? '{}' : JSON.stringify(json);
}

/** Istio's indent: every line but the first gets n spaces (sprig's indents the first line too). */
export function istioIndent(n: number, s: string): string {
  const pad = ' '.repeat(Math.max(0, n));
  return s.split('\n').map((line, i) => (i === 0 ? line : pad + line)).join('\n');
}

/** Adds a Multus network to the `k8s.v1.cni.cncf.io/networks` annotation in either of its two forms. */
export function appendMultusNetwork(existing: string, network: string): string {
  if (existing === '') return network;
  const slash = network.indexOf('/');
  const netNs = slash >= 0 ? network.slice(0, slash) : '';
  const netName = slash >= 0 ? network.slice(slash + 1) : network;
  if (existing.includes(']')) {
    let list: unknown;
    try {
      list = JSON.parse(existing);
    } catch {
      return existing;
    }
    if (!Array.isArray(list)) return existing;
    for (const entry of list) {
      if (isPlainMap(entry) && entry.name === netName && (entry.namespace ?? '') === netNs) return existing;
    }
    const at = existing.lastIndexOf(']');
    const added = netNs ? `{"name": "${netName}", "namespace": "${netNs}"}` : `{"name": "${netName}"}`;
    return `${existing.slice(0, at)}, ${added}${existing.slice(at)}`;
  }
  if (existing.split(',').some((x) => x.trim() === network)) return existing;
  return `${existing}, ${network}`;
}

/**
 * appendMultusNetwork before the namespace-aware fix (≤1.23.5, 1.24.0–1.24.3, 1.25.0): a JSON entry
 * matches only when its `name` is the whole network string, and the entry added is {"name": net}.
 */
export function appendMultusNetworkByName(existing: string, network: string): string {
  if (existing === '') return network;
  if (existing.includes(']')) {
    let list: unknown;
    try {
      list = JSON.parse(existing);
    } catch {
      return existing;
    }
    if (!Array.isArray(list)) return existing;
    for (const entry of list) {
      if (isPlainMap(entry) && entry.name === network) return existing;
    }
    const at = existing.lastIndexOf(']');
    return `${existing.slice(0, at)}, {"name": "${network}"}${existing.slice(at)}`;
  }
  if (existing.split(',').some((x) => x.trim() === network)) return existing;
  return `${existing}, ${network}`;
}

function mergeStringMaps(maps: GoValue[]): GoMap {
  const out = Object.create(null) as GoPlainMap;
  for (const m of maps) for (const [k, v] of Object.entries(readMap(m) ?? {})) out[k] = typeof v === 'string' ? v : formatValue(v);
  return new GoMap('string', out);
}

/** Drops nil map values and slice elements, recursively; a collection left empty becomes nil. */
export function omitNil(v: GoValue): GoValue {
  if (Array.isArray(v)) {
    const items = v.filter((x) => x !== null && x !== undefined).map(omitNil).filter((x) => x !== null);
    return items.length ? items : null;
  }
  if (isPlainMap(v)) {
    const out = Object.create(null) as GoPlainMap;
    for (const [k, x] of Object.entries(v)) {
      if (x === null || x === undefined) continue;
      const y = omitNil(x);
      if (y !== null) out[k] = y;
    }
    return Object.keys(out).length ? out : null;
  }
  return v;
}

export { GoError };
