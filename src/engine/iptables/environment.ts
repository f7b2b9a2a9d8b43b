/**
 * What istio-iptables learns from the machine after reading its flags (FillConfigFromEnvironment):
 * env-only knobs, the proxy uid fallback, IPv6 detection from the pod's addresses, and the DNS
 * servers of resolv.conf. The simulator takes the machine's answers from a CaptureContext.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { DEFAULT_PROXY_UID, type CaptureConfig, type ConfigOrigins } from './config.ts';
import { ENV_ONLY } from './flags.ts';
import { ownerGroupFilter } from './lists.ts';
import { formatAddr, isLinkLocal, isLoopback, parseAddr, parsePrefix, unmap } from '../go/index.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';

/** What the real program would read from the machine rather than from its input. */
export interface CaptureContext {
  /** Interface addresses of the pod's network namespace in interface order (loopback may be omitted). */
  podIPs?: string[];
  /** The node's interface addresses: istio-cni 1.22 detects IPv6 from them (before entering the pod). */
  nodeIPs?: string[];
  /** The nameserver entries of the pod's /etc/resolv.conf; [] = none. */
  resolvConf?: string[];
  /** DNS server lists given verbatim (used raw in the rules); when present they replace resolvConf. */
  dnsServers?: { v4: string[]; v6: string[] };
  /** The passwd table: user name → uid, for ENVOY_USER (default istio-proxy) when -u is not given. */
  users?: Record<string, string>;
  /** The group table: group name → gid, for the kernel view of `--gid-owner name`. */
  groups?: Record<string, number>;
  /** When the kernel view is taken (its `#` lines print it); without it the listing is deterministic (the epoch). */
  now?: Date | number;
  /** The Istio release whose istio-iptables (and istio-cni) runs (src/engine/releases); master when absent. */
  release?: ReleaseBehaviour;
}

export type Env = Record<string, string | undefined>;

const has = (env: Env, name: string) => Object.prototype.hasOwnProperty.call(env, name) && env[name] !== undefined;

/** Applies the env-only knobs, the uid/gid fallbacks, IPv6 detection and DNS server discovery. */
export function fillFromEnvironment(cfg: CaptureConfig, origins: ConfigOrigins, env: Env, ctx: CaptureContext, diags: Diagnostic[], why: string[]): void {
  for (const field of ['ownerGroupsInclude', 'ownerGroupsExclude', 'hostIPv4LoopbackCidr'] as const) {
    const { env: name, def } = ENV_ONLY[field];
    if (has(env, name)) {
      cfg[field] = env[name]!;
      origins[field] = { kind: 'env', name };
    } else {
      cfg[field] = def;
      origins[field] = { kind: 'default', name };
    }
  }

  if (cfg.proxyUID === '') {
    const user = has(env, ENV_ONLY.envoyUser.env) ? env[ENV_ONLY.envoyUser.env]! : ENV_ONLY.envoyUser.def;
    const uid = ctx.users?.[user];
    cfg.proxyUID = uid ?? DEFAULT_PROXY_UID;
    origins.proxyUID = uid !== undefined
      ? { kind: 'context', name: `user ${user}`, note: `no -u: uid of user ${user}` }
      : { kind: 'derived', name: 'ENVOY_USER', note: `no -u and no user ${JSON.stringify(user)}: falls back to ${DEFAULT_PROXY_UID}` };
  }
  if (cfg.proxyGID === '') {
    cfg.proxyGID = cfg.proxyUID;
    origins.proxyGID = { kind: 'derived', name: 'proxy-uid', note: 'no -g: same as the proxy uid' };
  }

  detectFamily(cfg, origins, ctx, diags, why);

  if (cfg.redirectDNS && !cfg.captureAllDNS) {
    if (ctx.dnsServers) {
      cfg.dnsServersV4 = [...ctx.dnsServers.v4];
      cfg.dnsServersV6 = [...ctx.dnsServers.v6];
      origins.dnsServersV4 = origins.dnsServersV6 = { kind: 'context', name: 'dnsServers' };
    } else {
      if (!ctx.resolvConf) {
        diags.push(diagnostic('iptables', 'info', 'DNS redirection reads the DNS servers from /etc/resolv.conf, and none was given: assuming it lists no nameservers'));
      }
      const { v4, v6 } = splitServers(ctx.resolvConf ?? []);
      cfg.dnsServersV4 = v4;
      cfg.dnsServersV6 = v6;
      origins.dnsServersV4 = origins.dnsServersV6 = { kind: 'context', name: '/etc/resolv.conf' };
    }
    why.push(`DNS servers from ${origins.dnsServersV4?.name}: ${[...cfg.dnsServersV4, ...cfg.dnsServersV6].join(', ') || 'none'}`);
  }
}

