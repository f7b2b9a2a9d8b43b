import { describe, expect, it } from 'vitest';
import { examples } from '../../../examples/examples.ts';
import { createScenarioEngine } from '../analyzeScenario.ts';
import type { ScenarioResult } from '../types.ts';

const withoutTime = (r: ScenarioResult) => ({ ...r, elapsedMs: 0 });
const injected = examples.filter((e) => createScenarioEngine().analyze({ texts: e.texts, cluster: e.cluster }).injection);

describe("kube-inject's output, deferred until its view is shown", () => {
  it('has injected examples to check', () => expect(injected.length).toBeGreaterThan(3));

  it.each(injected.map((e) => [e.id, e] as const))('%s: deferred, everything else is what the whole analysis gives', (_id, e) => {
    const whole = createScenarioEngine().analyze({ texts: e.texts, cluster: e.cluster });
    const first = createScenarioEngine().analyze({ texts: e.texts, cluster: e.cluster, defer: { kubeInject: true } });
    expect(whole.injection?.kubeInject.deferred).toBeUndefined();
    if (first.injection?.kubeInject.deferred) {
      expect(first.injection.kubeInject).toEqual({ warnings: [], deferred: true });
      expect(withoutTime({ ...first, injection: { ...first.injection, kubeInject: whole.injection!.kubeInject } })).toEqual(withoutTime(whole));
    } else {
      // Only when the section cannot be finished without it (no pod came out of the webhook).
      expect(first.injection?.pod?.after).toBeUndefined();
      expect(first.injection?.pod?.error).toBeUndefined();
      expect(withoutTime(first)).toEqual(withoutTime(whole));
    }
  });

  it('opening the view renders kube-inject only, and gives what a fresh engine gives', () => {
    const e = examples[0];
    const engine = createScenarioEngine();
    engine.analyze({ texts: e.texts, defer: { kubeInject: true } });
    const opened = engine.analyze({ texts: e.texts });
    expect(engine.lastRan()).toEqual(['kubeInjection', 'injection']);
    expect(opened.injection?.kubeInject.output).toContain('istio-proxy');
    expect(withoutTime(opened)).toEqual(withoutTime(createScenarioEngine().analyze({ texts: e.texts })));
  });
});
