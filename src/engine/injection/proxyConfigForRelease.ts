import type { ProxyConfig } from '../mesh/index.ts';
import type { ReleaseBehaviour } from '../releases/index.ts';

/**
 * istiod reads mesh and annotation ProxyConfig leniently: a field its istio.io/api does not know is
 * dropped, so it never reaches PROXY_CONFIG or validation (releases.md §7).
 */
export function withoutUnknownFields(pc: ProxyConfig, release: ReleaseBehaviour): ProxyConfig {
  const unknown: string[] = [];
  if (!release.proxyConfig.fileFlushAndStatsCompression) unknown.push('fileFlushInterval', 'fileFlushMinSizeKb', 'statsCompression');
  if (!release.proxyConfig.connectionSettings) unknown.push('connectionSettings');
  if (!unknown.some((k) => k in pc)) return pc;
  const out: ProxyConfig = { ...pc };
  for (const k of unknown) delete out[k];
  return out;
}
