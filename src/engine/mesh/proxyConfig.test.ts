import { describe, expect, it } from 'vitest';
import { applyMeshConfig, defaultMeshConfig } from './meshConfig.ts';
import { defaultProxyConfig, mergeProxyConfig, normalizeProxyConfig, proxyConfigToJSON } from './proxyConfig.ts';

const withMesh = (overlay: unknown) => applyMeshConfig(defaultMeshConfig(), overlay).mesh.defaultConfig;
const withAnnotation = (mesh: unknown, annotation: unknown) =>
  mergeProxyConfig(withMesh(mesh), normalizeProxyConfig(annotation).config);

describe('PROXY_CONFIG text', () => {
  it.each([
    ['defaults print as {}', {}, {}, '{}'],
    ['mesh discoveryAddress equal to the default', { defaultConfig: { discoveryAddress: 'istiod.istio-system.svc:15012' } }, {}, '{}'],
    ['a changed duration', { defaultConfig: { drainDuration: '23s' } }, {}, '{"drainDuration":"23s"}'],
    ['an enum', { defaultConfig: { interceptionMode: 'TPROXY' } }, {}, '{"interceptionMode":"TPROXY"}'],
    ['the zero enum is omitted', { defaultConfig: { interceptionMode: 'REDIRECT' } }, {}, '{}'],
    ['tracing emptied', { defaultConfig: { tracing: {} } }, {}, '{"tracing":{}}'],
    [
      'annotation over mesh: field order, set wrapper at zero, metadata union sorted',
      { defaultConfig: { proxyMetadata: { ISTIO_META_TLS_CLIENT_KEY: '/a' } } },
      { proxyMetadata: { ISTIO_META_TLS_CLIENT_KEY: '/b', FOO: 'bar' }, concurrency: 0, discoveryAddress: 'foo:123' },
      '{"discoveryAddress":"foo:123","concurrency":0,"proxyMetadata":{"FOO":"bar","ISTIO_META_TLS_CLIENT_KEY":"/b"}}',
    ],
  ])('%s', (_, mesh, annotation, expected) => {
    expect(proxyConfigToJSON(withAnnotation(mesh, annotation))).toBe(expected);
  });

  it('drops unknown fields and reports badly typed ones', () => {
    const { config, problems } = normalizeProxyConfig({ connectTimeout: '1s', drainDuration: 'soon', proxyAdminPort: 15000 });
    expect(config).toEqual({ proxyAdminPort: 15000 });
    expect(problems.map((p) => p.field)).toEqual(['drainDuration']);
  });

  it('keeps the defaults when nothing is applied', () => {
    expect(withMesh(undefined)).toEqual(defaultProxyConfig());
  });
});

describe('applyMeshConfig', () => {
  it('replaces top-level scalars, merges messages and extension providers by name', () => {
    const { mesh } = applyMeshConfig(defaultMeshConfig(), {
      trustDomain: 'example.org',
      inboundTrafficPolicy: { mode: 'LOCALHOST' },
      extensionProviders: [{ name: 'envoy', envoyFileAccessLog: { path: '/tmp/x' } }, { name: 'otel', opentelemetry: {} }],
    });
    expect(mesh.trustDomain).toBe('example.org');
    expect(mesh.inboundTrafficPolicy).toEqual({ mode: 'LOCALHOST' });
    expect((mesh.extensionProviders as { name: string }[]).map((p) => p.name)).toEqual(['prometheus', 'stackdriver', 'envoy', 'otel']);
    expect(mesh.proxyListenPort).toBe(15001);
  });
});

describe('nested messages print in declaration order', () => {
  it('tracing', () => {
    const pc = withAnnotation({}, { tracing: { sampling: 10, zipkin: { address: 'z:9411' } } });
    expect(proxyConfigToJSON(pc)).toBe('{"tracing":{"zipkin":{"address":"z:9411"},"sampling":10}}');
  });
});
