import { describe, expect, it } from 'vitest';
import { FIRST_STAGES, LATER_SECTIONS } from './firstStages.ts';
import { LATER_STAGES } from './laterStages.ts';

describe('the split between the first verdict and the later sections', () => {
  it('names every section the later stages publish, and no other', () => {
    expect(LATER_STAGES.filter((s) => s.publish).map((s) => s.id).sort()).toEqual([...LATER_SECTIONS].sort());
  });

  it.each(['default', 'double-injection', 'custom-template'])('gives the first verdict of %s without the later stages, as the whole engine gives it', async (id) => {
    const { createScenarioEngine } = await import('./engine.ts');
    const { examples } = await import('../../examples/examples.ts');
    const engine = createScenarioEngine({ stages: FIRST_STAGES, pending: LATER_SECTIONS });
    const example = examples.find((e) => e.id === id)!;
    const first = engine.analyze({ texts: example.texts });
    const { SCENARIO_STAGES } = await import('./registry.ts');
    const whole = createScenarioEngine({ stages: SCENARIO_STAGES }).analyze({ texts: example.texts });
    expect(first.admission.workloads.map((w) => w.verdict)).toEqual(whole.admission.workloads.map((w) => w.verdict));
    expect(first.pending).toEqual(['injection', 'traffic', 'ambient', 'upgrade']);
    expect(first.injection).toBeUndefined();
    // No first stage reaches for a later one (that would be an internal error here).
    expect(first.diagnostics.filter((d) => /internal error/.test(d.message))).toEqual([]);
    engine.addStages(LATER_STAGES);
    const full = engine.analyze({ texts: example.texts });
    expect(full.pending).toBeUndefined();
    expect(full.injection?.pod?.after).toBeDefined();
    // The parse and the admission are not done again when the rest arrives.
    expect(engine.lastRan().filter((id) => id.startsWith('parse:') || id === 'admit')).toEqual([]);
  });
});
