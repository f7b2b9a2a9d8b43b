export { defaultMeshConfig, applyMeshConfig, type MeshConfig, type MeshProblem } from './meshConfig.ts';
export {
  defaultProxyConfig,
  mergeProxyConfig,
  normalizeProxyConfig,
  proxyConfigToJSON,
  type ProxyConfig,
  type ProxyConfigProblem,
} from './proxyConfig.ts';
export { parseDuration, durationToGoString, durationToProtoJSON, type Duration } from './duration.ts';
export { validateProxyConfig } from './validateProxyConfig.ts';
// Reached from other folders (through this door, as every import from outside is).
export { INTERCEPTION_MODE, PROXY_FIELD_BY_NAME } from './proxyConfigFields.ts';
