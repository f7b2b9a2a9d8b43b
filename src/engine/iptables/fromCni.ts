/**
 * Entry path "istio-cni": the CNI plugin decides whether a new pod gets sidecar capture and derives
 * the istio-iptables configuration from the pod's annotations and its istio-proxy container instead
 * of from a command line. Same generator afterwards.
 */
import { diagnostic, messageOf, type Diagnostic } from '../diagnostics.ts';
import { captureFromConfig, emptyResult } from './capture.ts';
import { defaultConfig, type ConfigOrigins } from './config.ts';
import type { CaptureContext, Env } from './environment.ts';
import { ISTIO_ANNOTATIONS, type AnnotationCheck } from '../kube/index.ts';
import { parseGoBool } from '../go/index.ts';
import { asRecord, containerEnv, containers, findContainer, numberOrUndefined, podParts, stringList, stringMap } from './podShape.ts';
import type { CaptureResult } from './result.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';

export interface CniInput {
  /** The pod the plugin fetches from the API server. */
  pod: unknown;
  /** The CNI network configuration (exclude_namespaces, ambient_enabled...). */
  cniConfig?: unknown;
  /** CNI_ARGS: K8S_POD_NAMESPACE, K8S_POD_NAME... (defaults to the pod's own metadata). */
  cniArgs?: Record<string, string>;
  /** The plugin process' environment (owner groups, loopback CIDR); usually empty. */
  pluginEnv?: Env;
  /** Where a `native_nftables: true` in cniConfig was inferred from, when it was (shown with the backend). */
  nativeNftablesNote?: string;
}

/** The pod annotations the plugin reads, from the annotation registry (with how the plugin checks each). */
const A = ISTIO_ANNOTATIONS;
export const ANNOTATIONS = {
  status: A.status.name,
  inject: A.inject.name,
  interceptionMode: A.interceptionMode.name,
  includeOutboundIPRanges: A.includeOutboundIPRanges.name,
  excludeOutboundIPRanges: A.excludeOutboundIPRanges.name,
  includeInboundPorts: A.includeInboundPorts.name,
  excludeInboundPorts: A.excludeInboundPorts.name,
  includeOutboundPorts: A.includeOutboundPorts.name,
  excludeOutboundPorts: A.excludeOutboundPorts.name,
  excludeInterfaces: A.excludeInterfaces.name,
  kubevirtInterfaces: A.kubevirtInterfaces.name,
  rerouteVirtualInterfaces: A.rerouteVirtualInterfaces.name,
} as const;

type Validator = AnnotationCheck;

/** Checks in CmdAdd order; the first that applies means the plugin leaves the pod alone. */
function skipReason(pod: ReturnType<typeof podParts>, input: CniInput): string | undefined {
  // Without explicit CNI_ARGS the kubelet would pass the pod's own name and namespace (a workload's
  // template has neither yet: it gets a generated name, and "default" when no namespace is set).
  const meta = (k: string, fallback: string) => (typeof pod.metadata[k] === 'string' && pod.metadata[k] ? (pod.metadata[k] as string) : fallback);
  const args = input.cniArgs ?? { K8S_POD_NAME: meta('name', 'pod'), K8S_POD_NAMESPACE: meta('namespace', 'default') };
  const name = args.K8S_POD_NAME ?? '';
  const namespace = args.K8S_POD_NAMESPACE ?? '';
  const cni = asRecord(input.cniConfig);
  if (!name || !namespace) return 'no pod name or namespace in CNI_ARGS: not a Kubernetes pod';
  const excluded = stringList(cni.exclude_namespaces) ?? ['kube-system'];
  if (excluded.includes(namespace)) return `namespace ${namespace} is in the plugin's exclude_namespaces`;
  const labels = stringMap(pod.metadata.labels);
  if (cni.ambient_enabled === true && labels['istio.io/dataplane-mode'] === 'ambient') return 'the pod is enrolled in ambient mode: the node agent handles it, not sidecar capture';
  const all = [...containers(pod.spec, 'containers'), ...containers(pod.spec, 'initContainers')];
  if (findContainer(all, 'istio-init')) return 'the pod has an istio-init container: it sets up its own rules (not injected for CNI)';
  const proxy = findContainer(containers(pod.spec, 'containers'), 'istio-proxy') ?? findContainer(containers(pod.spec, 'initContainers'), 'istio-proxy');
  if (proxy && parseGoBool(containerEnv(proxy).DISABLE_ENVOY ?? '') === true) return 'istio-proxy has DISABLE_ENVOY=true';
  if (!proxy) return 'the pod has no istio-proxy container';
  const proxyArgs = stringList(proxy.args) ?? [];
  if (proxyArgs[0] === 'proxy' && proxyArgs[1] !== undefined && proxyArgs[1] !== 'sidecar') return `istio-proxy runs as "proxy ${proxyArgs[1]}", not a sidecar`;
  const annotations = stringMap(pod.metadata.annotations);
  const inject = labels[ANNOTATIONS.inject] ?? annotations[ANNOTATIONS.inject];
  if (inject !== undefined && parseGoBool(inject) === false) return `${ANNOTATIONS.inject} is ${JSON.stringify(inject)}`;
  if (annotations[ANNOTATIONS.status] === undefined) return `no ${ANNOTATIONS.status} annotation: the pod was not injected`;
  return undefined;
}

