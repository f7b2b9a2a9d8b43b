import { describe, expect, it } from 'vitest';
import { readScenarioDocuments } from '../documents/index.ts';

function refusals(text: string): string[] {
  return readScenarioDocuments([{ name: 'workloads', text }]).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.source?.line}: ${d.message}`);
}

const pod = (labels: string, extra = '') => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n${labels}\n${extra}spec:\n  containers:\n  - name: a\n    image: nginx\n`;

describe('what the API server refuses about an object', () => {
  it.each(['no', 'off', 'yes', 'On', 'n'])('an unquoted `sidecar.istio.io/inject: %s` is a bool to kubectl', (word) => {
    expect(refusals(pod(`    sidecar.istio.io/inject: ${word}`))).toEqual([
      `6: Pod p: the API server would refuse this object: metadata.labels: sidecar.istio.io/inject: ${word} is read by kubectl as a bool, and the API server refuses the object (json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string); quote it: "${word}"`,
    ]);
    expect(refusals(pod(`    sidecar.istio.io/inject: "${word}"`))).toEqual([]);
  });

  it.each([
    ['    version: -bad-', 'metadata.labels: Invalid value: "-bad-": a valid label must be an empty string or consist of alphanumeric characters'],
    ['    "a b": x', 'metadata.labels: Invalid value: "a b": name part must consist of alphanumeric characters'],
    [`    ${'k'.repeat(300)}: x`, 'name part must be no more than 63 characters'],
    ['    "": x', 'metadata.labels: Invalid value: "": name part must be non-empty'],
    [`    v: ${'x'.repeat(64)}`, 'must be no more than 63 characters'],
  ])('label %s', (labels, refusal) => {
    expect(refusals(pod(labels)).join('\n')).toContain(refusal);
  });

  it('annotations: keys must be names, and all of them at most 256 KiB', () => {
    expect(refusals(pod('    a: b', `  annotations:\n    "bad key": x\n`)).join('\n')).toContain('metadata.annotations: Invalid value: "bad key"');
    expect(refusals(pod('    a: b', `  annotations:\n    big: "${'x'.repeat(256 * 1024)}"\n`)).join('\n')).toContain('metadata.annotations: Too long: must have at most 262144 bytes');
  });

  it.each([
    ['apps/v1', 'Pod'],
    ['v2', 'Pod'],
    ['v1', 'Deployment'],
  ])('apiVersion %s with kind %s does not exist', (apiVersion, kind) => {
    expect(refusals(`apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: x\n`).join('\n')).toContain(`no matches for kind "${kind}" in version "${apiVersion}"`);
  });

  it('a pod template is checked too, and a valid object is not refused', () => {
    const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    metadata:\n      labels:\n        app: -x\n';
    expect(refusals(deployment).join('\n')).toContain('spec.template.metadata.labels: Invalid value: "-x"');
    expect(refusals(pod('    app: web\n    sidecar.istio.io/inject: "false"'))).toEqual([]);
  });

  it.each([
    ['  name: {a: {b: 1}}\n', '5: MutatingWebhookConfiguration w: the API server would refuse this object: webhooks[0].name: {a: {b: 1}}: json: cannot unmarshal object into Go struct field MutatingWebhook.webhooks.name of type string'],
    ['  name: x\n  namespaceSelector:\n    matchExpressions:\n    - {key: a, operator: In, values: [[x]]}\n', '8: MutatingWebhookConfiguration w: the API server would refuse this object: webhooks[0].namespaceSelector.matchExpressions[0].values[0]: [x]: json: cannot unmarshal array into Go struct field LabelSelectorRequirement.webhooks.namespaceSelector.matchExpressions.values of type string'],
    ['  name: x\n  rules: [{operations: [CREATE], apiGroups: [{g: 1}]}]\n', 'webhooks[0].rules[0].apiGroups[0]: {g: 1}: json: cannot unmarshal object into Go struct field RuleWithOperations.webhooks.rules.apiGroups of type string'],
    ['  name: x\n  clientConfig: {service: {name: istiod, namespace: [istio-system]}}\n', 'webhooks[0].clientConfig.service.namespace: [istio-system]: json: cannot unmarshal array'],
    ['  name: x\n  timeoutSeconds: ten\n', 'webhooks[0].timeoutSeconds: ten: json: cannot unmarshal string into Go struct field MutatingWebhook.webhooks.timeoutSeconds of type int32'],
  ])('a webhook configuration the API server cannot decode is refused at the value and left out (%#)', (webhook, refusal) => {
    const text = `apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata: {name: w}\nwebhooks:\n-${webhook.slice(1)}`;
    const read = readScenarioDocuments([{ name: 'webhooks', text }]);
    expect(refusals(text).join('\n')).toContain(refusal);
    expect(refusals(text).join('\n')).toContain('meshsim leaves it out, as the cluster would not have it');
    expect(read.objects).toEqual([]);
  });

  it('a ConfigMap whose data holds a map is refused; a well-formed webhook configuration is kept', () => {
    expect(refusals('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: istio, namespace: istio-system}\ndata:\n  mesh: {a: 1}\n').join('\n')).toContain('5: ConfigMap istio: the API server would refuse this object: data.mesh: {a: 1}: json: cannot unmarshal object into Go struct field ConfigMap.data.mesh of type string');
    const ok = 'apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata: {name: w}\nwebhooks:\n- name: x\n  timeoutSeconds: 10\n  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]\n';
    expect(refusals(ok)).toEqual([]);
    expect(readScenarioDocuments([{ name: 'webhooks', text: ok }]).objects).toHaveLength(1);
  });
});
