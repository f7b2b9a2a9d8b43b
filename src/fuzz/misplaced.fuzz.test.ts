import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeScenario, builtinConfigMaps, type InputName } from '../engine/index.ts';
import { collection, misplace, misplaceAnywhere } from './arbitraries/misplacedValues.ts';
import { defaultScenarioTexts, runs } from './support/defaultScenario.ts';
import { createProbe } from './support/probe.ts';
import { crashDiagnostics, isPlainData, leakedValueWords } from './support/structured.ts';

/*
 * A map or list in every place a string goes — webhook names, rules, selectors' keys, operators
 * and values, client configs, namespace labels, the mesh config's settings, the injector's config,
 * values and ConfigMap names — in the default scenario with meshsim's own install pasted. Whatever
 * the engine does with such a value (refuses it at its line, or shows it as written), the result
 * must never show JavaScript's `[object Object]`, `undefined` or `NaN` where the user's value was.
 */
const probe = createProbe('misplacedValues', 20_000);
afterAll(() => probe.write());

const base: Record<InputName, string> = { ...defaultScenarioTexts(), ...builtinConfigMaps() };

function check(name: InputName, text: string) {
  const texts = { ...base, [name]: text };
  const result = probe.time({ [name]: text }, () => analyzeScenario({ texts }));
  expect(isPlainData(result)).toBe(true);
  expect(crashDiagnostics(result.diagnostics)).toEqual([]);
  expect(leakedValueWords(JSON.stringify(result), Object.values(texts))).toEqual([]);
}

describe('a map or list where a string goes', () => {
  for (const name of ['webhooks', 'namespaces', 'workloads'] as const) {
    it(`in any slot of the ${name} tab is refused or shown as written`, () => {
      fc.assert(
        fc.property(fc.nat(), collection, (slot, value) => check(name, misplace(base[name], slot, value))),
        { numRuns: runs(name === 'webhooks' ? 120 : 40) },
      );
    });
  }
  for (const name of ['mesh', 'injector'] as const) {
    it(`in any slot of the ${name} ConfigMap or of the texts it embeds is refused or shown as written`, () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat(), collection, (where, slot, value) => check(name, misplaceAnywhere(base[name], where, slot, value))),
        { numRuns: runs(name === 'injector' ? 150 : 60) },
      );
    });
  }

  it('the generator does change the text (a property over unchanged texts proves nothing)', () => {
    for (const name of ['webhooks', 'namespaces', 'workloads', 'mesh', 'injector'] as const) {
      expect(misplaceAnywhere(base[name], 0, 3, { a: [1] })).not.toBe(base[name]);
      expect(misplaceAnywhere(base[name], 1, 3, { a: [1] })).not.toBe(base[name]);
    }
  });
});
