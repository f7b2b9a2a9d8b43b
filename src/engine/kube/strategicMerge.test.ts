import { describe, expect, it } from 'vitest';
import type { JsonValue } from './sigsYamlWriter.ts';
import { strategicMerge } from './strategicMerge.ts';

const c = (name: string, extra: Record<string, JsonValue> = {}) => ({ name, ...extra });
const pod = (spec: Record<string, JsonValue>, metadata: Record<string, JsonValue> = {}) => ({ metadata, spec });

// Each row: original pod, patch, merged pod (corev1.Pod patch metadata).
const CASES: [string, JsonValue, JsonValue, JsonValue][] = [
  ['maps merge key by key, null deletes',
    pod({ nodeName: 'n' }, { labels: { a: '1', b: '2' } }), { metadata: { labels: { b: null, c: '3' } } },
    pod({ nodeName: 'n' }, { labels: { a: '1', c: '3' } })],
  ['new containers from the patch go before the original ones',
    pod({ containers: [c('app')] }), { spec: { containers: [c('istio-proxy')] } },
    pod({ containers: [c('istio-proxy'), c('app')] })],
  ['a container named in both is merged in place, patch items in patch order',
    pod({ containers: [c('a', { image: 'x' }), c('b')] }), { spec: { containers: [c('b', { image: 'y' }), c('z')] } },
    pod({ containers: [c('a', { image: 'x' }), c('b', { image: 'y' }), c('z')] })],
  ['an original item earlier than a named one keeps its place',
    pod({ volumes: [{ name: 'u1' }, { name: 't' }, { name: 'u2' }] }), { spec: { volumes: [{ name: 'n1' }, { name: 't', emptyDir: {} }, { name: 'n2' }] } },
    pod({ volumes: [{ name: 'n1' }, { name: 'u1' }, { name: 't', emptyDir: {} }, { name: 'n2' }, { name: 'u2' }] })],
  ['env merges by name inside a merged container',
    pod({ containers: [c('a', { env: [{ name: 'X', value: '1' }, { name: 'Y', value: '2' }] })] }),
    { spec: { containers: [c('a', { env: [{ name: 'Y', value: '3' }] })] } },
    pod({ containers: [c('a', { env: [{ name: 'X', value: '1' }, { name: 'Y', value: '3' }] })] })],
  ['ports merge by containerPort, volumeMounts by mountPath',
    pod({ containers: [c('a', { ports: [{ containerPort: 80, name: 'http' }], volumeMounts: [{ name: 'v', mountPath: '/m' }] })] }),
    { spec: { containers: [c('a', { ports: [{ containerPort: 80, protocol: 'TCP' }], volumeMounts: [{ name: 'w', mountPath: '/m' }] })] } },
    pod({ containers: [c('a', { ports: [{ containerPort: 80, name: 'http', protocol: 'TCP' }], volumeMounts: [{ name: 'w', mountPath: '/m' }] })] })],
  ['args, command and tolerations are replaced whole',
    pod({ containers: [c('a', { args: ['1', '2'] })], tolerations: [{ key: 'k' }] }),
    { spec: { containers: [c('a', { args: ['3'] })], tolerations: [{ key: 'j' }] } },
    pod({ containers: [c('a', { args: ['3'] })], tolerations: [{ key: 'j' }] })],
  ['finalizers merge as a set of scalars',
    pod({}, { finalizers: ['a', 'b'] }), { metadata: { finalizers: ['c', 'a'] } },
    pod({}, { finalizers: ['c', 'a', 'b'] })],
  ['$deleteFromPrimitiveList removes scalars',
    pod({}, { finalizers: ['a', 'b', 'c'] }), { metadata: { '$deleteFromPrimitiveList/finalizers': ['b'] } },
    pod({}, { finalizers: ['a', 'c'] })],
  ['$patch: replace on a map replaces it',
    pod({ securityContext: { runAsUser: 1, fsGroup: 2 } }), { spec: { securityContext: { $patch: 'replace', runAsUser: 3 } } },
    pod({ securityContext: { runAsUser: 3 } })],
  ['$patch: delete on a map empties it',
    pod({ securityContext: { runAsUser: 1 } }), { spec: { securityContext: { $patch: 'delete' } } },
    pod({ securityContext: {} })],
  ['$patch: delete in a merge list removes the item',
    pod({ containers: [c('a'), c('b')] }), { spec: { containers: [{ name: 'a', $patch: 'delete' }] } },
    pod({ containers: [c('b')] })],
  ['$patch: replace in a merge list makes it the patch items',
    pod({ containers: [c('a'), c('b')] }), { spec: { containers: [c('z'), { $patch: 'replace' }] } },
    pod({ containers: [c('z')] })],
  ['$setElementOrder orders the merged list',
    pod({ containers: [c('a'), c('b'), c('c')] }), { spec: { '$setElementOrder/containers': [{ name: 'c' }, { name: 'a' }, { name: 'b' }], containers: [c('a', { image: 'i' })] } },
    pod({ containers: [c('c'), c('a', { image: 'i' }), c('b')] })],
  ['$retainKeys clears keys not listed',
    pod({}, { name: 'p', namespace: 'n', labels: { a: '1' } }), { metadata: { $retainKeys: ['name', 'labels'], name: 'q' } },
    pod({}, { name: 'q', labels: { a: '1' } })],
  ['a new value is taken whole without its nulls',
    pod({}), { spec: { securityContext: { runAsUser: 1, fsGroup: null } } },
    pod({ securityContext: { runAsUser: 1 } })],
  ['directives inside a value taken whole are dropped',
    pod({}), { spec: { securityContext: { $patch: 'replace', runAsUser: 1 }, containers: [c('a', { env: [{ name: 'X', $patch: 'delete' }, { name: 'Y' }] })] } },
    pod({ containers: [c('a', { env: [{ name: 'Y' }] })] })],
  ['a value of another JSON type replaces the original',
    pod({ containers: [c('a', { ports: null })] }), { spec: { containers: [c('a', { ports: [{ containerPort: 1 }] })] } },
    pod({ containers: [c('a', { ports: [{ containerPort: 1 }] })] })],
];

