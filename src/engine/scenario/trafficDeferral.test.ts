import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.ts';
import { analyzeScenario, createScenarioEngine } from './analyzeScenario.ts';
import type { ScenarioResult } from './types.ts';

const withoutTime = (r: ScenarioResult) => ({ ...r, elapsedMs: 0 });

describe('the Traffic section, deferred until it is shown', () => {
  it('is not computed while deferred, and the result says so', () => {
    const engine = createScenarioEngine();
    const first = engine.analyze({ texts: examples[0].texts, defer: { traffic: true } });
    expect(first.traffic).toBeUndefined();
    expect(first.deferred).toEqual(['traffic']);
    // Nothing of the capture is read while it waits: another family or packet reruns no stage.
    engine.analyze({ texts: examples[0].texts, traffic: { family: 'ipv6', preset: 'request-arrives' }, defer: { traffic: true } });
    expect(engine.lastRan()).toEqual([]);
    // The sections the first view shows are those of a full analysis.
    const full = analyzeScenario({ texts: examples[0].texts });
    expect(first.admission).toEqual(full.admission);
    expect(first.injection).toEqual(full.injection);
    expect(first.ambient).toEqual(full.ambient);
    expect(first.diagnostics).toEqual(full.diagnostics);
  });

  it('once asked for, is the section a full analysis computes, for every example, re-running only the traffic stages', () => {
    for (const e of examples) {
      const at = { texts: e.texts, cluster: e.cluster, traffic: e.traffic };
      const engine = createScenarioEngine();
      engine.analyze({ ...at, defer: { traffic: true } });
      const shown = engine.analyze(at);
      expect(engine.lastRan().filter((id) => !['capture', 'trace', 'traffic'].includes(id)), e.id).toEqual([]);
      expect(withoutTime(shown), e.id).toEqual(withoutTime(analyzeScenario(at)));
    }
  });

  it('a result computed with nothing deferred carries no deferral', () => {
    expect(analyzeScenario({ texts: examples[0].texts }).deferred).toBeUndefined();
    expect(analyzeScenario({ texts: examples[0].texts, defer: {} }).deferred).toBeUndefined();
  });
});
