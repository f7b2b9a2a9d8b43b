import { describe, expect, it } from 'vitest';
import { instanceFreeText, podAsCreated, renderKey } from './podAsCreated.ts';

const running = (name: string, extra: Record<string, string> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, generateName: 'web-5d8f-', namespace: 'shop', uid: `uid-${name}`, resourceVersion: name.length.toString(), labels: { app: 'web' }, annotations: { 'ambient.istio.io/redirection': 'enabled', ...extra } },
  spec: { nodeName: `node-${name}`, containers: [{ name: 'web', image: 'web:1' }] },
  status: { phase: 'Running', podIP: '192.0.2.7' },
});

describe('instanceFreeText', () => {
  it('is the same for two pods of one ReplicaSet, which differ only in what their life added', () => {
    expect(instanceFreeText(running('web-5d8f-abcde'))).toBe(instanceFreeText(running('web-5d8f-xyz12')));
  });

  it('differs where the pods as created differ (an annotation added by hand)', () => {
    const a = running('web-5d8f-abcde');
    const b = running('web-5d8f-xyz12', { 'sidecar.istio.io/proxyCPU': '300m' });
    expect(instanceFreeText(a)).not.toBe(instanceFreeText(b));
    expect(renderKey(podAsCreated(a))).not.toBe(renderKey(podAsCreated(b)));
  });

  it('keeps the name of a pod its controller named (no generateName), as podAsCreated does', () => {
    const a = { ...running('db-0'), metadata: { ...running('db-0').metadata, generateName: undefined } };
    const b = { ...running('db-1'), metadata: { ...running('db-1').metadata, generateName: undefined } };
    expect(instanceFreeText(a)).not.toBe(instanceFreeText(b));
  });
});
