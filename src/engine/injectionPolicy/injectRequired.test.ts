import { describe, expect, it } from 'vitest';
import { injectRequired, type InjectionPolicyConfig, type PolicyPod } from './injectRequired.ts';

const pod = (over: Partial<PolicyPod> = {}): PolicyPod => ({ namespace: 'shop', labels: {}, annotations: {}, hostNetwork: false, ...over });
const cfg = (over: Partial<InjectionPolicyConfig> = {}): InjectionPolicyConfig => ({ policy: 'enabled', neverInjectSelector: [], alwaysInjectSelector: [], ...over });
const K = 'sidecar.istio.io/inject';

describe('injectRequired', () => {
  it.each([
    ['hostNetwork beats an explicit true', pod({ hostNetwork: true, labels: { [K]: 'true' } }), cfg(), false, 'HOST_NETWORK'],
    ['ignored namespace', pod({ namespace: 'kube-system' }), cfg(), false, 'IGNORED_NAMESPACE'],
    ['label false', pod({ labels: { [K]: 'false' } }), cfg(), false, 'LABEL_FALSE'],
    ['annotation true under policy disabled', pod({ annotations: { [K]: 'true' } }), cfg({ policy: 'disabled' }), true, 'ANNOTATION_TRUE'],
    ['empty label hides annotation true', pod({ labels: { [K]: '' }, annotations: { [K]: 'true' } }), cfg({ policy: 'disabled' }), false, 'POLICY_DISABLED_DEFAULT'],
    ['never selector', pod({ labels: { batch: 'x' } }), cfg({ neverInjectSelector: [{ matchExpressions: [{ key: 'batch', operator: 'Exists' }] }] }), false, 'NEVER_INJECT_SELECTOR'],
    ['empty selector entry is ignored', pod(), cfg({ policy: 'disabled', alwaysInjectSelector: [{}] }), false, 'POLICY_DISABLED_DEFAULT'],
    ['invalid selector entry is skipped', pod(), cfg({ policy: 'disabled', alwaysInjectSelector: [{ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }, { matchLabels: {} }] }), false, 'POLICY_DISABLED_DEFAULT'],
    ['invalid policy beats label true', pod({ labels: { [K]: 'true' } }), cfg({ policy: 'Enabled' }), false, 'POLICY_INVALID'],
  ])('%s', (_name, p, c, inject, reason) => {
    const d = injectRequired(p, c);
    expect([d.inject, d.reason]).toEqual([inject, reason]);
  });

  it('warns about an invalid value and falls back to the default', () => {
    const d = injectRequired(pod({ labels: { [K]: 'yes' } }), cfg());
    expect(d.invalidInjectValue).toBe('yes');
    expect(d.warnings[0]).toBe(`Invalid value for ${K}: "yes". Only 'true' and 'false' are accepted. Falling back to default injection policy.`);
    expect(d.inject).toBe(true);
  });

  it('marks exactly one step as decisive', () => {
    const d = injectRequired(pod({ annotations: { [K]: 'false' } }), cfg());
    expect(d.steps.filter((s) => s.outcome === 'decisive').map((s) => s.rule)).toEqual(['annotation']);
  });
});
