/**
 * The release table: how Istio 1.22.0 behaves, then one row per change since, each with the
 * releases it shipped in (releases.md, which names the upstream commit of every row). A release's
 * behaviour is 1.22.0's with every row whose range holds it applied in order. The next release is
 * new rows here (and its corpus); nothing else compares versions.
 */
import type { BehaviourChange, ReleaseBehaviour } from './behaviour.ts';
import type { ReleaseRange } from './range.ts';

export const BASE_1_22_0: ReleaseBehaviour = {
  kubeInject: { creationTimestampNull: true },
  nativeSidecars: { mode: 'env', defaultOn: false },
  templates: { nativeSidecarsField: false, proxyInitImageField: false, omitNil: false, otelResourceAttributes: false, sha512sum: false, multusNamespaceAware: false },
  injection: {
    injectValue: 'lenient',
    dropUserRunAsUserOnOverlay: true,
    adjustInitContainerUser: false,
    openshiftClearProxyUser: 'never',
    unparsableValues: 'renderWithout',
    imageTypeFromAnyProxyConfigImage: true,
  },
  validation: { enableCoreDump: true, proxyResources: false, interfaceNames: false },
  probes: { lifecycleHooks: false, reinjectionAddsProbers: false },
  prometheus: { scrapeTargets: false, securePort: false },
  proxyConfig: { fileFlushAndStatsCompression: false, connectionSettings: false },
  iptables: {
    badCidr: 'ignore',
    tableOrder: 'unordered',
    restoreFormatFlag: true,
    reconcileFlags: false,
    traceLogging: 'rules',
    traceLoggingQuotedPrefix: true,
    nativeNftablesFlag: false,
    forceIptablesBinaryFlag: false,
    dropInvalidChain: false,
    outputJumpTcpOnly: true,
    outboundPortUdpReturn: false,
    dns: 'legacy',
    legacyDnsChains: 'builtin',
    dnsNeedsServers: false,
    includeCidrTrailingReturn: true,
    ip6tablesOptional: false,
  },
  cni: { ipv6FromNode: true, rerouteInterfaces: 'kubevirtOnly', interfaceNames: false },
};

export interface ReleaseRow extends ReleaseRange {
  /** What changed, in a few words (shown in the UI next to the release). */
  what: string;
  /** releases.md section and the upstream change. */
  ref: string;
  set: BehaviourChange;
}

