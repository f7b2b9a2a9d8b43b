/**
 * The fields of Istio's ProxyConfig message in proto declaration order, which is the order protojson
 * prints them in (PROXY_CONFIG env var). `kind` says how a value is normalised and when protojson
 * omits it: scalars and enums are omitted at their zero value, messages/wrappers only when unset.
 */
export type ProxyFieldKind = 'string' | 'int' | 'bool' | 'duration' | 'enum' | 'message' | 'wrapper' | 'map' | 'list';

export interface ProxyField {
  name: string;
  kind: ProxyFieldKind;
  /** Enum value names by number (index 0 = the zero value). */
  enumValues?: Record<number, string>;
}

export const AUTH_POLICY = { 0: 'NONE', 1: 'MUTUAL_TLS', 1000: 'INHERIT' };
export const INTERCEPTION_MODE = { 0: 'REDIRECT', 1: 'TPROXY', 2: 'NONE' };
const TRACING_SERVICE_NAME = { 0: 'APP_LABEL_AND_NAMESPACE', 1: 'CANONICAL_NAME_ONLY', 2: 'CANONICAL_NAME_AND_NAMESPACE' };

export const PROXY_CONFIG_FIELDS: ProxyField[] = [
  { name: 'configPath', kind: 'string' },
  { name: 'binaryPath', kind: 'string' },
  { name: 'serviceCluster', kind: 'string' },
  { name: 'tracingServiceName', kind: 'enum', enumValues: TRACING_SERVICE_NAME },
  { name: 'drainDuration', kind: 'duration' },
  { name: 'parentShutdownDuration', kind: 'duration' },
  { name: 'discoveryAddress', kind: 'string' },
  { name: 'discoveryRefreshDelay', kind: 'duration' },
  { name: 'zipkinAddress', kind: 'string' },
  { name: 'statsdUdpAddress', kind: 'string' },
  { name: 'envoyMetricsServiceAddress', kind: 'string' },
  { name: 'proxyAdminPort', kind: 'int' },
  { name: 'availabilityZone', kind: 'string' },
  { name: 'controlPlaneAuthPolicy', kind: 'enum', enumValues: AUTH_POLICY },
  { name: 'customConfigFile', kind: 'string' },
  { name: 'statNameLength', kind: 'int' },
  { name: 'concurrency', kind: 'wrapper' },
  { name: 'proxyBootstrapTemplatePath', kind: 'string' },
  { name: 'interceptionMode', kind: 'enum', enumValues: INTERCEPTION_MODE },
  { name: 'tracing', kind: 'message' },
  { name: 'sds', kind: 'message' },
  { name: 'envoyAccessLogService', kind: 'message' },
  { name: 'envoyMetricsService', kind: 'message' },
  { name: 'proxyMetadata', kind: 'map' },
  { name: 'runtimeValues', kind: 'map' },
  { name: 'statusPort', kind: 'int' },
  { name: 'extraStatTags', kind: 'list' },
  { name: 'gatewayTopology', kind: 'message' },
  { name: 'terminationDrainDuration', kind: 'duration' },
  { name: 'meshId', kind: 'string' },
  { name: 'readinessProbe', kind: 'message' },
  { name: 'proxyStatsMatcher', kind: 'message' },
  { name: 'holdApplicationUntilProxyStarts', kind: 'wrapper' },
  { name: 'caCertificatesPem', kind: 'list' },
  { name: 'image', kind: 'message' },
  { name: 'privateKeyProvider', kind: 'message' },
  { name: 'proxyHeaders', kind: 'message' },
  { name: 'fileFlushInterval', kind: 'duration' },
  { name: 'fileFlushMinSizeKb', kind: 'wrapper' },
];

export const PROXY_FIELD_BY_NAME: Record<string, ProxyField> = Object.fromEntries(PROXY_CONFIG_FIELDS.map((f) => [f.name, f]));

/** Accepts the proto name spelled snake_case too, as protojson does. */
export function proxyFieldName(key: string): string {
  return key.includes('_') ? key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : key;
}