export function captureRulesForCni(input: CniInput, context: CaptureContext = {}): CaptureResult {
  const why = ['entry path: the istio-cni plugin derives the configuration from the pod (no istio-init container)'];
  const diags: Diagnostic[] = [];
  try {
    const pod = podParts(input.pod);
    const skip = skipReason(pod, input);
    if (skip) {
      why.push(`the CNI plugin skips this pod: ${skip}`);
      return emptyResult('none', why, diags);
    }
    const annotations = stringMap(pod.metadata.annotations);
    const proxy = findContainer(containers(pod.spec, 'containers'), 'istio-proxy') ?? findContainer(containers(pod.spec, 'initContainers'), 'istio-proxy');
    const proxyEnv = containerEnv(proxy);
    const cfg = defaultConfig();
    const origins: ConfigOrigins = {};
    cfg.cniMode = true;
    cfg.proxyPort = '15001';
    origins.proxyPort = { kind: 'cni-default', name: 'istio-cni', note: 'the CNI plugin always redirects outbound to 15001' };

    const fromAnnotation = (key: string, def: string, validate: Validator | undefined, field: keyof typeof cfg): string | undefined => {
      const v = annotations[key];
      if (v === undefined) {
        origins[field] = { kind: 'cni-default', name: key, note: `annotation absent: ${JSON.stringify(def)}` };
        return def;
      }
      const problem = validate?.(v);
      if (problem) {
        diags.push(diagnostic('iptables', 'error', `annotation ${key}=${JSON.stringify(v)}: ${problem} (the CNI plugin fails the pod's network setup)`));
        return undefined;
      }
      origins[field] = { kind: 'annotation', name: key };
      return v;
    };

    const mode = fromAnnotation(ANNOTATIONS.interceptionMode, 'REDIRECT', A.interceptionMode.cni, 'inboundInterceptionMode');
    const includeCidrs = fromAnnotation(ANNOTATIONS.includeOutboundIPRanges, '*', A.includeOutboundIPRanges.cni, 'outboundIPRangesInclude');
    const excludeCidrs = fromAnnotation(ANNOTATIONS.excludeOutboundIPRanges, '', A.excludeOutboundIPRanges.cni, 'outboundIPRangesExclude');
    const excludeIn = fromAnnotation(ANNOTATIONS.excludeInboundPorts, '15020', A.excludeInboundPorts.cni, 'inboundPortsExclude');
    const includeIn = fromAnnotation(ANNOTATIONS.includeInboundPorts, '*', A.includeInboundPorts.cni, 'inboundPortsInclude');
    const excludeOut = fromAnnotation(ANNOTATIONS.excludeOutboundPorts, '15020', A.excludeOutboundPorts.cni, 'outboundPortsExclude');
    const includeOut = fromAnnotation(ANNOTATIONS.includeOutboundPorts, '', A.includeOutboundPorts.cni, 'outboundPortsInclude');
    const release = (context.release ?? MASTER_BEHAVIOUR).cni;
    // Interface names are checked from 1.30; before, any string is taken.
    const excludeIfaces = fromAnnotation(ANNOTATIONS.excludeInterfaces, '', A.excludeInterfaces.cniWhen && !release[A.excludeInterfaces.cniWhen] ? () => undefined : A.excludeInterfaces.cni, 'excludeInterfaces');
    const reroute = rerouteInterfaces(annotations, release.rerouteInterfaces, fromAnnotation, why);
    if (diags.some((d) => d.severity === 'error')) return emptyResult('istio-cni', why, diags, origins);

    cfg.inboundInterceptionMode = mode!;
    cfg.outboundIPRangesInclude = includeCidrs!;
    cfg.outboundIPRangesExclude = excludeCidrs!;
    cfg.inboundPortsInclude = includeIn!;
    cfg.outboundPortsExclude = excludeOut!;
    cfg.outboundPortsInclude = includeOut!;
    cfg.excludeInterfaces = excludeIfaces!;
    cfg.rerouteVirtualInterfaces = reroute!;
    cfg.inboundPortsExclude = withFixedExcludes(excludeIn!);
    origins.inboundPortsExclude = { ...origins.inboundPortsExclude!, note: 'the plugin always appends 15020,15021,15090 (duplicates dropped)' };

    // The plugin's own config picks the backend (values.global.nativeNftables sets native_nftables).
    const cniConf = asRecord(input.cniConfig);
    if (cniConf.native_nftables === true) {
      cfg.nativeNftables = true;
      origins.nativeNftables = { kind: 'setting', name: 'istio-cni plugin config native_nftables', ...(input.nativeNftablesNote ? { note: input.nativeNftablesNote } : {}) };
    } else {
      origins.nativeNftables = { kind: 'cni-default', name: 'istio-cni plugin config native_nftables', note: 'not set: iptables' };
    }

    const sc = asRecord(proxy?.securityContext);
    for (const [field, key] of [['proxyUID', 'runAsUser'], ['proxyGID', 'runAsGroup']] as const) {
      const id = numberOrUndefined(sc[key]);
      if (id !== undefined && id !== 0) {
        cfg[field] = String(id);
        origins[field] = { kind: 'container', name: `istio-proxy securityContext.${key}` };
      } else {
        cfg[field] = '1337';
        origins[field] = { kind: 'cni-default', name: `istio-proxy securityContext.${key}`, note: id === 0 ? `${key} 0 means 1337` : `no ${key}: 1337` };
      }
    }

    for (const [envName, fields] of [['ISTIO_META_DNS_CAPTURE', ['redirectDNS', 'captureAllDNS']], ['ISTIO_DUAL_STACK', ['dualStack']], ['INVALID_DROP', ['dropInvalid']]] as const) {
      const v = proxyEnv[envName];
      if (v === undefined) continue;
      const b = parseGoBool(v);
      if (b === undefined) diags.push(diagnostic('iptables', 'warning', `istio-proxy env ${envName}=${JSON.stringify(v)} is not a boolean: treated as false`));
      for (const f of fields) {
        cfg[f] = b ?? false;
        origins[f] = { kind: 'container', name: `istio-proxy env ${envName}` };
      }
    }
    if (cfg.redirectDNS) why.push('istio-proxy has ISTIO_META_DNS_CAPTURE: the CNI plugin captures all DNS (capture-all-dns), not just resolv.conf servers');
    why.push(`interception mode ${cfg.inboundInterceptionMode} (${origins.inboundInterceptionMode?.kind === 'annotation' ? 'annotation' : 'default'})`);

    return captureFromConfig('istio-cni', cfg, origins, input.pluginEnv ?? {}, familyContext(withPrevResultIPs(context, input.cniConfig), release, why), why, diags);
  } catch (err) {
    diags.push(diagnostic('iptables', 'error', `internal error: ${messageOf(err)}`));
    return emptyResult('istio-cni', why, diags);
  }
}

