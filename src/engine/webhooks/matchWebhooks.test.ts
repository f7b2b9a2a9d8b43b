import { describe, expect, it } from 'vitest';
import { podCreateRequest } from './admissionRequest.ts';
import { evaluateWebhooks } from './matchWebhooks.ts';
import { readWebhookConfiguration } from './webhookConfiguration.ts';

const podRule = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }];

function mwc(name: string, webhooks: Record<string, unknown>[]) {
  return readWebhookConfiguration({ kind: 'MutatingWebhookConfiguration', metadata: { name }, webhooks });
}

describe('evaluateWebhooks', () => {
  it('considers configurations in name order and webhooks in list order', () => {
    const got = evaluateWebhooks(
      [mwc('b', [{ name: 'b2.x.io', rules: podRule }, { name: 'b1.x.io', rules: podRule }]), mwc('a', [{ name: 'a.x.io', rules: podRule }])],
      podCreateRequest('ns', {}, { labels: {} }),
    );
    expect(got.map((e) => `${e.configuration}/${e.webhook}:${e.called}`)).toEqual(['a/a.x.io:true', 'b/b2.x.io:true', 'b/b1.x.io:true']);
  });

  it('adds kubernetes.io/metadata.name to the namespace labels', () => {
    const [e] = evaluateWebhooks(
      [mwc('a', [{ name: 'auto.x.io', rules: podRule, namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system'] }] } }])],
      podCreateRequest('kube-system', {}, { labels: {} }),
    );
    expect(e.called).toBe(false);
    expect(e.stoppedAt).toBe('namespaceSelector');
    expect(e.namespaceSelector.requirements[0]).toMatchObject({ present: true, actual: 'kube-system', matched: false });
  });

  it('says which selector requirement failed and what the labels held', () => {
    const [e] = evaluateWebhooks(
      [mwc('a', [{ name: 'w.x.io', rules: podRule, objectSelector: { matchExpressions: [{ key: 'sidecar.istio.io/inject', operator: 'NotIn', values: ['false'] }] } }])],
      podCreateRequest('ns', {}, { labels: { 'sidecar.istio.io/inject': 'false' } }),
    );
    expect(e.reason).toBe('the Pod has sidecar.istio.io/inject=false, but the selector wants sidecar.istio.io/inject NotIn [false]');
  });

  it.each([
    ['object.metadata.labels["app"] == "web"', 'Fail', true, undefined],
    ['object.metadata.labels["app"] == "db"', 'Fail', false, undefined],
    ['authorizer.requestResource.check("get").allowed()', 'Fail', false, 'rejects'],
    ['authorizer.requestResource.check("get").allowed()', 'Ignore', false, undefined],
    ['request.operation == "CREATE" && namespaceObject == null', 'Fail', true, undefined],
    ['object.metadata.?annotations.orValue({}).size() == 0', 'Fail', true, undefined],
    ['quantity("1") == quantity("1")', 'Ignore', false, undefined],
  ])('matchCondition %j with failurePolicy %s → called=%s', (expression, failurePolicy, called, rejects) => {
    const [e] = evaluateWebhooks(
      [mwc('a', [{ name: 'w.x.io', rules: podRule, failurePolicy, matchConditions: [{ name: 'c', expression }] }])],
      podCreateRequest('ns', {}, { labels: { app: 'web' } }),
    );
    expect(e.called).toBe(called);
    expect(e.rejects !== undefined ? 'rejects' : undefined).toBe(rejects);
  });

  it('refuses a webhook whose selector the API server would reject', () => {
    const [e] = evaluateWebhooks(
      [mwc('a', [{ name: 'w.x.io', rules: podRule, objectSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } }])],
      podCreateRequest('ns', {}, { labels: {} }),
    );
    expect(e.stoppedAt).toBe('invalid');
    expect(e.reason).toContain("Required value: must be specified when `operator` is 'In' or 'NotIn'");
  });
});
