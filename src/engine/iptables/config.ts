import type { SettingOrigin } from '../netfilter/index.ts';

/**
 * The configuration istio-iptables generates rules from (the Go program's config.Config), with its
 * defaults, and where each value came from so the UI can point at the flag, env var or annotation.
 */

export interface CaptureConfig {
  proxyPort: string;
  inboundCapturePort: string;
  inboundTunnelPort: string;
  proxyUID: string;
  proxyGID: string;
  inboundInterceptionMode: string;
  inboundTProxyMark: string;
  inboundTProxyRouteTable: string;
  inboundPortsInclude: string;
  inboundPortsExclude: string;
  ownerGroupsInclude: string;
  ownerGroupsExclude: string;
  outboundPortsInclude: string;
  outboundPortsExclude: string;
  outboundIPRangesInclude: string;
  outboundIPRangesExclude: string;
  rerouteVirtualInterfaces: string;
  excludeInterfaces: string;
  iptablesProbePort: number;
  probeTimeout: string;
  dryRun: boolean;
  skipRuleApply: boolean;
  runValidation: boolean;
  redirectDNS: boolean;
  dropInvalid: boolean;
  captureAllDNS: boolean;
  enableIPv6: boolean;
  dnsServersV4: string[];
  dnsServersV6: string[];
  networkNamespace: string;
  cniMode: boolean;
  dualStack: boolean;
  /** The pod address istio-iptables detected ("" when none). */
  hostIP: string;
  hostIPv4LoopbackCidr: string;
  reconcile: boolean;
  cleanupOnly: boolean;
  forceApply: boolean;
  nativeNftables: boolean;
  forceIptablesBinary: string;
  /** `-f`/`--restore-format` (1.22–1.23): false applies each rule with its own iptables command. */
  restoreFormat: boolean;
  /** `--iptables-trace-logging` (1.22–1.25): NFLOG rules before the tagged ones (1.22–1.24). */
  traceLogging: boolean;
}

export type ConfigField = keyof CaptureConfig;

/** Where a configuration value came from. `name` is the flag, env var, annotation, etc. */
export type ValueOrigin = SettingOrigin;

export type ConfigOrigins = Partial<Record<ConfigField, ValueOrigin>>;

export const DEFAULT_PROXY_UID = '1337';

/** config.DefaultConfig(): the values before any env var or flag is read. */
export function defaultConfig(): CaptureConfig {
  return {
    proxyPort: '15001',
    inboundCapturePort: '15006',
    inboundTunnelPort: '15008',
    proxyUID: '',
    proxyGID: '',
    inboundInterceptionMode: '',
    inboundTProxyMark: '1337',
    inboundTProxyRouteTable: '133',
    inboundPortsInclude: '',
    inboundPortsExclude: '',
    ownerGroupsInclude: '*',
    ownerGroupsExclude: '',
    outboundPortsInclude: '',
    outboundPortsExclude: '',
    outboundIPRangesInclude: '',
    outboundIPRangesExclude: '',
    rerouteVirtualInterfaces: '',
    excludeInterfaces: '',
    iptablesProbePort: 15002,
    probeTimeout: '5s',
    dryRun: false,
    skipRuleApply: false,
    runValidation: false,
    redirectDNS: false,
    dropInvalid: false,
    captureAllDNS: false,
    enableIPv6: false,
    dnsServersV4: [],
    dnsServersV6: [],
    networkNamespace: '',
    cniMode: false,
    dualStack: false,
    hostIP: '',
    hostIPv4LoopbackCidr: '127.0.0.1/32',
    reconcile: false,
    cleanupOnly: false,
    forceApply: false,
    nativeNftables: false,
    forceIptablesBinary: '',
    restoreFormat: true,
    traceLogging: false,
  };
}

/** Only this exact spelling selects TPROXY; "tproxy", "REDIRECT" and "" all mean REDIRECT. */
export function isTproxy(cfg: CaptureConfig): boolean {
  return cfg.inboundInterceptionMode === 'TPROXY';
}
