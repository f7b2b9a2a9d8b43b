import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readScenarioDocuments } from '../documents/scenarioDocuments.ts';
import { analyzeAdmission } from './analyzeAdmission.ts';

// An Istio-style injector configuration built from the selector table of spec/injection.md §2.2.
const expr = (key: string, operator: string, values?: string[]) => (values ? { key, operator, values } : { key, operator });
function injectorMwc(name: string, rev: string, service: string, defaultHooks: boolean) {
  const hook = (prefix: string, ns: object[], obj: object[]) => ({
    name: `${prefix}sidecar-injector.istio.io`,
    clientConfig: { service: { name: service, namespace: 'istio-system', path: '/inject' } },
    rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
    namespaceSelector: { matchExpressions: ns },
    objectSelector: { matchExpressions: obj },
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
  });
  const notFalse = expr('sidecar.istio.io/inject', 'NotIn', ['false']);
  const webhooks = [
    hook('rev.namespace.', [expr('istio.io/rev', 'In', [rev]), expr('istio-injection', 'DoesNotExist')], [notFalse]),
    hook('rev.object.', [expr('istio.io/rev', 'DoesNotExist'), expr('istio-injection', 'DoesNotExist')], [notFalse, expr('istio.io/rev', 'In', [rev])]),
  ];
  if (defaultHooks) {
    webhooks.push(
      hook('namespace.', [expr('istio-injection', 'In', ['enabled'])], [notFalse]),
      hook('object.', [expr('istio-injection', 'DoesNotExist'), expr('istio.io/rev', 'DoesNotExist')], [expr('sidecar.istio.io/inject', 'In', ['true']), expr('istio.io/rev', 'DoesNotExist')]),
    );
  }
  return stringify({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name, labels: { 'istio.io/rev': rev } }, webhooks });
}

const DEFAULT = injectorMwc('istio-sidecar-injector', 'default', 'istiod', true);
const CANARY = injectorMwc('istio-sidecar-injector-canary', 'canary', 'istiod-canary', false);
const injectorConfig = (rev: string, config: string) =>
  stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: rev === 'default' ? 'istio-sidecar-injector' : `istio-sidecar-injector-${rev}`, namespace: 'istio-system' }, data: { config } });

const namespace = (labels: Record<string, string>) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: ${JSON.stringify(labels)}\n`;
const deployment = (opts: { own?: string; tplLabels?: Record<string, string>; tplAnnotations?: Record<string, string>; hostNetwork?: boolean } = {}) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
${opts.own ?? ''}spec:
  template:
    metadata:
      labels: ${JSON.stringify(opts.tplLabels ?? { app: 'web' })}
      annotations: ${JSON.stringify(opts.tplAnnotations ?? {})}
    spec:
${opts.hostNetwork ? '      hostNetwork: true\n' : ''}      containers: [{name: web, image: nginx}]
`;

function analyze(...texts: string[]) {
  const docs = readScenarioDocuments(texts.map((text, i) => ({ name: `input${i}`, text })));
  return analyzeAdmission(docs).workloads[0];
}

