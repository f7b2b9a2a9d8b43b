import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeScenario, type ScenarioResult } from '../engine/index.ts';
import { prototypeSnapshot } from './support/prototypes.ts';
import { pollutingTemplate } from './arbitraries/pollutingTemplates.ts';
import { defaultScenarioTexts, runs } from './support/defaultScenario.ts';
import { injectorConfigMap } from './support/injectorConfigMap.ts';
import { createProbe } from './support/probe.ts';
import { crashDiagnostics } from './support/structured.ts';

// A pasted template that tries to reach JavaScript's prototypes must leave the process as it found
// it: the next, unrelated scenario gets exactly the answer it got before (the app's worker and the
// CLI analyse many scenarios in one process, and a permalink carries a template to strangers).
const probe = createProbe('pollution', 20_000);
afterAll(() => probe.write());

const base = defaultScenarioTexts();

/** The result without its clock. */
function answer(r: ScenarioResult): string {
  return JSON.stringify({ ...r, elapsedMs: 0 });
}

describe('a polluting template changes nothing outside its own render', () => {
  const baseline = answer(analyzeScenario({ texts: base }));
  const prototypes = prototypeSnapshot();

  it('leaves the prototypes and the next scenario as they were', () => {
    fc.assert(
      fc.property(pollutingTemplate, (template) => {
        const result = probe.time(template, () => analyzeScenario({ texts: { ...base, injector: injectorConfigMap(template) } }));
        expect(crashDiagnostics(result.diagnostics)).toEqual([]);
        expect(prototypeSnapshot()).toBe(prototypes);
        expect(answer(analyzeScenario({ texts: base }))).toBe(baseline);
      }),
      { numRuns: runs(60) },
    );
  });

  it('the generator reaches the prototypes through the names it tries (it is not vacuous)', () => {
    // Before the interpreter's maps were made own-property-only, `.__proto__` on the root struct
    // was Object.prototype; now it is Go's error, and the same actions on maps are plain entries.
    const r = analyzeScenario({ texts: { ...base, injector: injectorConfigMap('{{ $_ := set .__proto__ "polluted" "yes" }}') } });
    expect(r.admission.workloads[0].summary).toContain("can't evaluate field __proto__ in type inject.SidecarTemplateData");
    const planted = analyzeScenario({
      texts: {
        ...base,
        injector: injectorConfigMap(
          '{{ $_ := set .Values "__proto__" (dict "a" 1) }}{{ $_ := unset .Values "toString" }}\n' +
            'metadata:\n  annotations:\n    probe: {{ keys .Values | sortAlpha | join "," | quote }}\n',
        ),
      },
    });
    expect((planted.injection?.pod?.after as { metadata: { annotations: Record<string, string> } }).metadata.annotations.probe).toBe('__proto__,global,revision');
    expect(answer(analyzeScenario({ texts: base }))).toBe(baseline);
  });
});
