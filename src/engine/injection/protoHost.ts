import { GoInt, GoMap, NO_FIELD, goFunc, hasKey, isPlainMap, type GoFunc, type GoPlainMap, type GoValue, type HostObject } from '../gotemplate/index.ts';
import { INTERCEPTION_MODE, PROXY_FIELD_BY_NAME } from '../mesh/index.ts';
import { enumHost, jsonToGo, wrapperHost } from './goHost.ts';

const sourceOf = new WeakMap<object, unknown>();

/** The JSON a proto host object was built from. */
export function protoSource(v: unknown): unknown {
  return typeof v === 'object' && v !== null ? sourceOf.get(v) : undefined;
}

const MAP_FIELDS = new Set(['proxyMetadata', 'runtimeValues', 'labels', 'annotations', 'headers']);
const INT_FIELDS = new Set([
  'proxyListenPort', 'proxyInboundListenPort', 'proxyHttpPort', 'proxyAdminPort', 'statusPort', 'statNameLength', 'port',
  'maxPathTagLength', 'maxTagLength',
]);

/**
 * A protobuf message (MeshConfig, ProxyConfig and their sub-messages) as Go sees it: Go field names,
 * nil-safe `GetX` getters, enums printing their names, wrappers as pointers. Absent message fields are
 * nil pointers, absent scalars their zero values.
 */
export function protoHost(goType: string, json: unknown): HostObject {
  const data = isPlainMap(json) ? (json as Record<string, unknown>) : undefined;
  const fieldValue = (name: string): GoValue | typeof NO_FIELD => {
    const key = jsonName(name);
    // Own properties only: the JSON and the field table inherit names (constructor, ...) no message has.
    const present = data !== undefined && hasKey(data, key);
    const v = present ? data[key] : undefined;
    if (goType.endsWith('ProxyConfig')) {
      const field = hasKey(PROXY_FIELD_BY_NAME, key) ? PROXY_FIELD_BY_NAME[key] : undefined;
      if (field?.kind === 'enum' && key === 'interceptionMode') {
        return enumHost('v1alpha1.ProxyConfig_InboundInterceptionMode', typeof v === 'string' ? v : 'REDIRECT', INTERCEPTION_MODE);
      }
      if (field?.kind === 'wrapper') {
        return wrapperHost(key === 'holdApplicationUntilProxyStarts' ? '*wrapperspb.BoolValue' : '*wrapperspb.Int32Value', v, key === 'holdApplicationUntilProxyStarts' ? 'bool' : 'int32');
      }
      if (field?.kind === 'message') return protoHost(`*v1alpha1.${name}`, v);
    }
    if (MAP_FIELDS.has(key)) return new GoMap('string', isPlainMap(v) ? stringMap(v as Record<string, unknown>) : null);
    if (v === undefined || v === null) {
      if (INT_FIELDS.has(key)) return new GoInt('int32', 0n);
      return present ? null : guessZero(name);
    }
    if (typeof v === 'number' && Number.isInteger(v)) return new GoInt('int32', BigInt(v));
    if (isPlainMap(v)) return protoHost(`*v1alpha1.${name}`, v);
    if (Array.isArray(v)) return v.map((x) => (isPlainMap(x) ? protoHost(`*v1alpha1.${name}`, x) : jsonToGo(x)));
    return v as GoValue;
  };
  // A field reads as the same value every time, as a Go message's field does (the same map, the
  // same sub-message pointer): made once, however often the templates read it. So are the getters.
  const read = new Map<string, GoValue | typeof NO_FIELD>();
  const field = (name: string): GoValue | typeof NO_FIELD => {
    let v = read.get(name);
    if (v === undefined && !read.has(name)) read.set(name, (v = fieldValue(name)));
    return v;
  };
  const methods = new Map<string, GoFunc | undefined>();
  const makeMethod = (name: string): GoFunc | undefined => {
    if (name === 'String') return goFunc([], () => JSON.stringify(json ?? {}), { result: 'string' });
    if (!name.startsWith('Get')) return undefined;
    return goFunc([], () => {
      const v = field(name.slice(3));
      return v === NO_FIELD ? null : v;
    });
  };
  const host: HostObject = {
    kind: 'host',
    goType,
    isNil: data === undefined,
    field,
    method(name) {
      let m = methods.get(name);
      if (m === undefined && !methods.has(name)) methods.set(name, (m = makeMethod(name)));
      return m;
    },
    format: () => (data ? JSON.stringify(data) : '<nil>'),
  };
  sourceOf.set(host, json ?? null);
  return host;
}

/** Go field names of generated protobuf structs are the proto names in UpperCamelCase. */
function jsonName(goName: string): string {
  return goName[0].toLowerCase() + goName.slice(1);
}

/** Absent fields we cannot type: getters named like a message give a nil message, others "" . */
function guessZero(name: string): GoValue {
  if (/(Settings|Config|Policy|Tracing|Image|Providers?|Topology|Matcher|Service|Probe)$/.test(name)) return protoHost(`*v1alpha1.${name}`, undefined);
  return '';
}

function stringMap(m: Record<string, unknown>): GoPlainMap {
  const out = Object.create(null) as GoPlainMap;
  for (const [k, v] of Object.entries(m)) out[k] = v === null || v === undefined ? '' : String(v);
  return out;
}
