import { describe, expect, it } from 'vitest';
import { readWebhookConfiguration } from '../webhooks/webhookConfiguration.ts';
import { injectorTargetOf, injectPathEnv } from './injectorTarget.ts';
import { readInjectorConfigMap } from './injectorConfig.ts';

const webhook = (clientConfig: unknown) => readWebhookConfiguration({ metadata: { name: 'm' }, webhooks: [{ name: 'rev.namespace.sidecar-injector.istio.io', clientConfig }] }).webhooks[0];

describe('injectorTargetOf', () => {
  it.each([
    [{ service: { name: 'istiod', namespace: 'istio-system', path: '/inject' } }, {}, 'default'],
    [{ service: { name: 'istiod-canary', namespace: 'istio-system', path: '/inject' } }, { 'istio.io/rev': 'prod' }, 'canary'],
    [{ url: 'https://istiod-1-24.istio-system.svc:443/inject' }, {}, '1-24'],
    [{ url: 'https://example.com/inject' }, { 'istio.io/rev': 'blue' }, 'blue'],
  ])('%j with labels %j → revision %s', (cc, labels, rev) => {
    expect(injectorTargetOf(webhook(cc), labels).revision).toBe(rev);
  });

  it('reads environment overrides from the path', () => {
    expect(injectPathEnv('/inject/cluster/c1/net/a--slash--b')).toEqual({ ISTIO_META_CLUSTER_ID: 'c1', ISTIO_META_NETWORK: 'a/b' });
  });
});

describe('readInjectorConfigMap', () => {
  it('keeps a missing policy empty, as istiod does', () => {
    const r = readInjectorConfigMap({ data: { config: 'neverInjectSelector:\n- matchLabels: {a: b}\n' } });
    expect(r.config.policy).toBe('');
    expect(r.policyWritten).toBe(false);
    expect(r.config.neverInjectSelector).toHaveLength(1);
  });
});
