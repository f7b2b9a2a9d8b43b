import { describe, expect, it } from 'vitest';
import { otelResourceAttributes } from './otelAttributes.ts';

const mesh = { extensionProviders: [{ name: 'otel', opentelemetry: { service: 'c.ns', port: 4317, resourceDetectors: { serviceAttributeEnrichment: 'OTEL_SEMANTIC_CONVENTIONS' } } }] };

describe('otelResourceAttributes', () => {
  it('is empty unless a provider asks for semantic-convention enrichment', () => {
    expect(otelResourceAttributes({ extensionProviders: [{ name: 'otel', opentelemetry: {} }] }, {}, {}, 'ns', [{ name: 'a', image: 'x:1' }])).toBe('');
  });

  it.each([
    ['namespace, image tag, instance', {}, {}, [{ name: 'app', image: 'reg/app:1.2' }], 'service.namespace=ns,service.version=1.2,service.instance.id=ns.$(POD_NAME).app'],
    ['tag@digest', {}, {}, [{ name: 'app', image: 'reg/app:1.2@sha256:ab' }], 'service.namespace=ns,service.version=1.2@sha256:ab,service.instance.id=ns.$(POD_NAME).app'],
    ['version label beats the image; two containers give no image version', {}, { 'app.kubernetes.io/version': 'v9' }, [{ name: 'a', image: 'x:1' }, { name: 'b', image: 'y:2' }], 'service.namespace=ns,service.version=v9,service.instance.id=ns.$(POD_NAME).a'],
    ['annotations win', { 'resource.opentelemetry.io/service.namespace': 'n2', 'resource.opentelemetry.io/service.instance.id': 'i' }, {}, [{ name: 'a' }], 'service.namespace=n2,service.instance.id=i'],
  ])('%s', (_, annotations, labels, containers, expected) => {
    expect(otelResourceAttributes(mesh, annotations, labels, 'ns', containers)).toBe(expected);
  });
});
