/**
 * What the CNI plugin does with a pod it does not hand to the node agent: its sidecar mode. It sets
 * up the sidecar's traffic capture (istio-iptables rules, in place of istio-init) only for a pod
 * istiod injected for CNI; the checks run in CmdAdd's order and the first that fails leaves the pod
 * alone. The rules themselves are the iptables model's (`captureRulesForCni`), not a copy.
 */
import { parseGoBool } from '../go/index.ts';
import { captureRulesForCni } from '../iptables/index.ts';
import { ISTIO_INIT, ISTIO_PROXY, SIDECAR_INJECT, SIDECAR_STATUS } from './names.ts';
import type { AmbientPod, PodContainer } from './pod.ts';
import type { StepValues } from './steps.ts';
import type { SeenValue } from '../admission/index.ts';

export type SidecarModeReason = 'ISTIO_INIT_PRESENT' | 'DISABLE_ENVOY' | 'NO_ISTIO_PROXY' | 'PROXY_TYPE_NOT_SIDECAR' | 'INJECT_DISABLED' | 'NO_SIDECAR_STATUS' | 'SIDECAR_REDIRECT';

export interface SidecarRedirect {
  /** istio-iptables -b */
  includeInboundPorts: string;
  /** istio-iptables -d (the plugin always appends 15020,15021,15090) */
  excludeInboundPorts: string;
  /** --dual-stack (istio-proxy env ISTIO_DUAL_STACK) */
  dualStack: boolean;
}

export interface SidecarModeResult {
  reason: SidecarModeReason;
  /** One sentence: why the plugin programs the sidecar's rules or leaves the pod alone. */
  detail: string;
  values: SeenValue[];
  redirect?: SidecarRedirect;
  /** The redirect could not be derived (a bad annotation): CmdAdd fails and the pod does not start. */
  error?: string;
}

/** The istio-proxy container: a regular container, or a native sidecar (an init container). */
export function proxyContainer(pod: AmbientPod): { container: PodContainer; field: 'containers' | 'initContainers'; index: number } | undefined {
  for (const field of ['containers', 'initContainers'] as const) {
    const index = pod[field].findIndex((c) => c.name === ISTIO_PROXY);
    if (index >= 0) return { container: pod[field][index], field, index };
  }
  return undefined;
}

export function sidecarMode(pod: AmbientPod, v: StepValues, rawPod: unknown): SidecarModeResult {
  const initAt = [...pod.containers.map((c, i) => ['containers', i, c] as const), ...pod.initContainers.map((c, i) => ['initContainers', i, c] as const)].find(([, , c]) => c.name === ISTIO_INIT);
  if (initAt) {
    return { reason: 'ISTIO_INIT_PRESENT', detail: `the pod has an ${ISTIO_INIT} container, which sets up its own rules: the plugin leaves it alone`, values: [v.pod(`${initAt[0]}[${initAt[1]}].name`, ['spec', initAt[0], initAt[1], 'name'], ISTIO_INIT)] };
  }
  const proxy = proxyContainer(pod);
  const disable = proxy?.container.env.DISABLE_ENVOY;
  if (proxy && disable !== undefined && parseGoBool(disable) === true) {
    const envIndex = proxy.container.envIndex.DISABLE_ENVOY;
    return { reason: 'DISABLE_ENVOY', detail: `${ISTIO_PROXY} has DISABLE_ENVOY=${disable}: the plugin leaves the pod alone`, values: [v.pod('istio-proxy env DISABLE_ENVOY', ['spec', proxy.field, proxy.index, 'env', envIndex], disable)] };
  }
  if (!proxy) return { reason: 'NO_ISTIO_PROXY', detail: `the pod has no ${ISTIO_PROXY} container: nothing for the plugin's sidecar mode to do`, values: [v.pod('spec.containers', ['spec', 'containers'], pod.containers.map((c) => c.name).join(', '))] };
  const args = proxy.container.args;
  if (args[0] === 'proxy' && args[1] !== undefined && args[1] !== 'sidecar') {
    return { reason: 'PROXY_TYPE_NOT_SIDECAR', detail: `${ISTIO_PROXY} runs as "proxy ${args[1]}", not a sidecar: the plugin leaves the pod alone`, values: [v.pod('istio-proxy args', ['spec', proxy.field, proxy.index, 'args'], args.join(' '))] };
  }
  const inject = SIDECAR_INJECT in pod.labels ? pod.labels[SIDECAR_INJECT] : pod.annotations[SIDECAR_INJECT];
  if (inject !== undefined && inject !== '' && parseGoBool(inject) === false) {
    const seen = SIDECAR_INJECT in pod.labels ? v.podLabel(SIDECAR_INJECT, pod.labels) : v.podAnnotation(SIDECAR_INJECT, pod.annotations);
    return { reason: 'INJECT_DISABLED', detail: `${SIDECAR_INJECT} is ${JSON.stringify(inject)}: the plugin leaves the pod alone`, values: [seen] };
  }
  if (!(SIDECAR_STATUS in pod.annotations)) {
    return { reason: 'NO_SIDECAR_STATUS', detail: `no ${SIDECAR_STATUS} annotation (istiod did not inject it): the plugin leaves the pod alone`, values: [v.podAnnotation(SIDECAR_STATUS, pod.annotations)] };
  }
  // The redirect is derived exactly as for the sidecar traffic view; ambient and exclusion were decided already.
  const capture = captureRulesForCni({ pod: rawPod, cniConfig: { ambient_enabled: false, exclude_namespaces: [] }, cniArgs: { K8S_POD_NAME: pod.name || 'pod', K8S_POD_NAMESPACE: pod.namespace || 'default' } });
  const error = capture.diagnostics.find((d) => d.severity === 'error');
  const values = [v.podAnnotation(SIDECAR_STATUS, pod.annotations)];
  if (error || !capture.config) {
    return { reason: 'SIDECAR_REDIRECT', detail: `the plugin cannot derive the sidecar's rules: ${error?.message ?? 'no configuration'}; CmdAdd fails`, values, error: error?.message ?? 'no configuration' };
  }
  const redirect: SidecarRedirect = {
    includeInboundPorts: capture.config.inboundPortsInclude,
    excludeInboundPorts: capture.config.inboundPortsExclude,
    dualStack: capture.config.dualStack,
  };
  return { reason: 'SIDECAR_REDIRECT', detail: `an injected sidecar pod: the plugin programs its istio-iptables rules in the pod's network namespace (in place of istio-init)`, values, redirect };
}
