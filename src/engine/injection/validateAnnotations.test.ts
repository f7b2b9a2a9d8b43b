import { describe, expect, it } from 'vitest';
import { multiErrorText, validateAnnotations } from './validateAnnotations.ts';

describe('validateAnnotations', () => {
  it.each([
    ['traffic.sidecar.istio.io/includeOutboundIPRanges', '*', true],
    ['traffic.sidecar.istio.io/includeOutboundIPRanges', '127.0.0.1/24,10.96.0.1/24', true],
    ['traffic.sidecar.istio.io/includeOutboundIPRanges', '127.0.0.1,10.96.0.1/24', false],
    ['traffic.sidecar.istio.io/excludeOutboundIPRanges', '*', false],
    ['traffic.sidecar.istio.io/excludeOutboundIPRanges', '', true],
    ['traffic.sidecar.istio.io/includeInboundPorts', '*', true],
    ['traffic.sidecar.istio.io/excludeInboundPorts', '*', false],
    ['traffic.sidecar.istio.io/excludeInboundPorts', '80, 8080', true],
    ['traffic.sidecar.istio.io/excludeOutboundPorts', '65536', false],
    ['status.sidecar.istio.io/port', ' 123 ', true],
    ['readiness.status.sidecar.istio.io/periodSeconds', ' 1', false],
    ['sidecar.istio.io/interceptionMode', 'TPROXY', true],
    ['sidecar.istio.io/interceptionMode', 'tproxy', false],
    ['prometheus.istio.io/merge-metrics', 'T', true],
    ['prometheus.istio.io/merge-metrics', 'yes', false],
    ['traffic.sidecar.istio.io/kubevirtInterfaces', 'net1, net2', true],
    ['traffic.sidecar.istio.io/kubevirtInterfaces', '1net', false],
    ['sidecar.istio.io/proxyCPU', '500m', true],
    ['sidecar.istio.io/proxyMemory', 'lots', false],
    ['proxy.istio.io/config', 'discoveryAddress: foo:123\nconcurrency: 0', true],
    ['proxy.istio.io/config', 'drainDuration: soon', false],
    ['proxy.istio.io/config', 'discoveryAddress: nowhere', false],
    ['sidecar.istio.io/unvalidated', 'anything', true],
  ])('%s=%j valid=%s', (name, value, valid) => {
    const errors = validateAnnotations({ [name]: value });
    expect(errors.length === 0).toBe(valid);
    if (!valid) expect(errors[0].message).toContain(`for annotation '${name}'`);
  });

  it('names the exclude-inbound parameter in the error istiod returns', () => {
    const [e] = validateAnnotations({ 'traffic.sidecar.istio.io/excludeInboundPorts': '*' });
    expect(multiErrorText([e.message]).toLowerCase()).toContain('excludeinboundports');
  });
});