/**
 * The virtual interfaces whose traffic is rerouted (`-k`), as each release's plugin reads them:
 * kubevirtInterfaces only (≤1.24); reroute-virtual-interfaces read after kubevirtInterfaces and
 * overwriting it with "" when absent (1.25.0–1.26.4, 1.27.0–1.27.1, so kubevirt alone gives no
 * `-k`); reroute-virtual-interfaces if present, else kubevirtInterfaces (later).
 */
function rerouteInterfaces(
  annotations: Record<string, string>,
  how: ReleaseBehaviour['cni']['rerouteInterfaces'],
  fromAnnotation: (key: string, def: string, validate: Validator | undefined, field: 'rerouteVirtualInterfaces') => string | undefined,
  why: string[],
): string | undefined {
  const any = () => undefined;
  if (how === 'kubevirtOnly') return fromAnnotation(ANNOTATIONS.kubevirtInterfaces, '', any, 'rerouteVirtualInterfaces');
  if (how === 'rerouteOverwrites') {
    const kubevirt = annotations[ANNOTATIONS.kubevirtInterfaces];
    if (kubevirt !== undefined && annotations[ANNOTATIONS.rerouteVirtualInterfaces] === undefined && kubevirt !== '') {
      why.push(`this release reads ${ANNOTATIONS.rerouteVirtualInterfaces} after ${ANNOTATIONS.kubevirtInterfaces} and overwrites it with "" when absent: no -k`);
    }
    return fromAnnotation(ANNOTATIONS.rerouteVirtualInterfaces, '', any, 'rerouteVirtualInterfaces');
  }
  return annotations[ANNOTATIONS.rerouteVirtualInterfaces] !== undefined
    ? fromAnnotation(ANNOTATIONS.rerouteVirtualInterfaces, '', any, 'rerouteVirtualInterfaces')
    : fromAnnotation(ANNOTATIONS.kubevirtInterfaces, '', any, 'rerouteVirtualInterfaces');
}

