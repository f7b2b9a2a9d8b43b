import { describe, expect, it } from 'vitest';
import { readScenarioDocuments } from '../documents/index.ts';

function warnings(text: string): string[] {
  return readScenarioDocuments([{ name: 'workloads', text }]).diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.source?.line}:${d.source?.column}: ${d.message}`);
}

const deployment = (container: string, apiVersion = 'apps/v1') =>
  `apiVersion: ${apiVersion}\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n${container}`;

describe('fields the API server drops, said as its field validation says them', () => {
  it('a misspelt field is a warning at its key, with both answers: the server\'s default Warn and kubectl\'s strict default', () => {
    expect(warnings(deployment('        imagee: nginx\n'))).toEqual([
      '13:9: Deployment web: unknown field "spec.template.spec.containers[0].imagee" (did you mean image?): Kubernetes\' Deployment has no such field, so the API server drops it, by default with "Warning: unknown field"; kubectl apply and create validate strictly by default (--validate=strict) and are refused instead ("strict decoding error: unknown field")',
    ]);
  });

  it('a known object is quiet; a kind in an apiVersion that does not serve it is refused, not warned about', () => {
    expect(warnings(deployment('        image: nginx\n'))).toEqual([]);
    expect(warnings(deployment('        imagee: nginx\n', 'apps/v1beta1'))).toEqual([]);
    // A custom resource's schema is not known: its fields are not judged.
    expect(warnings('apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata: {name: r}\nspec:\n  template:\n    spec:\n      containers: [{name: a, image: b, imagee: c}]\n').join('\n')).not.toContain('unknown field');
  });

  it('past ten, the rest are counted', () => {
    const many = Array.from({ length: 13 }, (_, i) => `        x${i}: 1\n`).join('');
    const w = warnings(deployment(`        image: nginx\n${many}`));
    expect(w).toHaveLength(11);
    expect(w.at(-1)).toMatch(/: Deployment web: 3 more unknown fields in this Deployment, dropped the same way$/);
  });
});
