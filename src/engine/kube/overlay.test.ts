import { describe, expect, it } from 'vitest';
import { mergeOverlay, strategicMergeContainer, strategicMergePod } from './overlay.ts';

describe('mergeOverlay', () => {
  it('merges a template onto a pod and decodes the result as corev1.Pod', () => {
    const pod = { metadata: { name: 'p' }, spec: { containers: [{ name: 'app', image: 'a' }] } };
    const template = { spec: { containers: [{ name: 'istio-proxy', image: 'proxy', tty: false }], bogus: 1 } };
    expect(mergeOverlay('Pod', pod, template)).toEqual({
      value: {
        metadata: { name: 'p' },
        spec: { containers: [{ name: 'istio-proxy', image: 'proxy', resources: {} }, { name: 'app', image: 'a', resources: {} }] },
        status: {},
      },
    });
  });

  it('fails as Go fails when the merged pod does not decode', () => {
    const r = mergeOverlay('Pod', { spec: {} }, { spec: { containers: [{ name: 'a', ports: [{ containerPort: '80' }] }] } });
    expect(r.error).toMatch(/cannot unmarshal string into Go struct field ContainerPort/);
  });

  it('strategicMergePod throws the error for callers that catch', () => {
    expect(() => strategicMergePod({ spec: { containers: [{ name: 'a' }] } }, { spec: { containers: [{ image: 'x' }] } })).toThrow(/merge key/);
  });

  it('strategicMergeContainer lets the user container win', () => {
    const injected = { name: 'istio-proxy', image: 'proxy', args: ['a'], env: [{ name: 'X', value: '1' }] };
    const user = { name: 'istio-proxy', args: ['b'], env: [{ name: 'Y', value: '2' }] };
    expect(strategicMergeContainer(injected, user)).toEqual({
      name: 'istio-proxy', image: 'proxy', args: ['b'], env: [{ name: 'Y', value: '2' }, { name: 'X', value: '1' }], resources: {},
    });
  });
});
