import { createScenarioEngine, type ScenarioInput } from '../src/engine/index.ts';
import { previewUpgrade } from '../src/engine/upgrade/index.ts';
import { galleryOnDisk } from '../src/examples/galleryOnDisk.ts';
import { measureRatio, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * The upgrade preview of the gallery's canary-upgrade example (today and three steps: install
 * revision canary, relabel payments, move tag prod), as the app's Upgrade tab runs it.
 * - before/after: the states sharing their reads (audit/sharedReads.ts: an injector ConfigMap read
 *   once, a revision's install built once, a pod rendered once per install) against each state
 *   reading, building and rendering everything itself, as the preview did before; both give the
 *   same preview (upgrade/preview.test.ts holds that).
 * - what the preview adds to the scenario the app simulates (a fresh scenario engine each time,
 *   so nothing is remembered from the call before), with and without its steps.
 */

const example = galleryOnDisk().find((e) => e.id === 'canary-upgrade');

export const suite: BenchSuite = {
  name: 'upgrade preview (the canary-upgrade example; CPU ms)',
  run(): BenchRow[] {
    if (!example?.upgrade) throw new Error('the gallery has no canary-upgrade example with an upgrade plan');
    const steps = example.upgrade;
    const input = { texts: example.texts, steps };
    const check = previewUpgrade(input);
    if (check.states.length !== steps.length + 1 || !check.selected || check.diagnostics.length) throw new Error('the canary-upgrade preview did not run cleanly');
    const shared = measureRatio(() => previewUpgrade(input, 'none'), () => previewUpgrade(input));
    const scenario: ScenarioInput = { texts: example.texts, ...(example.cluster ? { cluster: example.cluster } : {}) };
    const withPreview = measureRatio(() => createScenarioEngine().analyze({ ...scenario, upgrade: { steps } }), () => createScenarioEngine().analyze(scenario));
    const now = 'preview, the states sharing their reads (now)';
    const alone = 'scenario without its upgrade preview';
    return [
      { what: now, ms: shared.floorMs },
      { what: 'preview, each state reading and rendering alone (before)', ms: shared.ms, ratio: shared.ratio, floor: now },
      { what: alone, ms: withPreview.floorMs },
      { what: 'scenario with its upgrade preview (what the app simulates)', ms: withPreview.ms, ratio: withPreview.ratio, floor: alone },
    ];
  },
};
