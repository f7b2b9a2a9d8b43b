import { describe, expect, it } from 'vitest';
import { decideAmbient, type AmbientEvent } from './decide.ts';
import { readAmbientPod, type AmbientNamespace } from './pod.ts';
import { ambientProfileSettings, type IstioCniSettings } from './settings.ts';

const ns = (labels: Record<string, string> = {}, name = 'shop'): AmbientNamespace => ({ name, labels });
const pod = (meta: { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> } = {}, spec: Record<string, unknown> = {}, status: Record<string, unknown> = {}) =>
  readAmbientPod({ metadata: { name: 'app', namespace: 'shop', ...meta }, spec, status });
const AMBIENT = { 'istio.io/dataplane-mode': 'ambient' };
const RUNNING = { phase: 'Running', podIP: '192.0.2.10' };

function decide(event: AmbientEvent, p = pod(), n = ns(AMBIENT), over: Partial<IstioCniSettings> = {}, ctx: { nodeAgentReachable?: boolean; ztunnelReachable?: boolean } = {}) {
  return decideAmbient({ event, pod: p, namespace: n, settings: { ...ambientProfileSettings(), ...over }, ...ctx });
}

describe('decideAmbient on pod creation (cni-add)', () => {
  it.each([
    ['ambient namespace, plain pod', pod(), ns(AMBIENT), {}, true, 'SELECTOR_MATCH', 1],
    ['pod label in a plain namespace', pod({ labels: AMBIENT }), ns(), {}, true, 'SELECTOR_MATCH', 0],
    ['opted out with none', pod({ labels: { 'istio.io/dataplane-mode': 'none' } }), ns(AMBIENT), {}, false, 'NO_SELECTOR_MATCH', undefined],
    ['excluded before labels', pod({ namespace: 'kube-system', labels: AMBIENT }), ns({}, 'kube-system'), {}, false, 'EXCLUDED_NAMESPACE', undefined],
    ['ambient off', pod({ labels: AMBIENT }), ns(AMBIENT), { ambientEnabled: false }, false, 'AMBIENT_DISABLED', undefined],
    ['the agent itself', pod({ name: 'istio-cni-node-abc', namespace: 'istio-system' }), ns(AMBIENT, 'istio-system'), {}, false, 'CNI_AGENT_POD', undefined],
    ['agent prefix outside the agent namespace', pod({ name: 'istio-cni-node-abc' }), ns(AMBIENT), {}, true, 'SELECTOR_MATCH', 1],
    ['sidecar wins', pod({ annotations: { 'sidecar.istio.io/status': '{}' } }), ns(AMBIENT), {}, false, 'HAS_SIDECAR', undefined],
    ['hostNetwork before sidecar', pod({ annotations: { 'sidecar.istio.io/status': '{}' } }, { hostNetwork: true }), ns(AMBIENT), {}, false, 'HOST_NETWORK', undefined],
    ['annotation is not a label', pod({ annotations: AMBIENT }), ns(), {}, false, 'NO_SELECTOR_MATCH', undefined],
    ['retired redirection: disabled is no opt-out', pod({ annotations: { 'ambient.istio.io/redirection': 'disabled' } }), ns(AMBIENT), {}, true, 'SELECTOR_MATCH', 1],
  ])('%s', (_name, p, n, over, enrolled, reason, selectorIndex) => {
    const d = decide('cni-add', p, n, over);
    expect([d.enrolled, d.reason, d.selectorIndex]).toEqual([enrolled, reason, selectorIndex]);
    expect(d.steps.filter((s) => s.outcome === 'decisive').length).toBeGreaterThan(0);
  });

  it('warns about the retired opt-out annotation', () => {
    const d = decide('cni-add', pod({ annotations: { 'ambient.istio.io/redirection': 'disabled' } }));
    expect(d.diagnostics.map((x) => x.message).join()).toMatch(/istio\.io\/dataplane-mode=none/);
  });

  it('fails CmdAdd when the node agent cannot be reached, and leaves the pod pending without a ztunnel', () => {
    expect(decide('cni-add', pod(), ns(AMBIENT), {}, { nodeAgentReachable: false }).cniPlugin).toEqual({ action: 'ambient', reason: 'AMBIENT_POD', result: 'error' });
    const pending = decide('cni-add', pod(), ns(AMBIENT), {}, { ztunnelReachable: false });
    expect([pending.enrolled, pending.nodeAgent?.reason, pending.nodeAgent?.annotation]).toEqual([false, 'ENROLL_PENDING', 'pending']);
  });

  it('an invalid enablement selector enrolls nobody and says why', () => {
    const d = decide('cni-add', pod({ labels: AMBIENT }), ns(), { enablementSelectors: [{ podSelector: { matchExpressions: [{ key: 'a', operator: 'Sometimes' }] } }] });
    expect([d.enrolled, d.reason]).toEqual([false, 'INVALID_SELECTORS']);
    expect(d.diagnostics.some((x) => x.severity === 'error')).toBe(true);
  });

  it('names the pod that matched, or says "the pod" for a pod template (no name yet, no double space)', () => {
    expect(decide('cni-add', pod()).text).toMatch(/matches pod app in namespace shop \(/);
    const template = decide('cni-add', pod({ name: '' }));
    expect(template.text).toMatch(/matches the pod in namespace shop \(/);
    expect(template.text).not.toMatch(/ {2}/);
  });

  it('marks the selectors after the deciding one as not needed', () => {
    const d = decide('cni-add', pod({ labels: AMBIENT }), ns(AMBIENT));
    expect(d.steps.filter((s) => s.id.startsWith('cni:selector:')).map((s) => s.outcome)).toEqual(['decisive', 'skip']);
  });
});

describe('the node agent', () => {
  const enabled = { 'ambient.istio.io/redirection': 'enabled' };
  const pending = { 'ambient.istio.io/redirection': 'pending' };
  it.each([
    ['labelled, not yet captured → add', pod({}, {}, RUNNING), ns(AMBIENT), 'add', 'ENROLL', true],
    ['captured and still selected → nothing', pod({ annotations: enabled }, {}, RUNNING), ns(AMBIENT), 'none', 'NO_CHANGE', true],
    ['captured, namespace unlabelled → unenroll', pod({ annotations: enabled }, {}, RUNNING), ns(), 'remove', 'UNENROLL', false],
    ['pending and now opted out → unenroll', pod({ labels: { 'istio.io/dataplane-mode': 'none' }, annotations: pending }, {}, RUNNING), ns(AMBIENT), 'remove', 'UNENROLL', false],
    ['pending and still selected → add again', pod({ annotations: pending }, {}, RUNNING), ns(AMBIENT), 'add', 'ENROLL', true],
    ['no IP yet → skipped', pod(), ns(AMBIENT), 'none', 'NO_POD_IP', false],
    ['captured job finished → removed as deleted', pod({ annotations: enabled }, {}, { ...RUNNING, phase: 'Succeeded' }), ns(AMBIENT), 'remove', 'POD_TERMINATED', false],
    ['finished, never captured → nothing', pod({}, {}, { ...RUNNING, phase: 'Failed' }), ns(AMBIENT), 'none', 'NO_CHANGE', false],
  ])('update: %s', (_name, p, n, action, reason, enrolled) => {
    const d = decide('update', p, n);
    expect([d.nodeAgent?.action, d.nodeAgent?.reason, d.enrolled]).toEqual([action, reason, enrolled]);
    // The node agent's clause follows the decision's own sentence: one sentence, one full stop.
    expect(d.text).not.toMatch(/[.][;.]/);
  });

  it('delete removes a pod that is annotated, or selected though never annotated', () => {
    expect(decide('delete', pod({ annotations: pending }, {}, RUNNING), ns()).nodeAgent).toEqual({ action: 'remove', isDelete: true, reason: 'POD_DELETED', annotation: 'absent' });
    expect(decide('delete', pod({}, {}, RUNNING), ns(AMBIENT)).nodeAgent?.reason).toBe('POD_DELETED');
    expect(decide('delete', pod({}, {}, RUNNING), ns()).nodeAgent?.reason).toBe('NOT_IN_MESH');
  });

  it('the start-up snapshot holds running pods annotated enabled, never ztunnel itself', () => {
    expect(decide('snapshot', pod({ annotations: enabled }, {}, RUNNING)).inSnapshot).toBe(true);
    expect(decide('snapshot', pod({ labels: AMBIENT }, {}, RUNNING)).inSnapshot).toBe(false);
    const zt = pod({ name: 'ztunnel-x', namespace: 'istio-system', labels: { app: 'ztunnel' }, annotations: enabled }, {}, RUNNING);
    expect(decide('snapshot', zt, ns({}, 'istio-system')).inSnapshot).toBe(false);
  });
});

describe('pod-level overrides and the waypoint', () => {
  it('reads the annotations as the node agent does', () => {
    const d = decide('cni-add', pod({ annotations: { 'ambient.istio.io/bypass-inbound-capture': 'T', 'ambient.istio.io/dns-capture': 'yes', 'istio.io/reroute-virtual-interfaces': ' a ,,b,' } }));
    expect(d.podOverrides).toEqual({ ingressMode: true, dnsProxy: 'unset', virtualInterfaces: ['a', 'b'] });
    expect(d.diagnostics.map((x) => x.message).join()).toMatch(/dns-capture: "yes" is not a boolean/);
  });

  it.each([
    ['namespace', pod(), ns({ ...AMBIENT, 'istio.io/use-waypoint': 'wp' }), { from: 'namespace', name: 'wp', namespace: 'shop' }],
    ['pod wins', pod({ labels: { 'istio.io/use-waypoint': 'mine', 'istio.io/use-waypoint-namespace': 'infra' } }), ns({ 'istio.io/use-waypoint': 'wp' }), { from: 'pod', name: 'mine', namespace: 'infra' }],
    ['pod opts out of the namespace one', pod({ labels: { 'istio.io/use-waypoint': 'none' } }), ns({ 'istio.io/use-waypoint': 'wp' }), { from: 'pod', optOut: true }],
    ['none at all', pod(), ns(AMBIENT), { from: 'none' }],
  ])('waypoint: %s', (_name, p, n, expected) => {
    expect(decide('cni-add', p, n).waypoint).toEqual(expected);
  });
});