describe('analyzeAdmission', () => {
  it.each([
    ['istio-injection=enabled', [DEFAULT, CANARY], { 'istio-injection': 'enabled' }, {}, 'injected', ['default']],
    ['istio.io/rev=canary', [DEFAULT, CANARY], { 'istio.io/rev': 'canary' }, {}, 'injected', ['canary']],
    ['istio-injection beats a pod revision', [DEFAULT, CANARY], { 'istio-injection': 'enabled' }, { 'istio.io/rev': 'canary' }, 'injected', ['default']],
    ['istio-injection=disabled', [DEFAULT, CANARY], { 'istio-injection': 'disabled' }, { 'istio.io/rev': 'canary' }, 'not-injected', []],
    ['an unknown revision', [DEFAULT, CANARY], {}, { 'istio.io/rev': 'blue' }, 'not-injected', []],
    ['no webhook configurations', [], { 'istio-injection': 'enabled' }, {}, 'not-injected', []],
  ])('%s', (_name, mwcs, nsLabels, podLabels, verdict, revisions) => {
    const w = analyze(...mwcs, namespace(nsLabels), deployment({ tplLabels: { app: 'web', ...podLabels } }));
    expect(w.verdict).toBe(verdict);
    expect(w.injectedBy).toEqual(revisions);
    expect(w.steps.find((s) => s.id === w.decidingStep)).toBeDefined();
  });

  it('says plainly when the scenario has no webhook configuration', () => {
    expect(analyze(namespace({}), deployment()).summary).toBe('Not injected: the scenario has no MutatingWebhookConfiguration, so no webhook would be called.');
  });

  it('flags sidecar.istio.io/inject on the Deployment metadata and suggests moving it', () => {
    const w = analyze(DEFAULT, namespace({ 'istio-injection': 'enabled' }), deployment({ own: '  annotations:\n    sidecar.istio.io/inject: "false"\n' }));
    expect(w.verdict).toBe('injected');
    const misplaced = w.steps.find((s) => s.id === 'workload:misplaced:annotations:sidecar.istio.io/inject')!;
    expect(misplaced.detail).toContain('has no effect');
    expect(misplaced.values[0].source).toMatchObject({ input: 'input2', line: 7 });
    const move = w.suggestions.find((s) => s.sentence.startsWith('Move sidecar.istio.io/inject'))!;
    expect(move.verdictAfter).toBe('not-injected');
    expect(move.edits.map((e) => [e.action, e.path.join('.')])).toEqual([
      ['remove', 'metadata.annotations.sidecar.istio.io/inject'],
      ['set', 'spec.template.metadata.labels.sidecar.istio.io/inject'],
    ]);
  });

  it('suggests only edits that were verified to get the pod injected', () => {
    const w = analyze(DEFAULT, CANARY, namespace({}), deployment());
    expect(w.verdict).toBe('not-injected');
    const sentences = w.suggestions.map((s) => s.sentence);
    expect(sentences).toContain('Label namespace shop with istio.io/rev=canary.');
    expect(sentences).toContain('Label namespace shop with istio-injection=enabled.');
    expect(w.suggestions.every((s) => s.verdictAfter === 'injected')).toBe(true);
    const rev = w.suggestions.find((s) => s.sentence.includes('istio.io/rev=canary'))!;
    expect(rev.revisionsAfter).toEqual(['canary']);
    expect(rev.edits[0]).toMatchObject({ input: 'input2', documentIndex: 0, path: ['metadata', 'labels', 'istio.io/rev'], action: 'set', value: 'canary' });
  });

  it('adds a Namespace document when the scenario lacks the one to label', () => {
    const w = analyze(DEFAULT, deployment());
    const add = w.suggestions.find((s) => s.edits[0].action === 'add-document')!;
    expect(add.edits[0].value).toMatchObject({ kind: 'Namespace', metadata: { name: 'shop' } });
  });

  it('detects double injection after an upgrade left two default injectors', () => {
    const twin = injectorMwc('istio-sidecar-injector-old', 'default', 'istiod', true);
    const w = analyze(DEFAULT, twin, namespace({ 'istio-injection': 'enabled' }), deployment());
    expect(w.doubleInjection?.webhooks).toEqual(['istio-sidecar-injector/namespace.sidecar-injector.istio.io', 'istio-sidecar-injector-old/namespace.sidecar-injector.istio.io']);
    expect(w.checkInject.footer).toBe('ERROR: multiple webhooks will inject, which can lead to errors');
    const del = w.suggestions.find((s) => s.command === 'kubectl delete mutatingwebhookconfiguration istio-sidecar-injector-old')!;
    expect(del.revisionsAfter).toEqual(['default']);
    expect(del.edits).toEqual([expect.objectContaining({ input: 'input1', documentIndex: 0, path: [], action: 'remove' })]);
  });

  it('follows the called webhook to its revision ConfigMap and applies its policy', () => {
    const w = analyze(DEFAULT, injectorConfig('default', 'policy: disabled\n'), namespace({ 'istio-injection': 'enabled' }), deployment());
    expect(w.verdict).toBe('not-injected');
    expect(w.injectors[0]).toMatchObject({ revision: 'default', policySource: 'configMap', configMap: { name: 'istio-sidecar-injector' } });
    expect(w.decidingStep).toBe('istiod:default:istio-sidecar-injector/namespace.sidecar-injector.istio.io:policy');
    expect(w.suggestions.map((s) => s.sentence)).toContain("Add the label sidecar.istio.io/inject: \"true\" to the Deployment's pod template.");
    const policy = w.suggestions.find((s) => s.sentence.startsWith('Set policy: enabled in ConfigMap istio-system/istio-sidecar-injector'))!;
    expect(policy.edits).toEqual([expect.objectContaining({ input: 'input1', path: ['data', 'config'], action: 'set', value: 'policy: enabled\n' })]);
  });

  it('explains hostNetwork and suggests removing it', () => {
    const w = analyze(DEFAULT, namespace({ 'istio-injection': 'enabled' }), deployment({ hostNetwork: true }));
    expect(w.decidingStep).toMatch(/:hostNetwork$/);
    const step = w.steps.find((s) => s.id === w.decidingStep)!;
    expect(step.values[0]).toMatchObject({ name: 'spec.hostNetwork', value: 'true', source: { line: 12 } });
    expect(w.suggestions[0].sentence).toContain('Remove hostNetwork: true');
  });

  it('says what failurePolicy means for a called webhook', () => {
    const w = analyze(DEFAULT, namespace({ 'istio-injection': 'enabled' }), deployment());
    expect(w.steps.find((s) => s.id === 'apiserver:istio-sidecar-injector/namespace.sidecar-injector.istio.io')!.detail).toContain('failurePolicy Fail: if it cannot be reached, the pod is rejected');
  });

  it('turns an injected pod around with the opt-out label', () => {
    const w = analyze(DEFAULT, namespace({ 'istio-injection': 'enabled' }), deployment());
    expect(w.suggestions[0]).toMatchObject({ verdictAfter: 'not-injected', sentence: "Add the label sidecar.istio.io/inject: \"false\" to the Deployment's pod template." });
  });

  it('rejects the pod when a matchCondition cannot be evaluated under failurePolicy Fail', () => {
    const mwc = stringify({
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'guard' },
      webhooks: [{ name: 'guard.example.com', failurePolicy: 'Fail', rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }], matchConditions: [{ name: 'authz', expression: 'authorizer.group("").resource("pods").check("create").allowed()' }] }],
    });
    const w = analyze(mwc, namespace({}), deployment());
    expect(w.verdict).toBe('rejected');
    expect(w.summary).toContain('cannot evaluate');
  });
});

