/**
 * The values meshsim's built-in install injects with: the settings of a default Istio install that
 * the templates and the injector read (spec §8.1 lists them with their defaults). Images point at
 * the public release hub.
 */
export function builtinValues(): Record<string, unknown> {
  return {
    revision: '',
    global: {
      hub: 'docker.io/istio',
      tag: '1.28.0',
      variant: '',
      istioNamespace: 'istio-system',
      pilotCertProvider: 'istiod',
      caAddress: '',
      caName: '',
      meshID: '',
      network: '',
      multiCluster: { clusterName: '' },
      imagePullPolicy: '',
      imagePullSecrets: [],
      logAsJson: false,
      logging: { level: 'default:info' },
      mountMtlsCerts: false,
      nativeNftables: false,
      sds: { token: { aud: 'istio-ca' } },
      sts: { servicePort: 0 },
      proxy: {
        image: 'proxyv2',
        autoInject: 'enabled',
        clusterDomain: 'cluster.local',
        logLevel: 'warning',
        componentLogLevel: 'misc:error',
        includeIPRanges: '*',
        excludeIPRanges: '',
        includeInboundPorts: '*',
        excludeInboundPorts: '',
        includeOutboundPorts: '',
        excludeOutboundPorts: '',
        statusPort: 15020,
        readinessInitialDelaySeconds: 0,
        readinessPeriodSeconds: 15,
        readinessFailureThreshold: 4,
        startupProbe: { enabled: true, failureThreshold: 600 },
        privileged: false,
        seccompProfile: {},
        outlierLogPath: '',
        tracer: 'none',
        resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '2000m', memory: '1024Mi' } },
      },
      proxy_init: { image: 'proxyv2', forceApplyIptables: false },
    },
    pilot: { cni: { enabled: false, provider: 'default' }, env: {} },
    gateways: { securityContext: {}, seccompProfile: {} },
    sidecarInjectorWebhook: { rewriteAppHTTPProbe: true, templates: {}, defaultTemplates: [], injectedAnnotations: {} },
  };
}

/** The mesh document of a default install (applied over Istio's MeshConfig defaults). */
export function builtinMesh(): Record<string, unknown> {
  return {
    trustDomain: 'cluster.local',
    rootNamespace: 'istio-system',
    enablePrometheusMerge: true,
    defaultProviders: { metrics: ['prometheus'] },
    defaultConfig: { discoveryAddress: 'istiod.istio-system.svc:15012' },
  };
}