/** IPsSplitV4V6: each parseable nameserver in Go's canonical text, split by family. */
export function splitServers(servers: string[]): { v4: string[]; v6: string[] } {
  const v4: string[] = [];
  const v6: string[] = [];
  for (const s of servers) {
    const a = parseAddr(s);
    if (!a.ok) continue;
    (a.value.family === 4 ? v4 : v6).push(formatAddr(a.value));
  }
  return { v4, v6 };
}

function detectFamily(cfg: CaptureConfig, origins: ConfigOrigins, ctx: CaptureContext, diags: Diagnostic[], why: string[]): void {
  if (!ctx.podIPs) {
    diags.push(diagnostic('iptables', 'info', 'no pod IPs given: assuming an IPv4 pod (no ip6tables rules)'));
    why.push('no pod IPs given: assumed IPv4 only');
    return;
  }
  let found: string | undefined;
  let ipv6 = false;
  for (const raw of ctx.podIPs.slice(0, 256)) {
    const a = parseAddr(raw.includes('/') ? raw.slice(0, raw.indexOf('/')) : raw);
    if (!a.ok) {
      diags.push(diagnostic('iptables', 'warning', `pod IP ${JSON.stringify(raw)} is not an IP address: ${a.error}`));
      continue;
    }
    const addr = unmap(a.value);
    if (isLoopback(addr) || isLinkLocal(addr)) continue;
    ipv6 = addr.family === 6;
    found ??= formatAddr(addr);
    if (!cfg.dualStack || ipv6) break;
  }
  if (found === undefined) {
    diags.push(diagnostic('iptables', 'error', 'no valid local IP address found (every pod IP is loopback or link-local)'));
    return;
  }
  cfg.hostIP = found;
  cfg.enableIPv6 = ipv6;
  origins.hostIP = origins.enableIPv6 = { kind: 'context', name: 'podIPs' };
  why.push(ipv6
    ? (cfg.dualStack ? 'dual-stack and the pod has an IPv6 address: IPv4 and IPv6 rules' : `first pod address ${found} is IPv6: IPv4 and IPv6 rules`)
    : `first pod address ${found} is IPv4: IPv4 rules only`);
}

/** Config.Validate and the checks Run makes before emitting anything. */
export function validateConfig(cfg: CaptureConfig, diags: Diagnostic[], release: ReleaseBehaviour['iptables'] = MASTER_BEHAVIOUR.iptables): void {
  const filter = ownerGroupFilter(cfg.ownerGroupsInclude, cfg.ownerGroupsExclude);
  if (!filter.except && filter.values.length > 64) {
    diags.push(diagnostic('iptables', 'error', `number of owner groups whose outgoing traffic should be redirected to Envoy cannot exceed 64, got ${filter.values.length}`));
  }
  const lo = parsePrefix(cfg.hostIPv4LoopbackCidr);
  if (!lo.ok) {
    diags.push(diagnostic('iptables', 'error', `failed to parse CIDR ${cfg.hostIPv4LoopbackCidr}: ${lo.error}`));
  } else if (lo.value.addr.family !== 4 || !isLoopback(lo.value.addr)) {
    diags.push(diagnostic('iptables', 'error', `expected valid IPv4 loopback address in CIDR ${cfg.hostIPv4LoopbackCidr}; found ${formatAddr(lo.value.addr)}`));
  } else if (lo.value.bits < 8 || lo.value.bits > 32) {
    diags.push(diagnostic('iptables', 'error', `expected CIDR ${cfg.hostIPv4LoopbackCidr} to have mask in range [8, 32]; found ${lo.value.bits}`));
  }
  if (release.forceIptablesBinaryFlag && !['', 'legacy', 'nft'].includes(cfg.forceIptablesBinary)) {
    diags.push(diagnostic('iptables', 'error', `invalid value for --force-iptables-binary: ${JSON.stringify(cfg.forceIptablesBinary)} (expected legacy or nft)`));
  }
}
