import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../../engine/index.ts';
import { examples } from '../../state/defaultScenario.ts';
import { countWorkloads, filterWorkloads, ruleName, type PickableWorkload } from './workloadFilter.ts';

const pod = (i: number, ns: string, label = '') =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-${i}\n  namespace: ${ns}\n  labels: {app: a${label}}\nspec:\n  containers: [{name: app, image: app}]\n`;

describe('the workload picker summary', () => {
  // 30 pods: a third in a namespace nothing selects, every fifth opted out by label, the rest injected.
  const texts = { ...examples[0].texts, workloads: Array.from({ length: 30 }, (_, i) => pod(i, i % 3 ? 'bookinfo' : 'elsewhere', i % 5 === 0 ? ', sidecar.istio.io/inject: "false"' : '')).join('---\n') };
  const result = analyzeScenario({ texts });
  const items: PickableWorkload[] = result.admission.workloads.map((a, i) => ({
    ...result.workloads[i],
    verdict: a.verdict,
    rule: ruleName(a.decidingStep, a.steps.find((s) => s.id === a.decidingStep)),
  }));

  it('counts the verdicts and the rules that decided them, as the engine decided each', () => {
    const expectedInjected = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 3 !== 0 && i % 5 !== 0).length;
    const counts = countWorkloads(items);
    expect(counts.total).toBe(30);
    expect(counts.byVerdict).toEqual({ injected: expectedInjected, 'not-injected': 30 - expectedInjected, rejected: 0 });
    expect(counts.byRule.map((r) => r.rule)).toContain('no injection webhook called');
    expect(counts.byRule.reduce((n, r) => n + r.total, 0)).toBe(30);
    expect(counts.byRule[0].total).toBeGreaterThanOrEqual(counts.byRule.at(-1)!.total);
  });

  it('filters by verdict, rule and words', () => {
    const notInjected = filterWorkloads(items, { verdict: 'not-injected', rule: '', text: '' });
    expect(notInjected.every((i) => items[i].verdict === 'not-injected')).toBe(true);
    expect(filterWorkloads(items, { verdict: 'all', rule: 'no injection webhook called', text: 'elsewhere' })).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    expect(filterWorkloads(items, { verdict: 'all', rule: '', text: 'pod-2 bookinfo' }).map((i) => items[i].name)).toEqual(['pod-2', 'pod-20', 'pod-22', 'pod-23', 'pod-25', 'pod-26', 'pod-28', 'pod-29']);
  });
});
