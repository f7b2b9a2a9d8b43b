import { describe, expect, it } from 'vitest';
import { unknownFields } from './unknownFields.ts';

const pod = (spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'web' }) => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });

describe('unknown fields, as the API server\'s strict decoding names them', () => {
  it.each([
    ['a misspelt container field', pod({ containers: [{ name: 'web', imagee: 'x' }] }), [{ field: 'spec.containers[0].imagee', meant: 'image' }]],
    ['a field in the wrong case (sigs.k8s.io/json matches names exactly)', pod({ ServiceAccountName: 'web', containers: [] }), [{ field: 'spec.ServiceAccountName', meant: 'serviceAccountName' }]],
    ['metadata', pod({ containers: [] }, { name: 'web', anotations: {} }), [{ field: 'metadata.anotations', meant: 'annotations' }]],
    ['deep in a list of structs', pod({ containers: [{ name: 'a' }, { name: 'b', ports: [{ containerPort: 1, protocl: 'TCP' }] }] }), [{ field: 'spec.containers[1].ports[0].protocl', meant: 'protocol' }]],
    ['a name far from every field', pod({ containers: [], frobnicate: true }), [{ field: 'spec.frobnicate' }]],
    ['a top-level field', { ...pod({ containers: [] }), extra: 1 }, [{ field: 'extra' }]],
  ])('%s', (_what, value, want) => {
    expect(unknownFields('Pod', value).map(({ field, meant }) => (meant ? { field, meant } : { field }))).toEqual(want);
  });

  it('knows every field a full pod uses, and does not look into maps of strings or untyped (Raw) values', () => {
    const full = pod({
      containers: [{ name: 'web', image: 'x', env: [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }], resources: { limits: { cpu: '1' } }, securityContext: { runAsUser: 1, capabilities: { add: ['NET_ADMIN'] } }, readinessProbe: { httpGet: { path: '/', port: 80 } } }],
      volumes: [{ name: 'v', emptyDir: { medium: 'Memory' } }],
      nodeSelector: { 'any/key': 'x' },
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'a', operator: 'In', values: ['b'] }] }] } } },
    }, { name: 'web', labels: { anything: 'x' }, annotations: { 'sidecar.istio.io/inject': 'true' } });
    expect(unknownFields('Pod', { ...full, status: { conditions: [{ type: 'Ready', anything: 1 }] } })).toEqual([]);
  });

  it('walks a workload down to its pod template', () => {
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1, selector: {}, template: { metadata: {}, spec: { containers: [{ name: 'web', imagePullPolicyy: 'Always' }] } } } };
    expect(unknownFields('Deployment', d).map((u) => u.field)).toEqual(['spec.template.spec.containers[0].imagePullPolicyy']);
  });

  it('stops at its limit and on hostile depth, and skips values of the wrong type', () => {
    const many = pod(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`x${i}`, i])));
    expect(unknownFields('Pod', many, { limit: 5 })).toHaveLength(5);
    expect(unknownFields('Pod', pod({ containers: 'not a list' }))).toEqual([]);
    expect(unknownFields('NoSuchType', {})).toEqual([]);
  });
});
