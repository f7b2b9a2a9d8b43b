/**
 * The istio-iptables command line: every flag with its shorthand, value type, environment variables
 * and the configuration field it sets, in the order the program registers them.
 */
import type { PflagDef, PflagType } from '../go/index.ts';
import type { ConfigField } from './config.ts';
import { MASTER_BEHAVIOUR, type ReleaseBehaviour } from '../releases/index.ts';

export type FlagType = PflagType;

export interface FlagDef extends PflagDef {
  /** The configuration field it sets; undefined for flags accepted but without effect here. */
  field?: ConfigField;
  /** Env var read at bind time (UPPER_SNAKE of the name); absent for plain-bound flags (-p). */
  env?: string;
  /** A second env var read after the first, so it wins over it. */
  additionalEnv?: string;
  /** Whether the value can change the generated rules. */
  affectsRules: boolean;
  help: string;
}

const envOf = (name: string) => name.toUpperCase().replace(/-/g, '_');

function bindEnv(name: string, short: string | undefined, type: FlagType, field: ConfigField, affectsRules: boolean, help: string, additionalEnv?: string): FlagDef {
  return { name, short, type, field, env: envOf(name), additionalEnv, affectsRules, help };
}

export const ISTIO_IPTABLES_FLAGS: readonly FlagDef[] = [
  { name: 'envoy-port', short: 'p', type: 'string', field: 'proxyPort', affectsRules: true, help: 'port all outbound TCP is redirected to' },
  bindEnv('inbound-capture-port', 'z', 'string', 'inboundCapturePort', true, 'port all inbound TCP is redirected to'),
  bindEnv('inbound-tunnel-port', 'e', 'string', 'inboundTunnelPort', true, 'HBONE tunnel port, never captured'),
  bindEnv('proxy-uid', 'u', 'string', 'proxyUID', true, 'uid(s) whose traffic is not captured'),
  bindEnv('proxy-gid', 'g', 'string', 'proxyGID', true, 'gid(s) whose traffic is not captured'),
  bindEnv('istio-inbound-interception-mode', 'm', 'string', 'inboundInterceptionMode', true, 'REDIRECT or TPROXY'),
  bindEnv('istio-inbound-ports', 'b', 'string', 'inboundPortsInclude', true, 'inbound ports to capture, * for all'),
  bindEnv('istio-local-exclude-ports', 'd', 'string', 'inboundPortsExclude', true, 'inbound ports not captured when -b is *'),
  bindEnv('istio-exclude-interfaces', 'c', 'string', 'excludeInterfaces', true, 'interfaces never captured'),
  bindEnv('istio-service-cidr', 'i', 'string', 'outboundIPRangesInclude', true, 'outbound CIDRs to capture, * for all'),
  bindEnv('istio-service-exclude-cidr', 'x', 'string', 'outboundIPRangesExclude', true, 'outbound CIDRs not captured'),
  bindEnv('istio-outbound-ports', 'q', 'string', 'outboundPortsInclude', true, 'outbound ports always captured'),
  bindEnv('istio-local-outbound-ports-exclude', 'o', 'string', 'outboundPortsExclude', true, 'outbound ports never captured'),
  bindEnv('kube-virt-interfaces', 'k', 'string', 'rerouteVirtualInterfaces', true, 'virtual interfaces whose inbound traffic is treated as outbound'),
  bindEnv('istio-inbound-tproxy-mark', 't', 'string', 'inboundTProxyMark', true, 'TPROXY packet mark'),
  bindEnv('istio-inbound-tproxy-route-table', 'r', 'string', 'inboundTProxyRouteTable', false, 'TPROXY policy-routing table'),
  bindEnv('dry-run', 'n', 'bool', 'dryRun', false, 'do not call iptables'),
  bindEnv('iptables-probe-port', undefined, 'uint16', 'iptablesProbePort', false, 'validation listen port'),
  bindEnv('probe-timeout', undefined, 'duration', 'probeTimeout', false, 'validation timeout'),
  bindEnv('skip-rule-apply', undefined, 'bool', 'skipRuleApply', false, 'do not apply rules'),
  bindEnv('run-validation', undefined, 'bool', 'runValidation', false, 'validate the rules'),
  bindEnv('redirect-dns', undefined, 'bool', 'redirectDNS', true, 'capture DNS to the agent on :15053', 'ISTIO_META_DNS_CAPTURE'),
  bindEnv('drop-invalid', undefined, 'bool', 'dropInvalid', true, 'drop conntrack-INVALID packets', 'INVALID_DROP'),
  bindEnv('dual-stack', undefined, 'bool', 'dualStack', true, 'IPv4 and IPv6 redirects', 'ISTIO_DUAL_STACK'),
  bindEnv('capture-all-dns', undefined, 'bool', 'captureAllDNS', true, 'capture all port-53 traffic, not just to the resolv.conf servers'),
  bindEnv('network-namespace', undefined, 'string', 'networkNamespace', false, 'netns to apply rules in'),
  bindEnv('cni-mode', undefined, 'bool', 'cniMode', false, 'running inside the CNI plugin'),
  bindEnv('reconcile', undefined, 'bool', 'reconcile', false, 'reconcile drifted rules'),
  bindEnv('cleanup-only', undefined, 'bool', 'cleanupOnly', false, 'only remove rules'),
  bindEnv('force-apply', undefined, 'bool', 'forceApply', false, 'apply even if rules look present'),
  bindEnv('native-nftables', undefined, 'bool', 'nativeNftables', false, 'use nftables instead of iptables'),
  bindEnv('force-iptables-binary', undefined, 'string', 'forceIptablesBinary', false, 'legacy or nft'),
];

