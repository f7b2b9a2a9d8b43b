import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { examples } from '../state/defaultScenario.ts';
import { statusCounts } from './statusCounts.ts';

const example = (id: string) => examples.find((e) => e.id === id)!.texts;

describe('statusCounts', () => {
  it('counts double injection as a finding, not as an error in the inputs', () => {
    const result = analyzeScenario({ texts: example('double-injection') });
    expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(statusCounts(result)).toEqual({ inputErrors: 0, doubleInjections: 1, engineErrors: 0 });
  });

  it('counts a YAML error as an error in the inputs', () => {
    const result = analyzeScenario({ texts: { ...example('default'), workloads: 'kind: Pod\nmetadata: {name: [\n' } });
    expect(statusCounts(result).inputErrors).toBeGreaterThan(0);
    expect(statusCounts(result).doubleInjections).toBe(0);
  });

  it('has nothing to say about the default scenario', () => {
    expect(statusCounts(analyzeScenario({ texts: example('default') }))).toEqual({ inputErrors: 0, doubleInjections: 0, engineErrors: 0 });
  });
});
