import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute, parseTemplates, sprigFunctions, type GoValue } from './index.ts';
import { dataArbitrary, templateArbitrary } from './testkit/arbitraries.ts';

// Random templates built from the language's pieces (and some raw punctuation) must never make the
// public API throw or run away: every outcome is output or a template error value, within the budget.

const funcs = sprigFunctions();
const template = templateArbitrary();

describe('random templates', () => {
  it('never throw and stay within the step budget', () => {
    let executed = 0;
    fc.assert(
      fc.property(template, dataArbitrary, (text: string, data: GoValue) => {
        const p = parseTemplates([['t', text]], funcs);
        if (!p.ok) {
          expect(p.error.message).toMatch(/^template: /);
          return;
        }
        executed++;
        const r = execute(p.set, 't', data, { limits: { maxSteps: 20_000, maxOutputBytes: 200_000 } });
        if (!r.ok) expect(r.error.message).toMatch(/^template: /);
        else expect(r.output.length).toBeLessThanOrEqual(200_000 + 1_000_000);
      }),
      { numRuns: 400 },
    );
    // The generator must reach the evaluator, not only the parser.
    expect(executed).toBeGreaterThan(40);
  });
});