describe('strategicMerge (corev1.Pod)', () => {
  it.each(CASES)('%s', (_name, original, patch, expected) => {
    const r = strategicMerge(original, patch);
    expect(r.error).toBeUndefined();
    expect(r.value).toEqual(expected);
  });

  it('does not modify its inputs', () => {
    const original = pod({ containers: [c('a')] });
    const patch = { spec: { containers: [c('b')] } };
    const before = JSON.stringify([original, patch]);
    strategicMerge(original, patch);
    expect(JSON.stringify([original, patch])).toBe(before);
  });

  it.each([
    ['a merge-list item without its merge key', pod({ containers: [c('a')] }), { spec: { containers: [{ image: 'x' }] } }, /does not contain declared merge key: name/],
    ['an unknown field present on both sides', { spec: { bogus: {} } }, { spec: { bogus: { a: 1 } } }, /unable to find api field in struct PodSpec for the json field "bogus"/],
    ['$patch: merge in a list', pod({ containers: [c('a')] }), { spec: { containers: [{ $patch: 'merge' }] } }, /merging lists cannot yet be specified/],
    ['an unknown directive on a map', pod({ securityContext: {} }), { spec: { securityContext: { $patch: 'bogus' } } }, /unknown patch type/],
  ])('reports %s', (_name, original, patch, message) => {
    expect(strategicMerge(original as JsonValue, patch as JsonValue).error).toMatch(message);
  });

  it('treats a __proto__ key as data', () => {
    const r = strategicMerge(pod({}, { labels: { a: '1' } }), { metadata: { labels: JSON.parse('{"__proto__": "x"}') } });
    expect(Object.keys((r.value as { metadata: { labels: object } }).metadata.labels)).toEqual(['a', '__proto__']);
  });

  it('merges long lists quickly', () => {
    const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => c(`${prefix}${i}`));
    const started = Date.now();
    const r = strategicMerge(pod({ containers: many('a', 20_000) }), { spec: { containers: many('b', 20_000) } });
    expect((r.value as { spec: { containers: unknown[] } }).spec.containers).toHaveLength(40_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
