import { describe, expect, it } from 'vitest';
import { galleryOnDisk } from '../../examples/galleryOnDisk.ts';
import { analyzeScenario } from './analyzeScenario.ts';

describe('each thing is said once', () => {
  it.each(galleryOnDisk().map((e) => [e.id, e] as const))('%s: no diagnostic twice', (_id, example) => {
    const result = analyzeScenario({ texts: example.texts, ...(example.upgrade ? { upgrade: { steps: example.upgrade } } : {}) });
    const said = result.diagnostics.map((d) => JSON.stringify([d.severity, d.message, d.source ?? null]));
    expect(said.filter((s, i) => said.indexOf(s) !== i)).toEqual([]);
  }, 60_000);
});