export const RELEASE_ROWS: readonly ReleaseRow[] = [
  // 1.22 patches
  { from: ['1.22.1'], what: 'istio-init and istio-validation run as a user istio-proxy’s runAsUser', ref: '§6.3 bc5efed #51012', set: { injection: { dropUserRunAsUserOnOverlay: false, adjustInitContainerUser: true } } },

  // 1.23
  { from: ['1.23'], what: 'unreadable injector values reject the pod', ref: '§6.5 a5def0e #51228', set: { injection: { unparsableValues: 'reject' } } },
  { from: ['1.23'], what: 'iptables-restore tables sorted by name', ref: '§3.1 6b67a1d #51492', set: { iptables: { tableOrder: 'sorted' } } },
  { from: ['1.23'], what: 'no trailing RETURN after the include-CIDR rules', ref: '§3.2 S19 fa8b7af #51352', set: { iptables: { includeCidrTrailingReturn: false } } },
  { from: ['1.23'], what: 'UDP DNS rules in ISTIO_OUTPUT, jumped to from OUTPUT', ref: '§3.3 b2e7ae0 #50915', set: { iptables: { legacyDnsChains: 'istioOutput' } } },
  { from: ['1.23'], what: 'istio-cni detects IPv6 inside the pod', ref: '§3.5', set: { cni: { ipv6FromNode: false } } },
  { from: ['1.23.1'], what: 'OpenShift: a user istio-proxy with the app’s UID loses it', ref: '§6.3 a44a073 #52613', set: { injection: { openshiftClearProxyUser: 'containers' } } },
  { from: ['1.23.6', '1.24.4', '1.25.1'], what: 'Multus networks matched by name and namespace', ref: '§4.2 f8794cc #55000', set: { templates: { multusNamespaceAware: true } } },

  // 1.24
  { from: ['1.24'], what: 'sidecar.istio.io/nativeSidecar annotation honoured', ref: '§5 78f4c95 #53490', set: { nativeSidecars: { mode: 'annotationOrEnv' } } },
  { from: ['1.24'], what: 'sprig 3.3 (sha512sum)', ref: '§4.1', set: { templates: { sha512sum: true } } },
  { from: ['1.24'], what: 'istio-iptables: restore only, --reconcile/--cleanup-only/--force-apply, ISTIO_DROP chain, bare NFLOG prefix', ref: '§3.1 9a85305 #53066, §3.2 S4, §3.4', set: { iptables: { restoreFormatFlag: false, reconcileFlags: true, dropInvalidChain: true, traceLoggingQuotedPrefix: false } } },

  // 1.25
  { from: ['1.25'], what: 'enableCoreDump annotation no longer validated', ref: '§6.2 8cce528 #53830', set: { validation: { enableCoreDump: false } } },
  { from: ['1.25'], what: 'lifecycle hooks rewritten to the agent', ref: '§6.4 0e30509 #53654', set: { probes: { lifecycleHooks: true } } },
  { from: ['1.25'], what: 'istio-iptables: OUTPUT jumps for all protocols, udp RETURN per -o port, ISTIO_OUTPUT_DNS chains, DNS needs servers, trace logging a no-op', ref: '§3.2 f4d72e7 #53998', set: { iptables: { outputJumpTcpOnly: false, outboundPortUdpReturn: true, dns: 'chains', dnsNeedsServers: true, traceLogging: 'noop' } } },
  { from: ['1.25'], what: 'istio-cni: istio.io/reroute-virtual-interfaces overwrites kubevirtInterfaces', ref: '§3.5', set: { cni: { rerouteInterfaces: 'rerouteOverwrites' } } },
  { from: ['1.26.5', '1.27.2'], what: 'istio-cni: kubevirtInterfaces used when reroute-virtual-interfaces is absent', ref: '§3.5 124886f #57686', set: { cni: { rerouteInterfaces: 'rerouteElseKubevirt' } } },

  // 1.26
  { from: ['1.26'], what: '--iptables-trace-logging removed', ref: '§3.4', set: { iptables: { traceLogging: 'removed' } } },

  // 1.27
  { from: ['1.27'], what: 'native sidecars decided by istiod (auto by node version) as .NativeSidecars', ref: '§5 #56918', set: { nativeSidecars: { mode: 'decision', defaultOn: true }, templates: { nativeSidecarsField: true } } },
  { from: ['1.27'], what: 'sidecar.istio.io/inject accepts only true and false', ref: '§6.1 331d32e #56737', set: { injection: { injectValue: 'strict' } } },
  { from: ['1.27'], what: 'OpenShift user check scans initContainers too', ref: '§6.3', set: { injection: { openshiftClearProxyUser: 'containersAndInit' } } },
  { from: ['1.27'], what: 're-injection adds ISTIO_KUBE_APP_PROBERS', ref: '§6.4 25e8af9 #56103', set: { probes: { reinjectionAddsProbers: true } } },
  { from: ['1.27'], what: 'istio-iptables: a bad CIDR is an error; --native-nftables', ref: '§3.2 S0 11d3fd6 #56997, §3.4', set: { iptables: { badCidr: 'error', nativeNftablesFlag: true } } },
  { from: ['1.27.2'], what: 'ip6tables optional when IPv6 is off', ref: '§3.1 b99e068 #57200', set: { iptables: { ip6tablesOptional: true } } },
  { from: ['1.27.6', '1.28.4'], what: 'proxy resource annotations validated', ref: '§6.2 #58928', set: { validation: { proxyResources: true } } },

  // 1.28
  { from: ['1.28'], what: 'kube-inject omits a zero creationTimestamp (apimachinery v0.34)', ref: '§2 96dcbbfb93a #57693', set: { kubeInject: { creationTimestampNull: false } } },
  { from: ['1.28'], what: 'istio-iptables --force-iptables-binary', ref: '§3.4', set: { iptables: { forceIptablesBinaryFlag: true } } },
  { from: ['1.28.6', '1.29.1'], what: 'template function omitNil', ref: '§4.1 6e94bdd #58824', set: { templates: { omitNil: true } } },

  // 1.29
  { from: ['1.29'], what: 'ProxyConfig fileFlushInterval, fileFlushMinSizeKb, statsCompression', ref: '§7', set: { proxyConfig: { fileFlushAndStatsCompression: true } } },

  // 1.30
  { from: ['1.30'], what: 'template function otelResourceAttributes', ref: '§4.1 6521f8a #59207', set: { templates: { otelResourceAttributes: true } } },
  { from: ['1.30'], what: 'interface-name annotations validated (injector and istio-cni)', ref: '§6.2 §3.5 76b606f #58785', set: { validation: { interfaceNames: true }, cni: { interfaceNames: true } } },

  // master
  { from: ['master'], what: '.ProxyInitImage; ProxyConfig imageType only when set', ref: '§6.5 7869c00 #59292', set: { templates: { proxyInitImageField: true }, injection: { imageTypeFromAnyProxyConfigImage: false } } },
  { from: ['master'], what: 'prometheus.istio.io/scrape-targets and secure-port', ref: '§6.5 2ba573d #59924, abc5498 #60430', set: { prometheus: { scrapeTargets: true, securePort: true } } },
  { from: ['master'], what: 'ProxyConfig connectionSettings', ref: '§7', set: { proxyConfig: { connectionSettings: true } } },
];