describe('analyzeAdmission on common confusions', () => {
  it('explains that the annotation cannot opt a pod in and offers the label instead', () => {
    const w = analyze(DEFAULT, namespace({}), deployment({ tplAnnotations: { 'sidecar.istio.io/inject': 'true' } }));
    expect(w.verdict).toBe('not-injected');
    expect(w.diagnostics.map((d) => d.message).join('\n')).toContain('cannot get a webhook to call istiod');
    const s = w.suggestions.find((x) => x.sentence.startsWith('Make sidecar.istio.io/inject: "true" a label'))!;
    expect(s.verdictAfter).toBe('injected');
  });

  it('notes that istio-injection wins over a namespace revision label', () => {
    const w = analyze(DEFAULT, CANARY, namespace({ 'istio-injection': 'enabled', 'istio.io/rev': 'canary' }), deployment());
    expect(w.injectedBy).toEqual(['default']);
    expect(w.diagnostics.some((d) => d.message.includes('istio-injection takes precedence'))).toBe(true);
  });
});

describe('the deprecated annotation', () => {
  it('opting out by annotation still calls the webhook; the note says the label would avoid the call', () => {
    const w = analyze(DEFAULT, namespace({ 'istio-injection': 'enabled' }), deployment({ tplAnnotations: { 'sidecar.istio.io/inject': 'false' } }));
    expect(w.verdict).toBe('not-injected');
    expect(w.webhooks.filter((h) => h.called).map((h) => h.webhook)).toEqual(['namespace.sidecar-injector.istio.io']);
    expect(w.decidingStep).toMatch(/:annotation$/);
    expect(w.diagnostics.map((d) => d.message).join('\n')).toContain('the webhook is still called');
  });
});

