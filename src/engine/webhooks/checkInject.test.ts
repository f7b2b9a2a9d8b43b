import { describe, expect, it } from 'vitest';
import { checkInject } from './checkInject.ts';
import { readWebhookConfiguration } from './webhookConfiguration.ts';

const sel = (exprs: [string, string, string[]?][]) => ({ matchExpressions: exprs.map(([key, operator, values]) => (values ? { key, operator, values } : { key, operator })) });

function istio(name: string, rev: string) {
  return readWebhookConfiguration({
    metadata: { name, labels: { 'istio.io/rev': rev } },
    webhooks: [
      { name: 'rev.namespace.sidecar-injector.istio.io', namespaceSelector: sel([['istio.io/rev', 'In', [rev]], ['istio-injection', 'DoesNotExist']]), objectSelector: sel([['sidecar.istio.io/inject', 'NotIn', ['false']]]) },
      { name: 'auto.sidecar-injector.istio.io', namespaceSelector: sel([['istio.io/rev', 'DoesNotExist'], ['kubernetes.io/metadata.name', 'NotIn', ['kube-system']]]), objectSelector: sel([['sidecar.istio.io/inject', 'DoesNotExist']]) },
    ],
  });
}

describe('checkInject', () => {
  it('flags two injecting configurations with the footer istioctl prints', () => {
    const r = checkInject([istio('b-inj', 'b'), istio('a-inj', 'a')], {}, { 'kubernetes.io/metadata.name': 'demo' });
    expect(r.rows.map((x) => [x.webhook, x.injected, x.reason])).toEqual([
      ['a-inj', true, 'Namespace label kubernetes.io/metadata.name=demo matches (Automatic injection is enabled in all namespaces).'],
      ['b-inj', true, 'Namespace label kubernetes.io/metadata.name=demo matches (Automatic injection is enabled in all namespaces).'],
    ]);
    expect(r.footer).toBe('ERROR: multiple webhooks will inject, which can lead to errors');
  });

  it('reports the pod label that prevents injection', () => {
    const r = checkInject([istio('x', 'canary')], { 'sidecar.istio.io/inject': 'false' }, { 'istio.io/rev': 'canary' });
    expect(r.rows[0].reason).toBe('Pod has sidecar.istio.io/inject=false label, preventing injection');
  });

  it('says when there is no Istio webhook at all', () => {
    expect(checkInject([], {}, {}).footer).toBe('ERROR: no Istio injection hooks present.');
  });
});
