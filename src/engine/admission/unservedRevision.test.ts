import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readScenarioDocuments } from '../documents/scenarioDocuments.ts';
import { analyzeAdmission } from './analyzeAdmission.ts';

// The default example's webhooks: revision default only (with its istio-injection hooks).
const WEBHOOKS = readFileSync(fileURLToPath(new URL('../../examples/default/webhooks.yaml', import.meta.url)), 'utf8');
const namespace = (labels: Record<string, string>) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: ${JSON.stringify(labels)}\n`;
const pod = (labels: Record<string, string> = {}) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: shop\n  labels: ${JSON.stringify(labels)}\nspec:\n  containers:\n  - name: web\n    image: nginx\n`;
const admit = (ns: Record<string, string>, podLabels?: Record<string, string>) =>
  analyzeAdmission(readScenarioDocuments([{ name: 'workloads', text: pod(podLabels) }, { name: 'namespaces', text: namespace(ns) }, { name: 'webhooks', text: WEBHOOKS }])).workloads[0];

describe('a revision no webhook serves is named as the cause', () => {
  it('from the namespace label', () => {
    const w = admit({ 'istio.io/rev': 'canary' });
    expect(w.verdict).toBe('not-injected');
    expect(w.summary).toMatch(/^Not injected: no webhook serves revision canary — namespace shop is labelled istio\.io\/rev=canary, but the injection webhooks serve only istio\.io\/rev=default/);
    expect(w.diagnostics.map((d) => d.message)).toContain('no webhook serves revision canary: no MutatingWebhookConfiguration selects istio.io/rev=canary');
  });

  it('from the pod label when the namespace names none', () => {
    expect(admit({}, { 'istio.io/rev': '1-22' }).summary).toMatch(/no webhook serves revision 1-22 — the pod is labelled/);
  });

  it('not when istio-injection on the namespace takes precedence, nor for a served revision', () => {
    expect(admit({ 'istio-injection': 'disabled', 'istio.io/rev': 'canary' }).summary).not.toMatch(/no webhook serves/);
    expect(admit({ 'istio.io/rev': 'default' }).verdict).toBe('injected');
  });
});