/** The plugin appends the agent/health/stats ports and drops duplicates, keeping first occurrences. */
function withFixedExcludes(annotation: string): string {
  let s = annotation.trim();
  if (s.length > 0 && !s.endsWith(',')) s += ',';
  s += '15020,15021,15090';
  return [...new Set(s.split(','))].join(',');
}

/**
 * istio-cni 1.22 read its environment before entering the pod's network namespace, so IPv6 on or
 * off (and the host IP) follow the node's first address, not the pod's.
 */
function familyContext(ctx: CaptureContext, release: ReleaseBehaviour['cni'], why: string[]): CaptureContext {
  if (!release.ipv6FromNode) return ctx;
  if (ctx.nodeIPs?.length) {
    why.push('this release\'s CNI plugin detects IPv6 from the node\'s addresses, before entering the pod');
    return { ...ctx, podIPs: ctx.nodeIPs };
  }
  why.push('this release\'s CNI plugin detects IPv6 from the node\'s addresses; no node address was given, so the pod\'s are used');
  return ctx;
}

/** Without given pod IPs, the addresses earlier plugins in the chain assigned (prevResult.ips) are the pod's. */
function withPrevResultIPs(ctx: CaptureContext, cniConfig: unknown): CaptureContext {
  if (ctx.podIPs) return ctx;
  const ips = asRecord(asRecord(cniConfig).prevResult).ips;
  if (!Array.isArray(ips)) return ctx;
  const addrs = ips.map((ip) => asRecord(ip).address).filter((a): a is string => typeof a === 'string');
  return addrs.length ? { ...ctx, podIPs: addrs } : ctx;
}
