import { describe, expect, it } from 'vitest';
import { decodeForKubeInject, kubeInjectTypeOf } from './kubeInjectDecode.ts';

describe('decodeForKubeInject', () => {
  it.each([
    [{ apiVersion: 'apps/v1', kind: 'Deployment' }, 'Deployment'],
    [{ apiVersion: 'batch/v1', kind: 'CronJob' }, 'CronJob'],
    [{ apiVersion: 'v1', kind: 'Service' }, undefined],
    [{ apiVersion: 'apps/v1beta1', kind: 'Deployment' }, 'Deployment'],
    [{ apiVersion: 'batch/v2alpha1', kind: 'CronJob' }, 'CronJob'],
    [{ apiVersion: 'example.com/v1', kind: 'Job' }, 'Job'],
    [{ apiVersion: 'apps/v1', kind: 'deployment' }, undefined],
    [{ apiVersion: 'v1', kind: 'toString' }, undefined],
    [null, undefined],
  ])('%j is decoded as %s', (obj, type) => expect(kubeInjectTypeOf(obj)).toBe(type));

  it('coerces YAML scalars headed for strings and keeps Go defaults', () => {
    const r = decodeForKubeInject({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: 'p', annotations: { 'sidecar.istio.io/inject': true } },
      spec: { containers: [{ name: 'c', args: ['sleep', 10] }] },
    });
    expect(r?.errors).toEqual([]);
    expect(r?.value).toEqual({
      kind: 'Pod', apiVersion: 'v1',
      metadata: { name: 'p', annotations: { 'sidecar.istio.io/inject': 'true' } },
      spec: { containers: [{ name: 'c', args: ['sleep', '10'], resources: {} }] },
      status: {},
    });
  });

  it('reports what Go would fail on', () => {
    const r = decodeForKubeInject({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 'three' } });
    expect(r?.errors[0]).toBe('json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32');
  });
});
