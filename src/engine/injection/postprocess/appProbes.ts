import { parseGoBool } from '../../go/index.ts';
import { findProxy, PROXY_CONTAINER, setEnv, type Container, type Pod } from './containers.ts';

const PROBERS_ENV = 'ISTIO_KUBE_APP_PROBERS';

const PROBES: [field: string, suffix: string][] = [
  ['readinessProbe', 'readyz'],
  ['livenessProbe', 'livez'],
  ['startupProbe', 'startupz'],
];
const HOOKS: [field: string, suffix: string][] = [
  ['preStop', 'prestopz'],
  ['postStart', 'poststartz'],
];

/** Whether probe rewriting applies: the merged pod's annotation, else the values' rewriteAppHTTPProbe. */
export function probeRewriteEnabled(pod: Pod, values: Record<string, any>): boolean {
  const annotated = pod.metadata?.annotations?.['sidecar.istio.io/rewriteAppHTTPProbers'];
  const parsed = annotated === undefined ? undefined : parseGoBool(annotated);
  if (parsed !== undefined) return parsed;
  return values.sidecarInjectorWebhook?.rewriteAppHTTPProbe !== false;
}

/**
 * Points app probes and lifecycle hooks at the agent (`/app-health/<c>/<probe>` on the status port)
 * and records the original handlers in ISTIO_KUBE_APP_PROBERS for the agent to forward to.
 */
export function rewriteAppProbes(
  pod: Pod,
  statusPort: number,
  reinjection: boolean,
  /** Release switches (src/engine/releases); master's when absent. */
  release: { lifecycleHooks: boolean; reinjectionAddsProbers: boolean } = { lifecycleHooks: true, reinjectionAddsProbers: true },
): void {
  const hooks = release.lifecycleHooks ? HOOKS : [];
  const proxy = findProxy(pod);
  if (!proxy) return;
  const app = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].filter((c: Container) => c?.name !== PROXY_CONTAINER);
  const probers: Record<string, unknown> = {};
  for (const c of app) {
    for (const [field, suffix] of PROBES) {
      const prober = proberOf(c, c[field], statusPort, true);
      if (prober) probers[`/app-health/${c.name}/${suffix}`] = prober;
    }
    for (const [field, suffix] of hooks) {
      const prober = proberOf(c, c.lifecycle?.[field], statusPort, false);
      if (prober) probers[`/app-lifecycle/${c.name}/${suffix}`] = prober;
    }
  }
  if (Object.keys(probers).length) {
    const existing = (proxy.env ?? []).find((e: any) => e?.name === PROBERS_ENV);
    if (reinjection && existing && typeof existing.value === 'string') {
      try {
        const old = JSON.parse(existing.value);
        Object.assign(probers, old);
      } catch {
        // an unreadable previous value is replaced
      }
    }
    if (existing) existing.value = sortedJSON(probers);
    // Before 1.27 a re-injected proxy without the variable did not get one.
    else if (!reinjection || release.reinjectionAddsProbers) setEnv(proxy, PROBERS_ENV, sortedJSON(probers));
  }
  for (const c of app) {
    for (const [field, suffix] of PROBES) rewriteHandler(c[field], `/app-health/${c.name}/${suffix}`, statusPort);
    for (const [field, suffix] of hooks) rewriteHandler(c.lifecycle?.[field], `/app-lifecycle/${c.name}/${suffix}`, statusPort);
  }
}

function proberOf(c: Container, handler: any, statusPort: number, withTimeout: boolean): Record<string, unknown> | undefined {
  if (!handler || typeof handler !== 'object') return undefined;
  const resolve = (port: unknown): number | undefined => {
    if (typeof port === 'number') return port;
    if (typeof port === 'string') {
      if (/^\d+$/.test(port)) return Number(port);
      const named = (c.ports ?? []).find((p: any) => p?.name === port);
      return named ? Number(named.containerPort) : undefined;
    }
    return undefined;
  };
  let out: Record<string, unknown> | undefined;
  if (handler.httpGet) {
    const port = resolve(handler.httpGet.port);
    if (port === undefined || port === statusPort) return undefined;
    const g = handler.httpGet;
    const httpGet: Record<string, unknown> = {};
    if (g.path) httpGet.path = g.path;
    httpGet.port = port;
    if (g.host) httpGet.host = g.host;
    if (g.scheme) httpGet.scheme = g.scheme;
    if (g.httpHeaders?.length) httpGet.httpHeaders = g.httpHeaders.map((h: any) => ({ name: h.name, value: h.value }));
    out = { httpGet };
  } else if (handler.tcpSocket) {
    const port = resolve(handler.tcpSocket.port);
    if (port === undefined || port === statusPort) return undefined;
    out = { tcpSocket: handler.tcpSocket.host ? { port, host: handler.tcpSocket.host } : { port } };
  } else if (handler.grpc) {
    const port = Number(handler.grpc.port);
    if (port === statusPort) return undefined;
    out = { grpc: handler.grpc.service !== undefined ? { port, service: handler.grpc.service } : { port } };
  } else {
    return undefined;
  }
  if (withTimeout && handler.timeoutSeconds) out.timeoutSeconds = handler.timeoutSeconds;
  return out;
}

function rewriteHandler(handler: any, path: string, statusPort: number): void {
  if (!handler || typeof handler !== 'object') return;
  if (handler.httpGet) {
    const g = handler.httpGet;
    if (g.port === statusPort) return;
    const next: Record<string, unknown> = { path, port: statusPort };
    if (g.host) next.host = g.host;
    // The kubelet talks plain HTTP to the agent, which calls the app over HTTPS (from the prober
    // recorded above); any other scheme is kept as written.
    if (g.scheme) next.scheme = g.scheme === 'HTTPS' ? 'HTTP' : g.scheme;
    if (g.httpHeaders) next.httpHeaders = g.httpHeaders;
    handler.httpGet = next;
  } else if (handler.tcpSocket) {
    delete handler.tcpSocket;
    handler.httpGet = { path, port: statusPort };
  } else if (handler.grpc) {
    if (handler.grpc.port === statusPort) return;
    delete handler.grpc;
    handler.httpGet = { path, port: statusPort };
  }
}

function sortedJSON(o: Record<string, unknown>): string {
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(o[k])}`).join(',')}}`;
}
