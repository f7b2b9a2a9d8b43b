import type { Container, Pod } from './postprocess/containers.ts';
import { remembered } from './injectionMemo.ts';

/** Where an injected container's env var got its value. */
export type EnvSource =
  | { kind: 'template'; template: string; line?: number; from?: string }
  | { kind: 'downwardAPI'; fieldPath?: string; resource?: string }
  | { kind: 'proxyMetadata'; from: 'mesh' | 'annotation' | 'proxyConfig'; key: string }
  | { kind: 'istiod'; step: string }
  | { kind: 'user'; container: string };

export interface EnvEntry {
  container: string;
  name: string;
  /** Literal value; absent when the value comes from valueFrom. */
  value?: string;
  valueFrom?: unknown;
  source: EnvSource;
}

/** What the well-known sidecar env vars are computed from (spec §8.5), for the "why" panel. */
const KNOWN: Record<string, string> = {
  REWRITE_PROBE_LEGACY_LOCALHOST_DESTINATION: 'mesh inboundTrafficPolicy.mode LOCALHOST',
  PILOT_CERT_PROVIDER: 'values global.pilotCertProvider',
  CA_ADDR: 'values global.caAddress, else istiod[-<values.revision>].<global.istioNamespace>.svc:15012',
  PROXY_CONFIG: 'the effective ProxyConfig (mesh defaultConfig, ProxyConfig resources, annotation proxy.istio.io/config) minus defaults',
  ISTIO_META_POD_PORTS: 'the ports of the pod\'s containers',
  ISTIO_META_APP_CONTAINERS: 'the names of the pod\'s containers',
  COMPLIANCE_POLICY: 'istiod env COMPLIANCE_POLICY',
  GODEBUG: 'istiod env COMPLIANCE_POLICY=fips-140-3',
  ISTIO_META_CLUSTER_ID: 'values global.multiCluster.clusterName, else "Kubernetes"',
  ISTIO_META_INTERCEPTION_MODE: 'annotation sidecar.istio.io/interceptionMode, else ProxyConfig interceptionMode',
  ISTIO_META_NETWORK: 'values global.network',
  ISTIO_META_WORKLOAD_NAME: 'label service.istio.io/workload-name, else the owning workload\'s name',
  ISTIO_META_OWNER: 'the owning workload (kind, apiVersion, namespace, name)',
  ISTIO_BOOTSTRAP_OVERRIDE: 'annotation sidecar.istio.io/bootstrapOverride',
  ISTIO_META_MESH_ID: 'values global.meshID, else mesh trustDomain',
  TRUST_DOMAIN: 'mesh trustDomain, else values global.trustDomain',
  OTEL_RESOURCE_ATTRIBUTES: 'mesh extensionProviders (OpenTelemetry semantic conventions) and resource.opentelemetry.io annotations',
};

const POST_PROCESSING: Record<string, string> = {
  ISTIO_PROMETHEUS_ANNOTATIONS: 'Prometheus merge: the pod\'s prometheus.io annotations',
  ISTIO_KUBE_APP_PROBERS: 'probe rewrite: the app containers\' probes and lifecycle hooks',
};

export interface ProvenanceInputs {
  pod: Pod;
  templatePod: Pod;
  rendered: { name: string; text: string }[];
  meshProxyMetadata: Record<string, string>;
  annotationProxyMetadata: Record<string, string>;
  clusterEnvNames: string[];
}

/** Every env var of every container the templates injected, with where its value came from. */
export function envProvenance(p: ProvenanceInputs): EnvEntry[] {
  const injected = new Set([...(p.templatePod.spec?.containers ?? []), ...(p.templatePod.spec?.initContainers ?? [])].map((c: Container) => c?.name));
  const entries: EnvEntry[] = [];
  for (const c of [...(p.pod.spec?.initContainers ?? []), ...(p.pod.spec?.containers ?? [])] as Container[]) {
    if (!injected.has(c?.name)) continue;
    for (const e of c.env ?? []) {
      const entry: EnvEntry = { container: c.name, name: String(e.name), source: sourceOf(c.name, e, p) };
      if (e.value !== undefined) entry.value = String(e.value);
      if (e.valueFrom !== undefined) entry.valueFrom = e.valueFrom;
      entries.push(entry);
    }
  }
  return entries;
}

function sourceOf(container: string, e: any, p: ProvenanceInputs): EnvSource {
  const name = String(e.name);
  // Own keys only: an env var named after an Object.prototype member (valueOf, constructor) is no step.
  if (Object.hasOwn(POST_PROCESSING, name)) return { kind: 'istiod', step: POST_PROCESSING[name] };
  if (p.clusterEnvNames.includes(name)) return { kind: 'istiod', step: 'cluster info (values, webhook URL path, pod network label)' };
  if (e.valueFrom?.fieldRef) return { kind: 'downwardAPI', fieldPath: e.valueFrom.fieldRef.fieldPath };
  if (e.valueFrom?.resourceFieldRef) return { kind: 'downwardAPI', resource: e.valueFrom.resourceFieldRef.resource };
  if (Object.hasOwn(p.annotationProxyMetadata, name)) return { kind: 'proxyMetadata', from: 'annotation', key: name };
  if (Object.hasOwn(p.meshProxyMetadata, name)) return { kind: 'proxyMetadata', from: 'mesh', key: name };
  const templatedContainer = [...(p.templatePod.spec?.containers ?? []), ...(p.templatePod.spec?.initContainers ?? [])]
    .find((c: Container) => c?.name === container);
  const fromTemplate = (templatedContainer?.env ?? []).some((x: any) => x?.name === name);
  if (!fromTemplate) return { kind: 'user', container };
  for (const r of p.rendered) {
    const line = nameLines(r.text).get(name);
    if (line !== undefined) return { kind: 'template', template: r.name, line, from: KNOWN[name] };
  }
  return { kind: 'template', template: p.rendered[0]?.name ?? '', from: KNOWN[name] };
}

/** 1-based line of the first `name: X` (or `- name: X`, `{name: X, ...}`) of each name in a rendered text. */
function nameLines(text: string): Map<string, number> {
  return remembered('name lines', text, () => {
    const index = new Map<string, number>();
    text.split('\n').forEach((line, i) => {
      const m = /(?:^|[{,\s-])name:\s*"?([A-Za-z_][A-Za-z0-9_.-]*)"?/.exec(line);
      if (m && !index.has(m[1])) index.set(m[1], i + 1);
    });
    return index;
  });
}

/**
 * The VM-style cluster.env of the istio-proxy env: literal values only, one `NAME='value'` per line,
 * single quotes escaped the shell way.
 */
export function clusterEnv(entries: EnvEntry[]): string {
  return entries
    .filter((e) => e.container === 'istio-proxy' && e.value !== undefined)
    .map((e) => `${e.name}='${e.value!.replaceAll("'", "'\\''")}'`)
    .join('\n') + '\n';
}
