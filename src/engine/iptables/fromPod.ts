/**
 * Entry for an injected pod (or a workload's pod template): an `istio-init` container means the pod
 * programs its own rules with those args; otherwise a sidecar pod injected for CNI (an
 * `istio-validation` init container, or just `istio-proxy`) gets its rules from the CNI plugin.
 */
import { diagnostic, messageOf } from '../diagnostics.ts';
import { captureRulesForArgs, emptyResult } from './capture.ts';
import type { CaptureContext } from './environment.ts';
import { captureRulesForCni, type CniInput } from './fromCni.ts';
import { asRecord, containerEnv, containers, findContainer, podParts, stringList, stringMap } from './podShape.ts';
import type { CaptureResult } from './result.ts';

export interface PodCaptureOptions {
  context?: CaptureContext;
  /** What the CNI plugin would be given, for pods injected for CNI (defaults: the pod's own name/namespace). */
  cni?: Omit<CniInput, 'pod'>;
  /** Extra environment laid over the istio-init container's own env (e.g. from the CLI's --env). */
  extraEnv?: Record<string, string>;
  /** The kubelet's --cluster-dns addresses, for the resolv.conf of ClusterFirst pods (default 10.96.0.10). */
  clusterDns?: string[];
}

export const DEFAULT_CLUSTER_DNS = ['10.96.0.10'];

export function captureRulesForPod(pod: unknown, options: PodCaptureOptions = {}): CaptureResult {
  const dns = withPodResolvConf(options.context ?? {}, pod, options.clusterDns ?? DEFAULT_CLUSTER_DNS);
  const ctx = withStatusIPs(dns.ctx, pod);
  try {
    const { metadata, spec, kind } = podParts(pod);
    const inits = containers(spec, 'initContainers');
    const regular = containers(spec, 'containers');
    const lead = kind === 'Pod' ? [] : [`read the pod template of the ${kind}`];
    const init = findContainer(inits, 'istio-init') ?? findContainer(regular, 'istio-init');
    if (init) {
      const command = stringList(init.command) ?? [];
      const args = stringList(init.args) ?? [];
      const argv = [...command, ...args];
      const result = captureRulesForArgs(argv, { ...containerEnv(init), ...options.extraEnv }, ctx, 'istio-init');
      result.entry = 'istio-init';
      if (result.backend === 'nftables' && argv.some((a) => a === '--native-nftables' || a.startsWith('--native-nftables='))) {
        const was = result.backendWhy;
        result.backendWhy = `${was} in the istio-init container's args (the injection template adds it when values.global.nativeNftables is true)`;
        result.why = result.why.map((w) => (w === was ? result.backendWhy : w));
      }
      result.why = [...lead, 'entry path: the pod has an istio-init container; its args are the istio-iptables command line and its env the environment', ...result.why.slice(1)];
      if (result.config?.redirectDNS && !result.config.captureAllDNS && dns.note) result.why.push(dns.note);
      return result;
    }
    const proxy = findContainer(regular, 'istio-proxy') ?? findContainer(inits, 'istio-proxy');
    if (proxy && stringMap(metadata.annotations)['sidecar.istio.io/interceptionMode'] === 'NONE') {
      return emptyResult('none', [...lead, 'interception mode NONE: the injector adds no istio-init container and no traffic is captured'], []);
    }
    if (proxy || findContainer(inits, 'istio-validation')) {
      const validation = findContainer(inits, 'istio-validation');
      const cni: Omit<CniInput, 'pod'> = { ...options.cni };
      // istio-validation carries --native-nftables when values.global.nativeNftables is set, and the
      // same value sets the CNI plugin's native_nftables; without the plugin's config, that is the evidence.
      const cniConfig = asRecord(cni.cniConfig);
      const validationArgs = [...(stringList(validation?.command) ?? []), ...(stringList(validation?.args) ?? [])];
      if (cniConfig.native_nftables === undefined && validationArgs.includes('--native-nftables')) {
        cni.cniConfig = { ...cniConfig, native_nftables: true };
        cni.nativeNftablesNote = 'inferred: the istio-validation container has --native-nftables, which values.global.nativeNftables adds; that value also sets the plugin';
      }
      const result = captureRulesForCni({ ...cni, pod }, ctx);
      result.why = [
        ...lead,
        validation
          ? 'the pod has an istio-validation container instead of istio-init: it was injected for the istio-cni plugin, which programs the rules'
          : 'the pod has an istio-proxy sidecar but no istio-init container: the istio-cni plugin programs the rules',
        ...result.why,
      ];
      return result;
    }
    return emptyResult('none', [...lead, 'the pod has neither an istio-init container nor an istio-proxy sidecar: it is not injected, so no traffic is captured'], []);
  } catch (err) {
    return emptyResult('none', [], [diagnostic('iptables', 'error', `internal error: ${messageOf(err)}`)]);
  }
}

/** Without given pod IPs, a pod's own status.podIPs (or status.podIP) are the addresses of its netns. */
function withStatusIPs(ctx: CaptureContext, pod: unknown): CaptureContext {
  if (ctx.podIPs) return ctx;
  const status = asRecord(asRecord(pod).status);
  const ips = Array.isArray(status.podIPs) ? status.podIPs.map((p) => asRecord(p).ip).filter((ip): ip is string => typeof ip === 'string') : [];
  if (!ips.length && typeof status.podIP === 'string') ips.push(status.podIP);
  return ips.length ? { ...ctx, podIPs: ips } : ctx;
}

/**
 * Without a given resolv.conf, the one the kubelet writes: the cluster DNS for ClusterFirst (the
 * default), then spec.dnsConfig.nameservers; only the latter for dnsPolicy None.
 */
function withPodResolvConf(ctx: CaptureContext, pod: unknown, clusterDns: string[]): { ctx: CaptureContext; note?: string } {
  if (ctx.resolvConf || ctx.dnsServers) return { ctx };
  const { spec } = podParts(pod);
  const policy = typeof spec.dnsPolicy === 'string' ? spec.dnsPolicy : 'ClusterFirst';
  const extra = stringList(asRecord(spec.dnsConfig).nameservers) ?? [];
  const hostNetwork = spec.hostNetwork === true;
  let servers: string[];
  if (policy === 'None') servers = extra;
  else if (policy === 'Default' || (policy === 'ClusterFirst' && hostNetwork)) return { ctx, note: `dnsPolicy ${policy}: the pod inherits the node's resolv.conf, which is unknown here` };
  else servers = [...clusterDns, ...extra];
  return { ctx: { ...ctx, resolvConf: servers }, note: `resolv.conf as the kubelet writes it for dnsPolicy ${policy}: nameserver ${servers.join(', ') || '(none)'}` };
}
