import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.ts';
import { analyzeScenario } from './analyzeScenario.ts';
import { builtinConfigMaps } from './builtinConfigMaps.ts';

describe('builtinConfigMaps', () => {
  it('written out and pasted back, injects exactly as the built-in install does', () => {
    const texts = examples[0].texts;
    const builtin = analyzeScenario({ texts });
    const pasted = analyzeScenario({ texts: { ...texts, injector: builtinConfigMaps().injector } });
    expect(pasted.injection?.install.injector.from).toBe('configMap');
    expect(builtin.injection?.install.injector.from).toBe('builtin');
    expect(pasted.injection?.afterYaml).toBe(builtin.injection?.afterYaml);
    expect(pasted.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
