import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { examples } from './examples.ts';

describe('examples gallery', () => {
  it('has the default scenario first and enough stories to teach with', () => {
    expect(examples[0].id).toBe('default');
    expect(examples.length).toBeGreaterThanOrEqual(12);
    for (const e of examples) expect(e.title && e.story && e.lookAt, e.id).toBeTruthy();
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s shows the verdict its story tells', (_id, e) => {
    const result = analyzeScenario({ texts: e.texts, cluster: e.cluster, traffic: { ...e.traffic, preset: e.expect.trace?.preset ?? e.traffic?.preset } });
    const a = result.admission.workloads[0];
    expect(Boolean(a.doubleInjection)).toBe(Boolean(e.expect.doubleInjection));
    const errors = result.diagnostics.filter((d) => d.severity === 'error' && d.message !== a.doubleInjection?.message);
    expect(errors).toEqual([]);
    expect(a.verdict).toBe(e.expect.verdict);
    if (e.expect.injectedBy) expect(a.injectedBy).toEqual(e.expect.injectedBy);
    if (e.expect.trace) expect(result.traffic?.trace?.final).toBe(e.expect.trace.final);
    if (e.traffic?.family) expect(result.traffic?.family).toBe(e.traffic.family);
    if (e.expect.dataPlane) expect(result.ambient?.workload?.dataPlane.mode).toBe(e.expect.dataPlane);
  });
});
