import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.ts';
import { createScenarioEngine } from './analyzeScenario.ts';
import type { ScenarioInput, ScenarioResult } from './types.ts';

const base = examples[0];
const input = (over: Partial<ScenarioInput> = {}): ScenarioInput => ({ texts: base.texts, ...over });
const withoutTime = (r: ScenarioResult) => ({ ...r, elapsedMs: 0 });

describe('the staged engine', () => {
  it('recomputes only the packet trace when only the preset changes', () => {
    const engine = createScenarioEngine();
    engine.analyze(input({ traffic: { preset: 'app-calls-service' } }));
    const r = engine.analyze(input({ traffic: { preset: 'request-arrives' } }));
    expect(engine.lastRan()).toEqual(['trace', 'traffic']);
    expect(r.traffic?.trace?.preset).toBe('request-arrives');
  });

  it('recomputes the capture, not the injection, when only the family changes', () => {
    const engine = createScenarioEngine();
    engine.analyze(input());
    engine.analyze(input({ traffic: { family: 'ipv6' } }));
    expect(engine.lastRan()).toEqual(['capture', 'trace', 'traffic']);
  });

  it('parses only the edited input, and leaves the injection alone when the edit cannot change it', () => {
    const engine = createScenarioEngine();
    engine.analyze(input());
    // Another namespace's label: the admission runs again, the selected pod's injection does not.
    engine.analyze(input({ texts: { ...base.texts, namespaces: `${base.texts.namespaces}\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: other\n  labels: {team: a}\n` } }));
    const ran = engine.lastRan();
    expect(ran.filter((id) => id.startsWith('parse:'))).toEqual(['parse:namespaces']);
    expect(ran).toContain('admit');
    expect(ran).not.toContain('injection');
    expect(ran).not.toContain('capture');
  });

  it('gives what a fresh engine gives, after every edit of a session', () => {
    // A session through the examples and back; between them each setting changes on its own.
    const steps: ScenarioInput[] = [];
    for (const e of examples) {
      const at = { texts: e.texts, cluster: e.cluster, traffic: e.traffic };
      steps.push(at);
      steps.push({ ...at, traffic: { ...e.traffic, preset: 'request-arrives' } });
      steps.push({ ...at, traffic: { ...e.traffic, family: e.traffic?.family === 'ipv6' ? 'ipv4' : 'ipv6' } });
      steps.push({ ...at, cluster: { ...e.cluster, cni: !e.cluster?.cni } });
      steps.push({ ...at, cluster: { ...e.cluster, nativeSidecars: e.cluster?.nativeSidecars === false } });
      steps.push({ ...at, cluster: { ...e.cluster, ambient: e.cluster?.ambient === false, ambientSelectors: 'pod-label' } });
      steps.push({ ...at, selectedWorkload: 1 });
      steps.push({ ...at, texts: { ...e.texts, workloads: `${e.texts.workloads}\n` } });
    }
    steps.push(input());
    const warm = createScenarioEngine();
    for (const step of steps) {
      expect(withoutTime(warm.analyze(step))).toEqual(withoutTime(createScenarioEngine().analyze(step)));
    }
    // Eight steps per example, each analysed twice: about 50 s alone on a shared core, so the default 60 s is too tight.
  }, 300_000);
});
