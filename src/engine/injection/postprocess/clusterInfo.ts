import { findProxy, type Pod } from './containers.ts';

/**
 * istiod's overwriteClusterInfo: the cluster/network env vars it knows for this request (values, the
 * webhook URL path, the pod's network label) are taken out of istio-proxy's env and re-appended at the
 * end, sorted by name, with istiod's values.
 */
export function overwriteClusterInfo(pod: Pod, proxyEnvs: Record<string, string>): void {
  const proxy = findProxy(pod);
  const names = Object.keys(proxyEnvs).filter((k) => proxyEnvs[k] !== '').sort();
  if (!proxy || !names.length) return;
  const env: any[] = (proxy.env ?? []).filter((e: any) => !names.includes(e?.name));
  for (const name of names) env.push({ name, value: proxyEnvs[name] });
  proxy.env = env;
}

/**
 * The env istiod overrides: cluster and network from values, URL path parameters
 * (`/inject/cluster/c1/net/n1`), and the pod's topology.istio.io/network label for the network.
 */
export function proxyEnvsFor(values: Record<string, any>, webhookPath: string, podLabels: Record<string, string>): Record<string, string> {
  const envs: Record<string, string> = {};
  const cluster = values.global?.multiCluster?.clusterName;
  if (typeof cluster === 'string' && cluster) envs.ISTIO_META_CLUSTER_ID = cluster;
  const network = values.global?.network;
  if (typeof network === 'string' && network) envs.ISTIO_META_NETWORK = network;
  Object.assign(envs, pathEnvs(webhookPath));
  const labelNetwork = podLabels['topology.istio.io/network'];
  if (labelNetwork) envs.ISTIO_META_NETWORK = labelNetwork;
  return envs;
}

function pathEnvs(path: string): Record<string, string> {
  const envs: Record<string, string> = {};
  const rest = path.replace(/^\/inject\/?/, '');
  if (!rest || !path.startsWith('/inject')) return envs;
  if (rest.startsWith(':ENV:')) {
    for (const kv of rest.slice(5).split(':ENV:')) {
      const eq = kv.indexOf('=');
      if (eq > 0) envs[kv.slice(0, eq)] = kv.slice(eq + 1);
    }
    return envs;
  }
  const parts = rest.split('/').filter((p) => p !== '');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const key = parts[i];
    const value = parts[i + 1].replaceAll('--slash--', '/');
    const name = key === 'cluster' ? 'ISTIO_META_CLUSTER_ID' : key === 'net' ? 'ISTIO_META_NETWORK' : key.toUpperCase();
    envs[name] = value;
  }
  return envs;
}
