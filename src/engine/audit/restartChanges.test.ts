import { describe, expect, it } from 'vitest';
import { changeText, restartChanges, type RestartOutcome } from './restartChanges.ts';
import type { SidecarState } from './types.ts';

const status = (revision: string, volumes = ['istio-envoy']) => JSON.stringify({ initContainers: ['istio-init'], containers: ['istio-proxy'], volumes, imagePullSecrets: null, revision });

function pod(revision: string, proxy: Record<string, unknown> = {}, init: Record<string, unknown> = {}, volumes?: string[]) {
  return {
    metadata: { name: 'web-1', annotations: { 'sidecar.istio.io/status': status(revision, volumes) } },
    spec: {
      initContainers: [{ name: 'istio-init', image: 'docker.io/istio/proxyv2:1.24.3', args: ['istio-iptables', '-p', '15001'], ...init }],
      containers: [
        { name: 'web', image: 'web:1' },
        { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.3', args: ['proxy', 'sidecar'], env: [{ name: 'A', value: '1' }, { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }], resources: { requests: { cpu: '100m' } }, ...proxy },
      ],
    },
  };
}

const sidecar = (revision: string): SidecarState => ({ present: true, native: false, revision, revisionFrom: 'status-annotation' });
const injected = (after: Record<string, any>, revision = 'default'): RestartOutcome => ({ verdict: 'injected', revision, after, rule: 'istiod default: policy' });

describe('restartChanges', () => {
  it.each([
    ['nothing, for the same sidecar', pod('default'), pod('default'), ''],
    [
      'both images, said once',
      pod('default'),
      pod('default', { image: 'docker.io/istio/proxyv2:1.26.1' }, { image: 'docker.io/istio/proxyv2:1.26.1' }),
      'proxy image 1.24.3 → 1.26.1',
    ],
    ['args', pod('default'), pod('default', { args: ['proxy', 'sidecar', '--concurrency', '2'] }), 'istio-proxy args change'],
    [
      'env by name: added, removed, changed',
      pod('default'),
      pod('default', { env: [{ name: 'A', value: '2' }, { name: 'B', value: 'x' }] }),
      'istio-proxy env ~A, +B, −POD_NAME',
    ],
    ['resources as quantities', pod('default'), pod('default', { resources: { requests: { cpu: '0.2' } } }), 'istio-proxy resources requests.cpu 100m → 200m'],
    ['an equal quantity written another way is no change', pod('default'), pod('default', { resources: { requests: { cpu: '0.1' } } }), ''],
    ['a field the template sets', pod('default'), pod('default', { securityContext: { runAsUser: 1337 } }), 'istio-proxy securityContext change'],
    ['the status annotation', pod('default'), pod('default', {}, {}, ['istio-envoy', 'istio-token']), 'status annotation volumes +istio-token'],
    ['a revision move', pod('old'), pod('canary'), 'would move to revision canary'],
  ])('%s', (_, running, after, text) => {
    const rev = (after.metadata.annotations['sidecar.istio.io/status'].match(/"revision":"([^"]*)"/) ?? [])[1];
    expect(changeText(restartChanges(running, sidecar(JSON.parse(running.metadata.annotations['sidecar.istio.io/status']).revision), injected(after, rev)))).toBe(text);
  });

  it('takes what the API server adds for defaults, not drift', () => {
    const running = pod('default', { readinessProbe: { httpGet: { path: '/healthz/ready', port: 15021, scheme: 'HTTP' }, periodSeconds: 15, timeoutSeconds: 3, successThreshold: 1 }, terminationMessagePath: '/dev/termination-log' });
    const after = pod('default', { readinessProbe: { httpGet: { path: '/healthz/ready', port: 15021 }, periodSeconds: 15, timeoutSeconds: 3 } });
    // fieldRef.apiVersion is written by the API server too.
    (running.spec.containers[1] as any).env[1].valueFrom.fieldRef.apiVersion = 'v1';
    expect(restartChanges(running, sidecar('default'), injected(after))).toEqual([]);
  });

  it('says a template that now adds or no longer adds a container, and an init container swapped for the CNI', () => {
    const after = pod('default');
    after.spec.initContainers[0].name = 'istio-validation';
    after.metadata.annotations['sidecar.istio.io/status'] = after.metadata.annotations['sidecar.istio.io/status'].replace('istio-init', 'istio-validation');
    expect(changeText(restartChanges(pod('default'), sidecar('default'), injected(after)))).toBe('the template now adds init container istio-validation; the template no longer adds init container istio-init');
  });

  it('says what happens to a pod that gains, loses or cannot get a sidecar', () => {
    const bare = { metadata: { name: 'x' }, spec: { containers: [{ name: 'x' }] } };
    const none: SidecarState = { present: false, native: false };
    expect(changeText(restartChanges(bare, none, { verdict: 'injected', revision: 'canary', rule: '' }))).toBe('would get a sidecar from revision canary');
    expect(changeText(restartChanges(pod('default'), sidecar('default'), { verdict: 'not-injected', rule: 'namespace opted out' }))).toBe('would no longer be injected');
    expect(changeText(restartChanges(pod('default'), sidecar('default'), { verdict: 'rejected', error: 'template: sidecar:3: boom\nmore', rule: '' }))).toBe('would be rejected: template: sidecar:3: boom');
    expect(restartChanges(bare, none, { verdict: 'not-injected', rule: '' })).toEqual([]);
  });
});