/**
 * The flags of one release's istio-iptables (releases.md §3.4): `-f`/`--restore-format` until 1.23,
 * `--iptables-trace-logging` until 1.25, `--reconcile`/`--cleanup-only`/`--force-apply` from 1.24,
 * `--native-nftables` from 1.27, `--force-iptables-binary` from 1.28. A flag the release lacks is
 * an unknown flag to it.
 */
export function iptablesFlagsFor(release: ReleaseBehaviour['iptables'] = MASTER_BEHAVIOUR.iptables): readonly FlagDef[] {
  const without = new Set<string>();
  if (!release.reconcileFlags) ['reconcile', 'cleanup-only', 'force-apply'].forEach((f) => without.add(f));
  if (!release.nativeNftablesFlag) without.add('native-nftables');
  if (!release.forceIptablesBinaryFlag) without.add('force-iptables-binary');
  const out = ISTIO_IPTABLES_FLAGS.filter((f) => !without.has(f.name));
  if (release.restoreFormatFlag) out.push(bindEnv('restore-format', 'f', 'bool', 'restoreFormat', true, 'apply the rules with iptables-restore (false: one iptables command per rule)'));
  if (release.traceLogging !== 'removed') out.push(bindEnv('iptables-trace-logging', undefined, 'bool', 'traceLogging', release.traceLogging === 'rules', 'log the packets of the main rules with NFLOG'));
  return out;
}

/** Logging flags pilot-agent's root command lends every subcommand; accepted, no effect on rules. */
export const INHERITED_LOG_FLAGS: readonly FlagDef[] = [
  ...['log_output_level', 'log_stacktrace_level', 'log_caller', 'log_target', 'log_rotate', 'log_rotate_max_age', 'log_rotate_max_size', 'log_rotate_max_backups']
    .map((name): FlagDef => ({ name, type: 'string', affectsRules: false, help: 'pilot-agent logging option' })),
  { name: 'log_as_json', type: 'bool', affectsRules: false, help: 'pilot-agent logging option' },
];

/** Env-only settings, read unconditionally after the flags (FillConfigFromEnvironment). */
export const ENV_ONLY = {
  ownerGroupsInclude: { env: 'ISTIO_OUTBOUND_OWNER_GROUPS', def: '*' },
  ownerGroupsExclude: { env: 'ISTIO_OUTBOUND_OWNER_GROUPS_EXCLUDE', def: '' },
  hostIPv4LoopbackCidr: { env: 'ISTIO_OUTBOUND_IPV4_LOOPBACK_CIDR', def: '127.0.0.1/32' },
  envoyUser: { env: 'ENVOY_USER', def: 'istio-proxy' },
} as const;
