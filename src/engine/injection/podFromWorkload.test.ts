import { describe, expect, it } from 'vitest';
import { podsFromObject } from './podFromWorkload.ts';

describe('podsFromObject', () => {
  it('a Deployment gives the pod its ReplicaSet would create', () => {
    const [p] = podsFromObject({ kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'web', namespace: 'shop' }, spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [] } } } });
    expect(p.pod.metadata).toMatchObject({ generateName: 'web-meshsim-', namespace: 'shop', labels: { app: 'web', 'pod-template-hash': 'meshsim' } });
  });

  // Found by the scenario fuzzer: a paste cut off inside the template's metadata (`metadata:\n  la`).
  it.each([['a string', 'la'], ['a list', ['x']], ['null', null]])('a template whose metadata is %s does not throw', (_, metadata) => {
    const [p] = podsFromObject({ kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { metadata } } });
    expect(p.pod.metadata.generateName).toBe('web-meshsim-');
  });
});
