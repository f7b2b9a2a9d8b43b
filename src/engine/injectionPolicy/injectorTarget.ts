import type { MutatingWebhook } from '../webhooks/index.ts';

/** Which istiod (revision) a called injection webhook reaches, and how that was worked out. */
export interface InjectorTarget {
  revision: string;
  /** How the revision was found, for showing. */
  via: string;
  /** The namespace istiod runs in (its injector ConfigMap lives there), when known. */
  namespace?: string;
  /** Environment overrides carried in the URL path (`/inject/cluster/c1/net/n1`). */
  pathEnv: Record<string, string>;
}

const PATH_KEYS: Record<string, string> = { cluster: 'ISTIO_META_CLUSTER_ID', net: 'ISTIO_META_NETWORK' };

/** `/inject/k1/v1/k2/v2` → env overrides; `--slash--` in a value stands for `/`. */
export function injectPathEnv(path: string | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  if (!path || !path.startsWith('/inject')) return env;
  const parts = path.slice('/inject'.length).split('/').filter(Boolean);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const key = PATH_KEYS[parts[i]] ?? parts[i].toUpperCase();
    env[key] = parts[i + 1].replaceAll('--slash--', '/');
  }
  return env;
}

function revisionOfService(name: string): string | undefined {
  if (name === 'istiod') return 'default';
  if (name.startsWith('istiod-')) return name.slice('istiod-'.length);
  return undefined;
}

/** Whether a webhook is an Istio sidecar injector (its name, or a call to istiod's /inject). */
export function isInjectorWebhook(w: MutatingWebhook): boolean {
  const path = w.clientConfig.service?.path ?? (w.clientConfig.url ? safePath(w.clientConfig.url) : undefined);
  return w.name.endsWith('sidecar-injector.istio.io') || (path?.startsWith('/inject') ?? false);
}

function safePath(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/**
 * The revision behind a webhook: from the istiod Service it calls (`istiod` → default,
 * `istiod-<rev>` → rev), else from the URL's host, else from the configuration's istio.io/rev label.
 */
export function injectorTargetOf(w: MutatingWebhook, configurationLabels: Record<string, string>): InjectorTarget {
  const svc = w.clientConfig.service;
  if (svc) {
    const rev = revisionOfService(svc.name);
    if (rev) return { revision: rev, via: `clientConfig.service ${svc.namespace}/${svc.name}`, namespace: svc.namespace, pathEnv: injectPathEnv(svc.path) };
  }
  if (w.clientConfig.url) {
    try {
      const u = new URL(w.clientConfig.url);
      const [host, ns] = u.hostname.split('.');
      const rev = revisionOfService(host);
      if (rev) return { revision: rev, via: `clientConfig.url host ${u.hostname}`, ...(ns ? { namespace: ns } : {}), pathEnv: injectPathEnv(u.pathname) };
    } catch {
      // not a URL; fall through to the label
    }
  }
  const label = configurationLabels['istio.io/rev'];
  return {
    revision: label || 'default',
    via: label ? `the configuration's istio.io/rev label` : 'nothing names a revision; assuming default',
    ...(svc?.namespace ? { namespace: svc.namespace } : {}),
    pathEnv: injectPathEnv(svc?.path),
  };
}
