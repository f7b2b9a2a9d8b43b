import { describe, expect, it } from 'vitest';
import { readAmbientPod } from './pod.ts';

describe('readAmbientPod on hostile container fields', () => {
  // Found by src/fuzz/scenario.fuzz.test.ts: a pod or container named {} reached istio-cni's step texts as "[object Object]".
  it('reads a map where the pod name goes as written', () => {
    expect(readAmbientPod({ metadata: { name: {}, labels: { a: { b: 1 } } } }).name).toBe('{}');
    expect(readAmbientPod({ metadata: { labels: { a: { b: 1 } } } }).labels).toEqual({ a: '{"b":1}' });
  });

  it('reads a map or list where a container name or argument goes as written', () => {
    const pod = readAmbientPod({ metadata: { name: 'p', namespace: 'n' }, spec: { containers: [{ name: {}, args: [{ a: 1 }, ['x'], 7, null] }, { name: 'app' }] } });
    expect(pod.containers.map((c) => c.name)).toEqual(['{}', 'app']);
    expect(pod.containers[0].args).toEqual(['{"a":1}', '["x"]', '7', '']);
  });
});
