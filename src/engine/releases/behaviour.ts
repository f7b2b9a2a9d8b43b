/**
 * Every switch in which one Istio release behaves differently from another (releases.md). Code that
 * differs by release reads these; it never compares version strings itself. The values here are
 * plain data (they cross the worker boundary with the result).
 */
export interface ReleaseBehaviour {
  kubeInject: {
    /**
     * apimachinery before v0.34 marshals a zero ObjectMeta.creationTimestamp as `null`, so
     * kube-inject prints `creationTimestamp: null` in every metadata of the typed tree (§2).
     */
    creationTimestampNull: boolean;
  };
  nativeSidecars: {
    /**
     * How the shipped template and istiod decide (§5): `env` — istiod's ENABLE_NATIVE_SIDECARS is
     * exactly "true" (1.22–1.23, the pod annotation is ignored); `annotationOrEnv` — the annotation
     * `sidecar.istio.io/nativeSidecar` if set, else that env (1.24–1.26); `decision` — istiod's own
     * decision (true/false/auto with node versions) handed to the template as `.NativeSidecars` (1.27+).
     */
    mode: 'env' | 'annotationOrEnv' | 'decision';
    /** What a cluster of current Kubernetes nodes gets when nothing is set: off before 1.27, auto (on) after. */
    defaultOn: boolean;
  };
  templates: {
    /** Template data fields the release has; a template naming another one fails to render. */
    nativeSidecarsField: boolean;
    proxyInitImageField: boolean;
    /** Istio template functions added after 1.22 (§4.1). */
    omitNil: boolean;
    otelResourceAttributes: boolean;
    /** sprig v3.3.0 (1.24+) added sha512sum. */
    sha512sum: boolean;
    /** appendMultusNetwork matches and inserts {"name","namespace"} pairs (§4.2). */
    multusNamespaceAware: boolean;
  };
  injection: {
    /** `sidecar.istio.io/inject` value reading (§6.1): any non-yes value is "no" (lenient) or only true/false count (strict). */
    injectValue: 'lenient' | 'strict';
    /** 1.22.0's overlay rule: a user istio-proxy's runAsUser/runAsGroup dropped when the template's runAsUser is set and not 1337 (§6.3). */
    dropUserRunAsUserOnOverlay: boolean;
    /** 1.22.1+: istio-init's `-u` and istio-validation's user follow a user istio-proxy's runAsUser (§6.3). */
    adjustInitContainerUser: boolean;
    /** OpenShift: a user istio-proxy with the app's runAsUser loses it (§6.3): never, scanning containers, or containers then initContainers. */
    openshiftClearProxyUser: 'never' | 'containers' | 'containersAndInit';
    /** Unreadable `values`: 1.22 renders with no values, 1.23+ rejects the pod (§6.5). */
    unparsableValues: 'renderWithout' | 'reject';
    /** ProxyConfig `image` set at all replaces global.variant with its imageType, even "" (1.22–1.30); master uses it only when non-empty. */
    imageTypeFromAnyProxyConfigImage: boolean;
  };
  validation: {
    /** `sidecar.istio.io/enableCoreDump` must be a Go bool (1.22–1.24). */
    enableCoreDump: boolean;
    /** proxyCPU/Memory(+Limit) annotations: no control characters, valid quantity (1.27.6+, 1.28.4+). */
    proxyResources: boolean;
    /** excludeInterfaces / kubevirtInterfaces / reroute-virtual-interfaces are interface names (1.30+). */
    interfaceNames: boolean;
  };
  probes: {
    /** lifecycle preStop/postStart httpGet and tcpSocket handlers go through the agent too (1.25+). */
    lifecycleHooks: boolean;
    /** Re-injection of a pod whose proxy has no ISTIO_KUBE_APP_PROBERS adds it (1.27+). */
    reinjectionAddsProbers: boolean;
  };
  prometheus: {
    /** `prometheus.istio.io/scrape-targets` and the port check of `prometheus.io/port` (master). */
    scrapeTargets: boolean;
    /** `prometheus.istio.io/secure-port` from ENVOY_SECURE_MERGED_METRICS_PORT (master). */
    securePort: boolean;
  };
  proxyConfig: {
    /** fileFlushInterval, fileFlushMinSizeKb, statsCompression are known (1.29+); an older release drops them. */
    fileFlushAndStatsCompression: boolean;
    /** connectionSettings is known and validated (master). */
    connectionSettings: boolean;
  };
  iptables: {
    /** A bad `-i`/`-x` entry: skipped with a warning (≤1.26) or an error (1.27+). */
    badCidr: 'ignore' | 'error';
    /** 1.22: the restore payload's table blocks come in Go map order (any); 1.23+: sorted by name. */
    tableOrder: 'unordered' | 'sorted';
    /** `-f`/`--restore-format` exists (1.22–1.23). */
    restoreFormatFlag: boolean;
    /** `--reconcile`, `--cleanup-only`, `--force-apply` exist (1.24+). */
    reconcileFlags: boolean;
    /** `--iptables-trace-logging`: NFLOG rules (1.22–1.24), accepted without effect (1.25), gone (1.26+). */
    traceLogging: 'rules' | 'noop' | 'removed';
    /** The NFLOG prefix is Go-quoted (1.22–1.23) or bare (1.24). */
    traceLoggingQuotedPrefix: boolean;
    /** `--native-nftables` exists (1.27+). */
    nativeNftablesFlag: boolean;
    /** `--force-iptables-binary` exists (1.28+). */
    forceIptablesBinaryFlag: boolean;
    /** mangle drop of INVALID packets: a DROP rule (1.22–1.23) or the ISTIO_DROP chain (1.24+). */
    dropInvalidChain: boolean;
    /** nat OUTPUT jumps to ISTIO_OUTPUT for tcp only (≤1.24) or for everything (1.25+). */
    outputJumpTcpOnly: boolean;
    /** Each `-o` port also gets a udp RETURN (1.25+). */
    outboundPortUdpReturn: boolean;
    /**
     * DNS capture rules: `legacy` — tcp redirect in ISTIO_OUTPUT plus the udp block after the CIDR
     * rules (≤1.24); `chains` — the ISTIO_OUTPUT_DNS chains (1.25+).
     */
    dns: 'legacy' | 'chains';
    /** Where the legacy udp block writes: the built-in OUTPUT chains (1.22) or ISTIO_OUTPUT jumped to by udp (1.23–1.24). */
    legacyDnsChains: 'builtin' | 'istioOutput';
    /** DNS capture needs capture-all or a server (1.25+); before, `--redirect-dns` alone turns it on. */
    dnsNeedsServers: boolean;
    /** 1.22: an extra `-A ISTIO_OUTPUT -j RETURN` after a non-wildcard include-CIDR list. */
    includeCidrTrailingReturn: boolean;
    /** A failing ip6tables is only a warning when IPv6 is off (1.27.2+). */
    ip6tablesOptional: boolean;
  };
  cni: {
    /** Where IPv6 is detected: the node (1.22) or inside the pod (1.23+). */
    ipv6FromNode: boolean;
    /** `-k`: kubevirt annotation only (≤1.24), the reroute annotation overwriting it even when absent (1.25.0–1.26.4, 1.27.0–1.27.1), reroute else kubevirt (after). */
    rerouteInterfaces: 'kubevirtOnly' | 'rerouteOverwrites' | 'rerouteElseKubevirt';
    /** Interface-name annotations are validated (1.30+). */
    interfaceNames: boolean;
  };
}

/** A part of the behaviour, for a row of the release table. */
export type BehaviourChange = { [K in keyof ReleaseBehaviour]?: Partial<ReleaseBehaviour[K]> };
