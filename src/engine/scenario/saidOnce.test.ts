import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../examples/catalog.ts';
import { analyzeScenario } from './analyzeScenario.ts';

// Every example of the gallery, read from disk as the app bundles it (examples.ts needs Vite's glob).
const root = new URL('../../examples/', import.meta.url);
const files: Record<string, string> = {};
for (const d of readdirSync(root, { withFileTypes: true })) {
  if (!d.isDirectory()) continue;
  for (const f of readdirSync(new URL(`${d.name}/`, root))) if (f.endsWith('.yaml')) files[`./${d.name}/${f}`] = readFileSync(new URL(`${d.name}/${f}`, root), 'utf8');
}

describe('each thing is said once', () => {
  it.each(buildCatalog(files).map((e) => [e.id, e] as const))('%s: no diagnostic twice', (_id, example) => {
    const result = analyzeScenario({ texts: example.texts, ...(example.upgrade ? { upgrade: { steps: example.upgrade } } : {}) });
    const said = result.diagnostics.map((d) => JSON.stringify([d.severity, d.message, d.source ?? null]));
    expect(said.filter((s, i) => said.indexOf(s) !== i)).toEqual([]);
  }, 60_000);
});
