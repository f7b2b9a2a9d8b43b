import { decideAmbient, podOverrides, readAmbientNamespace, readAmbientPod, resolveCniSettings, type ResolvedCniSettings } from '../ambient/index.ts';
import { captureTraffic } from '../traffic/index.ts';
import { inPodRules, type InPodRules } from './ambientRules.ts';
import type { DumpObject } from './readDump.ts';
import type { CaptureSummary } from './types.ts';

type Obj = Record<string, any>;

/** istio-cni's settings as the audit knows them, and whether they are the dump's own. */
export interface AuditCni {
  resolved: ResolvedCniSettings;
  /** Istio's ambient profile, taken because the dump has no istio-cni-config ConfigMap but enrolled pods. */
  assumed: boolean;
}

/** A running pod istio-cni's node agent enrolled, in a dump's text (YAML or JSON). */
const ENROLLED = /ambient\.istio\.io\/redirection["']?\s*:\s*["']?enabled\b/;

/**
 * istio-cni's settings: from the dump's istio-cni-config ConfigMap; without one, Istio's ambient
 * profile when the dump shows the node agent at work (a pod it enrolled records
 * `ambient.istio.io/redirection: enabled`), as the app's Ambient tab and `meshsim check` take it
 * without a pasted ConfigMap; else none, and ambient is not installed.
 */
export function cniSettingsOf(objects: readonly DumpObject[], dumpText = ''): AuditCni | undefined {
  const cm = objects.find((o) => o.value.kind === 'ConfigMap' && o.value.metadata?.name === 'istio-cni-config');
  if (cm) return { resolved: resolveCniSettings({ configMap: { value: cm.value } }), assumed: false };
  return ENROLLED.test(dumpText) ? { resolved: resolveCniSettings(), assumed: true } : undefined;
}

const ASSUMED = " (istio-cni's settings taken as Istio's ambient profile: the dump has no istio-cni-config ConfigMap)";

function ambientSummary(r: InPodRules, cni: AuditCni, tail: string): CaptureSummary {
  return { dataPlane: 'ambient', by: "istio-cni's node agent", rules: r.rules, text: `ambient: ${r.rules} in-pod ${r.backend} rules installed by istio-cni's node agent${cni.assumed ? ASSUMED : ''}. ${tail}` };
}

/**
 * What captures an enrolled pod's traffic as it runs: the in-pod rules istio-cni's node agent
 * installed in its network namespace when it enrolled it, for the pod's own overrides.
 */
export function enrolledCapture(running: Obj, namespace: string, cni: AuditCni): CaptureSummary {
  const o = podOverrides(readAmbientPod(running, namespace));
  const r = inPodRules(cni.resolved, { ingressMode: o.ingressMode, dnsProxy: o.dnsProxy, virtualInterfaces: o.virtualInterfaces });
  return ambientSummary(r, cni, `The node agent enrolled the pod (ambient.istio.io/redirection: enabled) and sends its traffic to ztunnel.`);
}

/** A capture in a few words, for a table cell: "sidecar, 18 rules", "ambient, 18 in-pod rules", "none". */
export function captureWords(c: CaptureSummary): string {
  if (c.dataPlane === 'none') return 'none';
  if (!c.rules) return c.dataPlane;
  return c.dataPlane === 'ambient' ? `ambient, ${c.rules} in-pod rules` : `sidecar, ${c.rules} rules`;
}

/**
 * How a pod's traffic is captured: a sidecar's rules as istio-init or the istio-cni plugin would
 * install them (the Traffic panel's `captureTraffic`), else istio-cni's ambient decision on the pod
 * as it is created (`ambient/decideAmbient`) and, when it enrolls the pod, the in-pod rules the node
 * agent installs (`ambient/rules`), else nothing.
 */
export function captureOf(pod: Obj, injected: boolean, namespace: string, namespaceValue: Obj | undefined, cni: AuditCni | undefined): { summary: CaptureSummary; payload: string } {
  if (injected) {
    const c = captureTraffic(pod, 'ipv4');
    const rules = c.capture.payload.v4.split('\n').filter((l) => l.startsWith('-A ')).length;
    const by = c.capture.entry === 'istio-cni' ? 'the istio-cni plugin' : c.capture.entry === 'istio-init' ? 'istio-init' : 'nobody';
    const mode = c.capture.config?.inboundInterceptionMode;
    const text = rules ? `sidecar: ${rules} iptables rules installed by ${by}${mode ? ` (${mode})` : ''}` : 'sidecar without capture rules (interception mode NONE, or none could be derived)';
    return { summary: { dataPlane: 'sidecar', by, rules, ...(mode ? { mode } : {}), text }, payload: c.payload };
  }
  if (cni) {
    const decision = decideAmbient({ event: 'cni-add', pod: readAmbientPod(pod, namespace), namespace: readAmbientNamespace(namespaceValue ?? { metadata: { name: namespace } }, namespace), settings: cni.resolved.settings, rawPod: pod });
    if (decision.enrolled) {
      const r = inPodRules(cni.resolved, decision.podOverrides);
      return { summary: ambientSummary(r, cni, decision.text), payload: r.payload };
    }
    return { summary: { dataPlane: 'none', by: 'nobody', rules: 0, text: `not captured: no sidecar, and ${decision.text}` }, payload: '' };
  }
  return { summary: { dataPlane: 'none', by: 'nobody', rules: 0, text: 'not captured: no sidecar (the dump has no istio-cni-config ConfigMap, so no ambient mesh)' }, payload: '' };
}
