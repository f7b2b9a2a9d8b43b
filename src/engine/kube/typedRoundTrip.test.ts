import { describe, expect, it } from 'vitest';
import type { JsonValue } from './sigsYamlWriter.ts';
import { typedRoundTrip } from './typedRoundTrip.ts';

// Each row: Go type, input, what encoding/json writes after decoding it into that type.
const CASES: [string, string, JsonValue, JsonValue][] = [
  ['container: resources always present, zero omitempty values dropped, unknown fields dropped', 'Container',
    { name: 'app', tty: false, image: '', bogus: 1, ports: [{ containerPort: 80, hostPort: 0 }] },
    { name: 'app', ports: [{ containerPort: 80 }], resources: {} }],
  ['container: keys come out in Go field order', 'Container',
    { tty: true, image: 'x', name: 'a', args: ['1'] },
    { name: 'a', image: 'x', args: ['1'], resources: {}, tty: true }],
  ['pointers keep explicit false and 0', 'SecurityContext',
    { runAsUser: 0, privileged: false, capabilities: { add: [] } },
    { capabilities: {}, privileged: false, runAsUser: 0 }],
  ['quantities are canonicalised, numbers accepted', 'ResourceRequirements',
    { limits: { cpu: '2000m', memory: '1024Mi' }, requests: { cpu: 0.5, memory: 1000 } },
    { limits: { cpu: '2', memory: '1Gi' }, requests: { cpu: '500m', memory: '1k' } }],
  ['IntOrString keeps its kind', 'HTTPGetAction', { port: 'http', path: '' }, { port: 'http' }],
  ['missing IntOrString is 0', 'TCPSocketAction', {}, { port: 0 }],
  ['gRPC service has no omitempty', 'GRPCAction', { port: 9000 }, { port: 9000, service: null }],
  ['deployment: strategy and status appear, selector null when absent', 'Deployment',
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { spec: { containers: [] } } } },
    { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'd' }, spec: { selector: null, template: { metadata: {}, spec: { containers: [] } }, strategy: {} }, status: {} }],
  ['pod spec without containers writes containers: null', 'PodSpec', {}, { containers: null }],
  ['daemonset status counters are not omitempty', 'DaemonSetStatus', {},
    { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 }],
  ['creationTimestamp: null is dropped (omitzero), a real time is normalised to UTC', 'ObjectMeta',
    { creationTimestamp: null, deletionTimestamp: '2024-01-02T03:04:05.123+01:00' },
    { deletionTimestamp: '2024-01-02T02:04:05Z' }],
  ['field names match case-insensitively as encoding/json does', 'EnvVar', { Name: 'A', VALUE: 'b' }, { name: 'A', value: 'b' }],
  ['null map values become the zero value', 'ObjectMeta', { labels: { a: null } }, { labels: { a: '' } }],
  ['volume sources are inline', 'Volume', { name: 'v', emptyDir: { medium: 'Memory' } }, { name: 'v', emptyDir: { medium: 'Memory' } }],
  ['empty slices are kept when not omitempty', 'PodSpec', { containers: [] }, { containers: [] }],
  ['statefulset volume claim templates are typed PVCs', 'StatefulSetSpec',
    { volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1024Mi' } } } }] },
    { selector: null, template: { metadata: {}, spec: { containers: null } }, volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }, status: {} }], updateStrategy: {} }],
];

describe('typedRoundTrip', () => {
  it.each(CASES)('%s', (_name, type, input, expected) => {
    const r = typedRoundTrip(type, input);
    expect(r.errors).toEqual([]);
    expect(r.value).toStrictEqual(expected);
    expect(JSON.stringify(r.value)).toBe(JSON.stringify(expected));
  });

  it('with caseSensitive matches names exactly, as the API server\'s decoder (sigs.k8s.io/json) does: a key in another case is dropped', () => {
    const r = typedRoundTrip('EnvVar', { Name: 'A', name: 'B', VALUE: 'b' }, { caseSensitive: true });
    expect(r.errors).toEqual([]);
    expect(r.value).toStrictEqual({ name: 'B' });
    // encoding/json, for the same input: the exact name wins, another case fills an unset field.
    expect(typedRoundTrip('EnvVar', { Name: 'A', name: 'B', VALUE: 'b' }).value).toStrictEqual({ name: 'B', value: 'b' });
  });

  it('reports type mismatches in encoding/json words', () => {
    const r = typedRoundTrip('Pod', { spec: { containers: [{ name: 'a', ports: [{ containerPort: '80' }] }] } });
    expect(r.errors).toEqual(['json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32']);
    expect(r.issues[0].path).toEqual(['spec', 'containers', 0, 'ports', 0, 'containerPort']);
  });

  it('rejects fractions and out-of-range numbers for integer fields', () => {
    expect(typedRoundTrip('ContainerPort', { containerPort: 1.5 }).errors).toHaveLength(1);
    expect(typedRoundTrip('ContainerPort', { containerPort: 2 ** 31 }).errors).toHaveLength(1);
  });

  it('rejects a malformed quantity', () => {
    expect(typedRoundTrip('ResourceRequirements', { limits: { cpu: 'lots' } }).errors[0]).toMatch(/quantities must match/);
  });

  describe('with YAML coercion (sigs.k8s.io/yaml)', () => {
    it('turns numbers and booleans bound for strings into text', () => {
      const r = typedRoundTrip('Container', { name: 'a', args: [1, true, 1.5], env: [{ name: 'X', value: 10 }] }, { fromYaml: true });
      expect(r.errors).toEqual([]);
      expect(r.value).toEqual({ name: 'a', args: ['1', 'true', '1.5'], env: [{ name: 'X', value: '10' }], resources: {} });
    });

    it('coerces annotation and label values', () => {
      const r = typedRoundTrip('ObjectMeta', { annotations: { 'sidecar.istio.io/inject': true }, labels: { v: 2 } }, { fromYaml: true });
      expect(r.value).toEqual({ labels: { v: '2' }, annotations: { 'sidecar.istio.io/inject': 'true' } });
    });

    it('does not look through embedded structs, as sigs.k8s.io/yaml does not', () => {
      const r = typedRoundTrip('Probe', { exec: { command: ['sleep', 5] } }, { fromYaml: true });
      expect(r.errors[0]).toMatch(/cannot unmarshal number 5 into Go struct field ExecAction.exec.command of type string/);
    });

    it('leaves IntOrString and Quantity numbers alone', () => {
      const r = typedRoundTrip('HTTPGetAction', { port: 8080 }, { fromYaml: true });
      expect(r.value).toEqual({ port: 8080 });
    });
  });
});
