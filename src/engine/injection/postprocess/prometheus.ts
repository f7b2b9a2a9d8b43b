import { parseGoBool } from '../../go/index.ts';
import { sanitizeAnnotationKey } from '../stripPod.ts';
import { findProxy, type Pod } from './containers.ts';

const RESERVED_PORTS = new Set([15000, 15001, 15004, 15006, 15008, 15020, 15021, 15053, 15090]);

/**
 * Prometheus merge: the app's scrape annotations move into ISTIO_PROMETHEUS_ANNOTATIONS for the agent
 * to merge, and the pod is pointed at the agent's merged endpoint. Returns an error text on an invalid
 * scrape configuration (the pod is rejected).
 */
export function applyPrometheusMerge(
  pod: Pod,
  meshStatusPort: number,
  meshMergeEnabled: boolean,
  /** master: prometheus.istio.io/scrape-targets and the port checks; before, the three annotations are copied as they are. */
  withTargets = true,
): string | undefined {
  const annotations: Record<string, string> = pod.metadata.annotations;
  const find = (sanitized: string) => Object.keys(annotations).find((k) => sanitizeAnnotationKey(k) === sanitized);
  const scrapeKey = find('prometheus_io_scrape');
  if (scrapeKey !== undefined && parseGoBool(annotations[scrapeKey]) === false) return undefined;
  const mergeAnnotation = annotations['prometheus.istio.io/merge-metrics'];
  const parsedMerge = mergeAnnotation === undefined ? undefined : parseGoBool(mergeAnnotation);
  if (!(parsedMerge ?? meshMergeEnabled)) return undefined;
  const portKey = find('prometheus_io_port');
  if (portKey !== undefined && annotations[portKey] === String(meshStatusPort)) return undefined;

  const pathKey = find('prometheus_io_path');
  const collected: { scrape?: string; path?: string; port?: string; targets?: { port: string; path: string }[] } = {};
  if (scrapeKey !== undefined) collected.scrape = annotations[scrapeKey];
  if (pathKey !== undefined) collected.path = annotations[pathKey];
  if (portKey !== undefined) collected.port = annotations[portKey];
  const targetsText = withTargets ? annotations['prometheus.istio.io/scrape-targets'] : undefined;
  if (targetsText !== undefined && targetsText.trim() !== '') {
    const targets: { port: string; path: string }[] = [];
    for (const raw of targetsText.split(',')) {
      const t = raw.trim();
      if (!t) continue;
      const colon = t.indexOf(':');
      const port = colon >= 0 ? t.slice(0, colon) : t;
      const path = colon >= 0 ? t.slice(colon + 1) : '/metrics';
      const err = portProblem(port, meshStatusPort);
      if (err) return `invalid prometheus scrape targets: ${err}`;
      targets.push({ port, path: path || '/metrics' });
    }
    if (targets.length) {
      collected.targets = targets;
      collected.port = targets[0].port;
      collected.path = targets[0].path;
    }
  } else if (withTargets && collected.port !== undefined) {
    const err = portProblem(collected.port, meshStatusPort);
    if (err) return `invalid prometheus scrape configuration: ${err}`;
  }

  const proxy = findProxy(pod);
  if (proxy && (collected.scrape !== undefined || collected.path !== undefined || collected.port !== undefined || collected.targets)) {
    const json: Record<string, unknown> = { scrape: collected.scrape ?? '', path: collected.path ?? '', port: collected.port ?? '' };
    if (collected.targets) json.targets = collected.targets;
    proxy.env ??= [];
    proxy.env.push({ name: 'ISTIO_PROMETHEUS_ANNOTATIONS', value: JSON.stringify(json) });
  }
  for (const k of Object.keys(annotations)) {
    if (['prometheus_io_port', 'prometheus_io_path', 'prometheus_io_scrape'].includes(sanitizeAnnotationKey(k)) || (withTargets && k === 'prometheus.istio.io/scrape-targets')) {
      delete annotations[k];
    }
  }
  annotations['prometheus.io/port'] = String(meshStatusPort);
  annotations['prometheus.io/path'] = '/stats/prometheus';
  annotations['prometheus.io/scrape'] = 'true';
  return undefined;
}

function portProblem(port: string, statusPort: number): string | undefined {
  const n = /^\d+$/.test(port) ? Number(port) : NaN;
  if (!(n >= 1 && n <= 65535)) return `port ${JSON.stringify(port)} is not a valid port`;
  if (n === statusPort || RESERVED_PORTS.has(n)) return `port ${n} is reserved for Istio`;
  return undefined;
}

/** Copies istio-proxy's ENVOY_SECURE_MERGED_METRICS_PORT to prometheus.istio.io/secure-port. */
export function applySecurePort(pod: Pod): void {
  const annotations: Record<string, string> = pod.metadata.annotations;
  if (Object.keys(annotations).some((k) => sanitizeAnnotationKey(k) === 'prometheus_istio_io_secure_port')) return;
  const env = findProxy(pod)?.env?.find((e: any) => e?.name === 'ENVOY_SECURE_MERGED_METRICS_PORT');
  const v = env?.value;
  if (typeof v === 'string' && v !== '' && v !== '0') annotations['prometheus.istio.io/secure-port'] = v;
}
