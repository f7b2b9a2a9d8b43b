import { CNI_CHECKS, ISTIOD_CHECKS, type AnnotationCheck } from './annotationChecks.ts';

/**
 * Istio's pod labels and annotations, once: each one's name, what it is for, which of Istio's
 * programs check its value and how (istiod's injection webhook, the istio-cni plugin: see
 * annotationChecks.ts), and which parts of meshsim read it. Code that reads one names it through
 * this registry, so adding an annotation is one entry here plus the code that acts on it;
 * `istioAnnotations.test.ts` fails when an engine source names an Istio label or annotation that
 * is not here.
 */

/** The parts of meshsim that read a label or annotation (each a folder of src/engine). */
export type AnnotationReader = 'admission' | 'injection' | 'template' | 'capture' | 'cni' | 'ambient' | 'audit' | 'releases';

/** Release switches (ReleaseBehaviour.validation for istiod, ReleaseBehaviour.cni for the plugin) under which a check runs. */
export type IstiodCheckSwitch = 'enableCoreDump' | 'proxyResources' | 'interfaceNames';
export type CniCheckSwitch = 'interfaceNames';

export interface IstioAnnotation {
  name: string;
  /** Where Kubernetes carries it. */
  on: 'annotation' | 'label' | 'label or annotation';
  summary: string;
  readBy: readonly AnnotationReader[];
  /** How istiod checks it before it renders the injection; 'proxyConfig': as a ProxyConfig (mesh/). */
  istiod?: AnnotationCheck | 'proxyConfig';
  /** The release switch without which istiod does not check it (every release checks it when absent). */
  istiodWhen?: IstiodCheckSwitch;
  /** How the istio-cni plugin checks it before it writes the pod's rules. */
  cni?: AnnotationCheck;
  cniWhen?: CniCheckSwitch;
}

const entry = (name: string, on: IstioAnnotation['on'], summary: string, readBy: readonly AnnotationReader[], checks: Partial<Pick<IstioAnnotation, 'istiod' | 'istiodWhen' | 'cni' | 'cniWhen'>> = {}): IstioAnnotation => ({
  name, on, summary, readBy, ...checks,
});

