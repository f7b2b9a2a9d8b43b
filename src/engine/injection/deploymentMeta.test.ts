import { describe, expect, it } from 'vitest';
import { workloadOfPod } from './deploymentMeta.ts';

const pod = (meta: Record<string, unknown>) => ({ metadata: meta });
const owner = (kind: string, name: string, apiVersion = 'apps/v1') => [{ kind, name, apiVersion, controller: true }];

describe('workloadOfPod', () => {
  it.each([
    ['a bare pod', { name: 'p', namespace: 'ns' }, { name: 'p', namespace: 'ns', kind: 'Pod', apiVersion: 'v1' }],
    ['a Deployment pod', { generateName: 'hello-fake-', labels: { 'pod-template-hash': 'fake' }, ownerReferences: owner('ReplicaSet', 'hello-fake') },
      { name: 'hello', namespace: '', kind: 'Deployment', apiVersion: 'apps/v1' }],
    ['a DaemonSet pod', { generateName: 'ds', ownerReferences: owner('DaemonSet', 'ds') }, { name: 'ds', namespace: '', kind: 'DaemonSet', apiVersion: 'apps/v1' }],
    ['a CronJob pod', { generateName: 'c-1234567890-', ownerReferences: owner('Job', 'c-1234567890', 'batch/v1') },
      { name: 'c', namespace: '', kind: 'CronJob', apiVersion: 'batch/v1' }],
    ['an owner without generateName is ignored', { name: 'p', ownerReferences: owner('DaemonSet', 'ds') }, { name: 'p', namespace: '', kind: 'Pod', apiVersion: 'v1' }],
  ])('%s', (_, meta, expected) => {
    expect(workloadOfPod(pod(meta))).toEqual(expected);
  });
});