describe('sources inside the injector ConfigMap', () => {
  it('points at the policy line and the matching neverInjectSelector entry inside data.config', () => {
    const cm = `apiVersion: v1
kind: ConfigMap
metadata: {name: istio-sidecar-injector, namespace: istio-system}
data:
  config: |-
    policy: enabled
    neverInjectSelector:
      - matchLabels: {batch: "true"}
`;
    const w = analyze(DEFAULT, cm, namespace({ 'istio-injection': 'enabled' }), deployment({ tplLabels: { app: 'web', batch: 'true' } }));
    expect(w.verdict).toBe('not-injected');
    const never = w.steps.find((s) => s.id === w.decidingStep)!;
    expect(never.values[0]).toMatchObject({ name: 'neverInjectSelector[0]', source: { input: 'input1', line: 8, column: 9 } });
    const policy = w.steps.find((s) => s.id.endsWith(':policy'))!;
    expect(policy.values[0].source).toMatchObject({ line: 6, column: 13 });
  });
});

describe('revision tags', () => {
  it('follows a tag webhook to the revision whose istiod it calls', () => {
    const tag = injectorMwc('istio-revision-tag-prod', 'prod', 'istiod-canary', false).replace('istio.io/rev: prod', 'istio.io/rev: canary\n    istio.io/tag: prod');
    const w = analyze(DEFAULT, CANARY, tag, namespace({ 'istio.io/rev': 'prod' }), deployment());
    expect(w.injectedBy).toEqual(['canary']);
    const step = w.steps.find((s) => s.id === 'istiod:canary:istio-revision-tag-prod/rev.namespace.sidecar-injector.istio.io:config')!;
    expect(step.detail).toContain('revision tag prod → revision canary');
  });
});

describe('values YAML does not read as strings', () => {
  it('flags an unquoted boolean label, which the API server would refuse', () => {
    const w = analyze(DEFAULT, namespace({}), deployment().replace('labels: {"app":"web"}', 'labels: {app: web, sidecar.istio.io/inject: true}'));
    const d = w.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.message).toBe('label sidecar.istio.io/inject: true is not a string, so the API server would refuse the object; quote it: "true"');
    expect(d.source).toMatchObject({ line: 9 });
  });
});

describe('where each selector requirement is written', () => {
  it('points at the matchExpressions item in the webhook configuration and at the label it tested', () => {
    const w = analyze(DEFAULT, namespace({ 'istio-injection': 'disabled' }), deployment());
    const row = w.webhooks.find((h) => h.webhook === 'namespace.sidecar-injector.istio.io')!;
    const r = row.namespaceSelector.requirements[0];
    expect(r).toMatchObject({ text: 'istio-injection In [enabled]', matched: false, actual: 'disabled', source: { input: 'input0' }, labelSource: { input: 'input1', line: 5 } });
  });
});

describe('a revisioned-only install (istio/istio#41883)', () => {
  it('finds the two-edit fix when the namespace still carries istio-injection=enabled', () => {
    const w = analyze(CANARY, namespace({ 'istio-injection': 'enabled' }), deployment());
    expect(w.verdict).toBe('not-injected');
    expect(w.checkInject.rows[0].reason).toBe('No matching namespace labels (istio.io/rev=canary) or pod labels (istio.io/rev=canary)');
    const fix = w.suggestions.find((s) => s.sentence.startsWith('Remove the label istio-injection=enabled from namespace shop, and label namespace shop with') && s.sentence.includes('istio.io/rev=canary'))!;
    expect(fix.revisionsAfter).toEqual(['canary']);
    expect(fix.edits.map((e) => e.action)).toEqual(['remove', 'set']);
  });
});

describe('three combined changes', () => {
  it('are searched only when one or two do not work', () => {
    const w = analyze(CANARY, namespace({ 'istio-injection': 'enabled' }), deployment({ tplAnnotations: { 'sidecar.istio.io/inject': 'false' } }));
    expect(w.suggestions.length).toBeGreaterThan(0);
    expect(w.suggestions.every((s) => s.edits.length === 3 && s.verdictAfter === 'injected')).toBe(true);
  });
});

describe('a pod injected before', () => {
  it('is injected again: istiod has no already-injected check', () => {
    const w = analyze(DEFAULT, namespace({ 'istio-injection': 'enabled' }), deployment({ tplAnnotations: { 'sidecar.istio.io/status': '{}' } }));
    expect(w.verdict).toBe('injected');
    expect(w.diagnostics.some((d) => d.message.includes('no "already injected" check'))).toBe(true);
  });
});
