import { NEWEST_MINOR } from '../../releases/index.ts';

/**
 * The tag of master's chart, whose templates the built-in install carries: the development tag of
 * the minor after the newest release meshsim knows ("1.31-dev"), as Istio's own master values have
 * it. A pod it injects names master, so a later reading of that pod (meshsim iptables -f, the app
 * on a pasted injected pod) simulates the release that wrote it (releases.md §1.1: a dev tag is
 * master). A release tag here (it was 1.28.0) made inject | iptables simulate 1.28.0 while the app
 * simulated master for the same workload.
 */
export const BUILTIN_TAG = `1.${NEWEST_MINOR + 1}-dev`;

/**
 * The values meshsim's built-in install injects with: the settings of a default Istio install that
 * the templates and the injector read (spec §8.1 lists them with their defaults). Images keep the
 * public hub's name; their tag is master's (BUILTIN_TAG).
 */
export function builtinValues(): Record<string, unknown> {
  return {
    revision: '',
    global: {
      hub: 'docker.io/istio',
      tag: BUILTIN_TAG,
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
