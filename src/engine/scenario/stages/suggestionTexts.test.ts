import { describe, expect, it } from 'vitest';
import { examples } from '../../../examples/examples.ts';
import { createScenarioEngine } from '../analyzeScenario.ts';
import type { ScenarioInput, ScenarioResult } from '../types.ts';

const withoutTime = (r: ScenarioResult) => ({ ...r, elapsedMs: 0 });
const deferred = (input: ScenarioInput): ScenarioInput => ({ ...input, defer: { suggestionTexts: true } });

/** The selected workload's fixes, admission's and ambient's. */
const fixesOf = (r: ScenarioResult) => [...(r.admission.workloads[r.selectedWorkload]?.suggestions ?? []), ...(r.ambient?.workload?.fixes ?? [])];

/** Only what the texts are: written, or refused and why. */
const textsOf = (f: { texts: object; unwritable?: object } | undefined) => ({ texts: f?.texts ?? {}, ...(f?.unwritable ? { unwritable: f.unwritable } : {}) });

/** The first view's result with every deferred fix's texts put in as the whole analysis wrote them. */
function withTextsOf(first: ScenarioResult, whole: ScenarioResult): ScenarioResult {
  const put = <T extends { textsDeferred?: true }>(f: T, from: { texts: object; unwritable?: object } | undefined): T => {
    if (!f.textsDeferred) return f;
    const { textsDeferred: _, ...rest } = f;
    return { ...rest, ...textsOf(from) } as unknown as T;
  };
  const admission = {
    ...first.admission,
    workloads: first.admission.workloads.map((w, i) => ({ ...w, suggestions: w.suggestions.map((s, j) => put(s, whole.admission.workloads[i]?.suggestions[j])) })),
  };
  const fixes = whole.ambient?.workload?.fixes ?? [];
  const ambient = first.ambient?.workload ? { ...first.ambient, workload: { ...first.ambient.workload, fixes: first.ambient.workload.fixes.map((f, j) => put(f, fixes[j])) } } : first.ambient;
  return { ...first, admission, ...(ambient ? { ambient } : {}) };
}

const withFixes = examples.filter((e) => fixesOf(createScenarioEngine().analyze({ texts: e.texts, cluster: e.cluster })).length);

describe('the texts a fix would leave, deferred until Apply asks for them', () => {
  it('has examples with admission suggestions and with ambient fixes to check', () => {
    const whole = withFixes.map((e) => createScenarioEngine().analyze({ texts: e.texts, cluster: e.cluster }));
    expect(whole.filter((r) => r.admission.workloads[r.selectedWorkload]?.suggestions.length).length).toBeGreaterThan(3);
    expect(whole.filter((r) => r.ambient?.workload?.fixes.length).length).toBeGreaterThan(3);
  });

  it.each(withFixes.map((e) => [e.id, e] as const))('%s: deferred, every fix says so and everything else is what the whole analysis gives', (_id, e) => {
    const input = { texts: e.texts, cluster: e.cluster };
    const whole = createScenarioEngine().analyze(input);
    const first = createScenarioEngine().analyze(deferred(input));
    for (const f of fixesOf(whole)) expect(f.textsDeferred).toBeUndefined();
    for (const f of fixesOf(first)) {
      expect(f.textsDeferred).toBe(true);
      expect(f.texts).toEqual({});
    }
    expect(fixesOf(first).length).toBe(fixesOf(whole).length);
    expect(withoutTime(withTextsOf(first, whole))).toEqual(withoutTime(whole));
  });

  it('asking for them writes the texts only, and gives what a fresh engine gives', () => {
    const e = withFixes.find((x) => x.id === 'default') ?? withFixes[0];
    const input = { texts: e.texts, cluster: e.cluster };
    const engine = createScenarioEngine();
    engine.analyze(deferred(input));
    const asked = engine.analyze(input);
    expect([...engine.lastRan()].sort()).toEqual(['admission', 'ambient', 'suggestionTexts'].sort());
    expect(fixesOf(asked).some((f) => Object.keys(f.texts).length)).toBe(true);
    expect(withoutTime(asked)).toEqual(withoutTime(createScenarioEngine().analyze(input)));
    // Deferred again (the next keystroke of the app): the texts are dropped, nothing else reruns.
    engine.analyze(deferred(input));
    expect([...engine.lastRan()].sort()).toEqual(['admission', 'ambient', 'suggestionTexts'].sort());
  });

  it('says which input refuses an edit, and why, and writes none of it', () => {
    const e = examples.find((x) => x.id === 'default')!;
    const namespace = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: bookinfo\n';
    const broken = createScenarioEngine().analyze({ texts: { ...e.texts, namespaces: `${namespace}---\nfoo: [unclosed\n` } });
    const label = broken.admission.workloads[0].suggestions.find((s) => s.edits.some((x) => x.input === 'namespaces'))!;
    expect(label.texts).toEqual({});
    expect(label.unwritable).toEqual({ input: 'namespaces', reason: 'yaml-error' });
    // The workload's own tab still takes its edits.
    expect(broken.admission.workloads[0].suggestions.some((s) => s.texts.workloads && !s.unwritable)).toBe(true);
    const scalar = createScenarioEngine().analyze({ texts: { ...e.texts, namespaces: `${namespace}  labels: ""\n` } });
    const through = scalar.admission.workloads[0].suggestions.find((s) => s.edits.some((x) => x.input === 'namespaces'))!;
    expect(through.unwritable).toEqual({ input: 'namespaces', reason: 'not-rewritable' });
  });
});