export const ISTIO_ANNOTATIONS = {
  // Who injects, and whether.
  inject: entry('sidecar.istio.io/inject', 'label or annotation', 'opts a pod in or out of sidecar injection', ['admission', 'injection', 'cni', 'ambient', 'audit']),
  rev: entry('istio.io/rev', 'label', 'the revision (or tag) of istiod that injects the pod or namespace', ['admission', 'ambient', 'audit', 'releases']),
  tag: entry('istio.io/tag', 'label', 'the revision tag a webhook configuration serves', ['admission', 'audit']),
  deactivated: entry('istio.io/deactivated', 'label', 'a webhook configuration that matches nothing (an inactive tag)', ['admission']),
  status: entry('sidecar.istio.io/status', 'annotation', 'written by istiod: what the injection added (templates, containers, volumes)', ['injection', 'cni', 'ambient', 'audit']),
  templates: entry('inject.istio.io/templates', 'annotation', 'the injection templates to render instead of the default', ['injection', 'audit']),
  nativeSidecar: entry('sidecar.istio.io/nativeSidecar', 'annotation', 'runs istio-proxy as a native sidecar (an init container that keeps running)', ['injection', 'releases']),
  overrides: entry('proxy.istio.io/overrides', 'annotation', 'written by istiod: the user fields of istio-proxy it kept over the template', ['injection']),
  unvalidated: entry('sidecar.istio.io/unvalidated', 'annotation', 'no longer read: istiod once skipped annotation checks for it', []),
  // The proxy's settings.
  proxyConfig: entry('proxy.istio.io/config', 'annotation', 'ProxyConfig overrides for this pod', ['injection', 'template'], { istiod: 'proxyConfig' }),
  proxyImageType: entry('sidecar.istio.io/proxyImageType', 'annotation', 'the proxy image flavour (default, debug, distroless)', ['injection']),
  proxyCPU: entry('sidecar.istio.io/proxyCPU', 'annotation', "istio-proxy's CPU request", ['template'], { istiod: ISTIOD_CHECKS.quantity, istiodWhen: 'proxyResources' }),
  proxyMemory: entry('sidecar.istio.io/proxyMemory', 'annotation', "istio-proxy's memory request", ['template'], { istiod: ISTIOD_CHECKS.quantity, istiodWhen: 'proxyResources' }),
  proxyCPULimit: entry('sidecar.istio.io/proxyCPULimit', 'annotation', "istio-proxy's CPU limit", ['template'], { istiod: ISTIOD_CHECKS.quantity, istiodWhen: 'proxyResources' }),
  proxyMemoryLimit: entry('sidecar.istio.io/proxyMemoryLimit', 'annotation', "istio-proxy's memory limit", ['template'], { istiod: ISTIOD_CHECKS.quantity, istiodWhen: 'proxyResources' }),
  enableCoreDump: entry('sidecar.istio.io/enableCoreDump', 'annotation', 'lets istio-proxy write core dumps', ['template'], { istiod: ISTIOD_CHECKS.bool, istiodWhen: 'enableCoreDump' }),
  statusPort: entry('status.sidecar.istio.io/port', 'annotation', "the agent's status port (0 turns readiness off)", ['injection', 'template'], { istiod: ISTIOD_CHECKS.statusPort }),
  readinessInitialDelay: entry('readiness.status.sidecar.istio.io/initialDelaySeconds', 'annotation', "istio-proxy's readiness probe delay", ['template'], { istiod: ISTIOD_CHECKS.uint32 }),
  readinessPeriod: entry('readiness.status.sidecar.istio.io/periodSeconds', 'annotation', "istio-proxy's readiness probe period", ['template'], { istiod: ISTIOD_CHECKS.uint32 }),
  readinessFailureThreshold: entry('readiness.status.sidecar.istio.io/failureThreshold', 'annotation', "istio-proxy's readiness failure threshold", ['template'], { istiod: ISTIOD_CHECKS.uint32 }),
  rewriteAppHTTPProbers: entry('sidecar.istio.io/rewriteAppHTTPProbers', 'annotation', "sends the app's HTTP probes through the agent", ['injection']),
  network: entry('topology.istio.io/network', 'label', "the pod's network, for multi-network meshes", ['injection']),
  // Prometheus merge.
  mergeMetrics: entry('prometheus.istio.io/merge-metrics', 'annotation', "merges the app's metrics into the agent's", ['injection'], { istiod: ISTIOD_CHECKS.bool }),
  scrapeTargets: entry('prometheus.istio.io/scrape-targets', 'annotation', 'which metrics the merged endpoint scrapes', ['injection']),
  securePort: entry('prometheus.istio.io/secure-port', 'annotation', "the app's TLS metrics port", ['injection']),
  // Traffic capture (istio-iptables' flags, istio-cni's settings).
  interceptionMode: entry('sidecar.istio.io/interceptionMode', 'annotation', 'how inbound traffic is captured: REDIRECT, TPROXY or NONE', ['injection', 'template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.interceptionMode, cni: CNI_CHECKS.interceptionMode }),
  includeOutboundIPRanges: entry('traffic.sidecar.istio.io/includeOutboundIPRanges', 'annotation', 'the outbound CIDRs that are captured (* for all)', ['template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.includeIPRanges, cni: CNI_CHECKS.cidrListOrAll }),
  excludeOutboundIPRanges: entry('traffic.sidecar.istio.io/excludeOutboundIPRanges', 'annotation', 'outbound CIDRs that bypass the proxy', ['template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.excludeIPRanges, cni: CNI_CHECKS.cidrList }),
  includeInboundPorts: entry('traffic.sidecar.istio.io/includeInboundPorts', 'annotation', 'the inbound ports that are captured (* for all)', ['template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.includeInboundPorts, cni: CNI_CHECKS.portList }),
  excludeInboundPorts: entry('traffic.sidecar.istio.io/excludeInboundPorts', 'annotation', 'inbound ports that bypass the proxy', ['template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.excludeInboundPorts, cni: CNI_CHECKS.portList }),
  includeOutboundPorts: entry('traffic.sidecar.istio.io/includeOutboundPorts', 'annotation', 'outbound ports captured whatever their address', ['template', 'capture', 'cni'], { cni: CNI_CHECKS.portList }),
  excludeOutboundPorts: entry('traffic.sidecar.istio.io/excludeOutboundPorts', 'annotation', 'outbound ports that bypass the proxy', ['template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.excludeOutboundPorts, cni: CNI_CHECKS.portList }),
  excludeInterfaces: entry('traffic.sidecar.istio.io/excludeInterfaces', 'annotation', 'interfaces whose traffic is not captured', ['template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.excludeInterfaces, istiodWhen: 'interfaceNames', cni: CNI_CHECKS.interfaces, cniWhen: 'interfaceNames' }),
  kubevirtInterfaces: entry('traffic.sidecar.istio.io/kubevirtInterfaces', 'annotation', 'virtual-machine interfaces whose traffic is rerouted (older name)', ['template', 'capture', 'cni'], { istiod: ISTIOD_CHECKS.kubevirtInterfaces, istiodWhen: 'interfaceNames' }),
  rerouteVirtualInterfaces: entry('istio.io/reroute-virtual-interfaces', 'annotation', 'virtual-machine interfaces whose traffic is rerouted', ['template', 'capture', 'cni', 'ambient'], { istiod: ISTIOD_CHECKS.rerouteVirtualInterfaces, istiodWhen: 'interfaceNames' }),
  // Read by the sidecar template only (and written by it).
  proxyImage: entry('sidecar.istio.io/proxyImage', 'annotation', "istio-proxy's image", ['template']),
  bootstrapOverride: entry('sidecar.istio.io/bootstrapOverride', 'annotation', "a ConfigMap with Envoy bootstrap overrides", ['template']),
  userVolume: entry('sidecar.istio.io/userVolume', 'annotation', 'extra volumes for the pod, as JSON', ['template']),
  userVolumeMount: entry('sidecar.istio.io/userVolumeMount', 'annotation', "extra volume mounts for istio-proxy, as JSON", ['template']),
  logLevel: entry('sidecar.istio.io/logLevel', 'annotation', "Envoy's log level", ['template']),
  componentLogLevel: entry('sidecar.istio.io/componentLogLevel', 'annotation', "Envoy's per-component log levels", ['template']),
  agentLogLevel: entry('sidecar.istio.io/agentLogLevel', 'annotation', "the agent's log levels", ['template']),
  capNetBindService: entry('sidecar.istio.io/capNetBindService', 'annotation', 'gives istio-proxy NET_BIND_SERVICE', ['template']),
  canonicalName: entry('service.istio.io/canonical-name', 'label', "the workload's canonical service name (defaulted by the template)", ['template']),
  canonicalRevision: entry('service.istio.io/canonical-revision', 'label', "the workload's canonical revision (defaulted by the template)", ['template']),
  workloadName: entry('service.istio.io/workload-name', 'label', "the workload's name for telemetry", ['template']),
  tlsMode: entry('security.istio.io/tlsMode', 'label', 'written by the template: the pod accepts Istio mTLS', ['template']),
  tunnel: entry('networking.istio.io/tunnel', 'label', 'written by the template: the pod accepts HBONE tunnels', ['template']),
  // Ambient mode.
  dataplaneMode: entry('istio.io/dataplane-mode', 'label', 'enrols a pod or namespace in ambient mode (ambient, none)', ['ambient', 'cni', 'audit']),
  redirection: entry('ambient.istio.io/redirection', 'annotation', "written by the node agent: the pod's capture state (enabled, pending)", ['ambient', 'audit']),
  bypassInboundCapture: entry('ambient.istio.io/bypass-inbound-capture', 'annotation', "ambient: inbound traffic is not captured", ['ambient']),
  dnsCapture: entry('ambient.istio.io/dns-capture', 'annotation', "ambient: whether the pod's DNS goes to ztunnel", ['ambient']),
  useWaypoint: entry('istio.io/use-waypoint', 'label', 'the waypoint proxy that serves the pod, namespace or service', ['ambient']),
  useWaypointNamespace: entry('istio.io/use-waypoint-namespace', 'label', "the namespace of the waypoint named by istio.io/use-waypoint", ['ambient']),
} satisfies Record<string, IstioAnnotation>;

export type IstioAnnotationId = keyof typeof ISTIO_ANNOTATIONS;

const BY_NAME = new Map<string, IstioAnnotation>(Object.values(ISTIO_ANNOTATIONS).map((a) => [a.name, a]));

/** The registry's entry for a label or annotation name, if Istio's. */
export function istioAnnotation(name: string): IstioAnnotation | undefined {
  return BY_NAME.get(name);
}

/** Every registered label and annotation. */
export const ALL_ISTIO_ANNOTATIONS: readonly IstioAnnotation[] = [...BY_NAME.values()];
