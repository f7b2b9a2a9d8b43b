import { decideAmbient, readAmbientNamespace, readAmbientPod, resolveCniSettings, type ResolvedCniSettings } from '../ambient/index.ts';
import { captureTraffic } from '../traffic/index.ts';
import { inPodRules } from './ambientRules.ts';
import type { DumpObject } from './readDump.ts';
import type { CaptureSummary } from './types.ts';

type Obj = Record<string, any>;

/** istio-cni's settings when the dump has its ConfigMap; without one, ambient is not installed. */
export function cniSettingsOf(objects: readonly DumpObject[]): ResolvedCniSettings | undefined {
  const cm = objects.find((o) => o.value.kind === 'ConfigMap' && o.value.metadata?.name === 'istio-cni-config');
  return cm ? resolveCniSettings({ configMap: { value: cm.value } }) : undefined;
}

/**
 * How a pod's traffic is captured: a sidecar's rules as istio-init or the istio-cni plugin would
 * install them (the Traffic panel's `captureTraffic`), else istio-cni's ambient decision on the pod
 * as it is created (`ambient/decideAmbient`) and, when it enrolls the pod, the in-pod rules the node
 * agent installs (`ambient/rules`), else nothing.
 */
export function captureOf(pod: Obj, injected: boolean, namespace: string, namespaceValue: Obj | undefined, cni: ResolvedCniSettings | undefined): { summary: CaptureSummary; payload: string } {
  if (injected) {
    const c = captureTraffic(pod, 'ipv4');
    const rules = c.capture.payload.v4.split('\n').filter((l) => l.startsWith('-A ')).length;
    const by = c.capture.entry === 'istio-cni' ? 'the istio-cni plugin' : c.capture.entry === 'istio-init' ? 'istio-init' : 'nobody';
    const mode = c.capture.config?.inboundInterceptionMode;
    const text = rules ? `sidecar: ${rules} iptables rules installed by ${by}${mode ? ` (${mode})` : ''}` : 'sidecar without capture rules (interception mode NONE, or none could be derived)';
    return { summary: { dataPlane: 'sidecar', by, rules, ...(mode ? { mode } : {}), text }, payload: c.payload };
  }
  if (cni) {
    const decision = decideAmbient({ event: 'cni-add', pod: readAmbientPod(pod, namespace), namespace: readAmbientNamespace(namespaceValue ?? { metadata: { name: namespace } }, namespace), settings: cni.settings, rawPod: pod });
    if (decision.enrolled) {
      const r = inPodRules(cni, decision.podOverrides);
      const rules = `${r.rules} in-pod ${r.backend} rules installed by istio-cni's node agent`;
      return { summary: { dataPlane: 'ambient', by: "istio-cni's node agent", rules: r.rules, text: `ambient: ${rules}. ${decision.text}` }, payload: r.payload };
    }
    return { summary: { dataPlane: 'none', by: 'nobody', rules: 0, text: `not captured: no sidecar, and ${decision.text}` }, payload: '' };
  }
  return { summary: { dataPlane: 'none', by: 'nobody', rules: 0, text: 'not captured: no sidecar (the dump has no istio-cni-config ConfigMap, so no ambient mesh)' }, payload: '' };
}
