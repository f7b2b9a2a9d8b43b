import { describe, expect, it } from 'vitest';
import { driftOf } from './auditPod.ts';
import { sidecarStateOf } from './sidecarState.ts';
import type { SidecarState } from './types.ts';

const pod = (meta: Record<string, any>, spec: Record<string, any>) => ({ metadata: meta, spec });
const app = { name: 'app', image: 'app' };
const proxy = { name: 'istio-proxy', image: 'proxyv2' };

describe('sidecarStateOf', () => {
  it.each([
    ['no sidecar', pod({}, { containers: [app] }), { present: false, native: false }],
    ['an istio-proxy container, revision from the status annotation', pod({ annotations: { 'sidecar.istio.io/status': '{"containers":["istio-proxy"],"revision":"canary"}', 'istio.io/rev': 'default' } }, { containers: [app, proxy] }), { present: true, native: false, revision: 'canary', revisionFrom: 'status-annotation' }],
    ['a native sidecar, revision from the istio.io/rev annotation', pod({ annotations: { 'istio.io/rev': '1-22' } }, { containers: [app], initContainers: [{ ...proxy, restartPolicy: 'Always' }] }), { present: true, native: true, revision: '1-22', revisionFrom: 'annotation' }],
    ['an istio-proxy init container that does not keep running is not a sidecar', pod({}, { containers: [app], initContainers: [proxy] }), { present: false, native: false }],
    ['only the status annotation (an older status without a revision), revision from a label', pod({ labels: { 'istio.io/rev': 'canary' }, annotations: { 'sidecar.istio.io/status': '{"containers":["istio-proxy"]}' } }, { containers: [app] }), { present: true, native: false, revision: 'canary', revisionFrom: 'label' }],
    ['an unreadable status annotation still says a sidecar was injected', pod({ annotations: { 'sidecar.istio.io/status': '{not json' } }, { containers: [app] }), { present: true, native: false }],
  ])('%s', (_, p, expected) => {
    expect(sidecarStateOf(p)).toEqual(expected);
  });
});

const none: SidecarState = { present: false, native: false };
const from = (revision?: string): SidecarState => ({ present: true, native: false, ...(revision ? { revision } : {}) });

describe('driftOf', () => {
  it.each([
    ['injected and has the sidecar of that revision', from('default'), 'injected', ['default'], []],
    ['injected but has no sidecar: needs a restart', none, 'injected', ['canary'], ['missing-sidecar']],
    ['not injected and has none', none, 'not-injected', [], []],
    ['not injected but has a sidecar', from('default'), 'not-injected', [], ['unwanted-sidecar']],
    ['injected by another revision than the one that would now', from('1-22'), 'injected', ['canary'], ['old-revision']],
    ['a double injection that includes its own revision is not an old revision', from('canary'), 'injected', ['default', 'canary'], []],
    ['a sidecar whose revision is unknown cannot be called old', from(), 'injected', ['default'], []],
    ['a rejected pod cannot be compared', from('default'), 'rejected', [], []],
  ] as const)('%s', (_, sidecar, verdict, by, drift) => {
    const result = driftOf(sidecar, verdict, by);
    expect(result.drift).toEqual(drift);
    expect(result.detail === '').toBe(drift.length === 0);
  });
});
