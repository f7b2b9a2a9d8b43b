import { describe, expect, it } from 'vitest';
import { GoMap } from '../gotemplate/values.ts';
import { appendMultusNetwork, excludeInboundPort, istioIndent, istioTemplateFunctions, omitNil } from './templateFunctions.ts';
import { structHost } from './goHost.ts';
import { KUBE_SHAPES } from './kubeShapes.ts';

const funcs = istioTemplateFunctions({ env: { FOO: 'bar' }, toYaml: (v) => JSON.stringify(v) + '\n' });
const call = (name: string, ...args: unknown[]) => funcs[name].impl(...args);

describe('Istio template functions', () => {
  it.each([
    ['15020', '', '15020'],
    ['15020', '4,5,6', '4,5,6,15020'],
    ['15020', '4,15020', '4,15020'],
    ['15020', ' 4, 15020', '4,15020,15020'],
    ['15020', '4, 5', '4,5,15020'],
    ['0', '4', '4'],
    ['', '4', '4'],
  ])('excludeInboundPort(%j, %j)', (port, list, expected) => {
    expect(excludeInboundPort(port, list)).toBe(expected);
  });

  it.each([
    ['', 'default/istio-cni', 'default/istio-cni'],
    ['macvlan-conf-1', 'default/istio-cni', 'macvlan-conf-1, default/istio-cni'],
    ['default/istio-cni, x', 'default/istio-cni', 'default/istio-cni, x'],
    ['[{"name": "a"}]', 'default/istio-cni', '[{"name": "a"}, {"name": "istio-cni", "namespace": "default"}]'],
    ['[{"name": "istio-cni", "namespace": "default"}]', 'default/istio-cni', '[{"name": "istio-cni", "namespace": "default"}]'],
    ['[not json]', 'default/istio-cni', '[not json]'],
  ])('appendMultusNetwork(%j)', (existing, net, expected) => {
    expect(appendMultusNetwork(existing, net)).toBe(expected);
  });

  it('indents every line but the first', () => {
    expect(istioIndent(2, 'a\nb\nc')).toBe('a\n  b\n  c');
  });

  it('omitNil drops nils and empties', () => {
    expect(omitNil({ limits: { cpu: null, memory: '1Gi' }, requests: { cpu: null } } as never)).toEqual({ limits: { memory: '1Gi' } });
  });

  it('annotation reads the key when present, else prints the default as Go does', () => {
    const meta = structHost('ObjectMeta', { annotations: { a: '' } }, KUBE_SHAPES, false);
    expect(call('annotation', meta, 'a', 'x')).toBe('');
    expect(call('annotation', meta, 'b', 15020)).toBe('15020');
    expect(call('annotation', meta, 'b', null)).toBe('<nil>');
  });

  it('isset, valueOrDefault, contains (needle first), directory, env, fromJSON fallback', () => {
    expect(call('isset', new GoMap('string', { k: '' }), 'k')).toBe(true);
    expect(call('isset', new GoMap('string', null), 'k')).toBe(false);
    expect(call('valueOrDefault', '', 'd')).toBe('d');
    expect(call('valueOrDefault', 0, 'd')).toBe(0);
    expect(call('contains', 'b', 'abc')).toBe(true);
    expect(call('directory', '/etc/istio/proxy/x.json')).toBe('/etc/istio/proxy/');
    expect(call('env', 'FOO', 'd')).toBe('bar');
    expect(call('env', 'NOPE', 'd')).toBe('d');
    expect(call('fromJSON', '{bad')).toBe('{}');
  });

  it('structToJSON writes a ContainerPort in Go field order', () => {
    const port = structHost('ContainerPort', { protocol: 'TCP', containerPort: 80, name: 'http' }, KUBE_SHAPES, false);
    expect(call('structToJSON', port)).toBe('{"name":"http","containerPort":80,"protocol":"TCP"}');
  });
});
