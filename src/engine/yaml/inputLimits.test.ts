import { describe, expect, it } from 'vitest';
import { MAX_INPUT_CHARS, MAX_NESTING_DEPTH } from './inputLimits.ts';
import { parseYamlDocuments } from './parseDocuments.ts';

describe('what meshsim refuses before it parses', () => {
  it('a text past the size limit, naming the input, the size and the limit, at line 1', () => {
    const r = parseYamlDocuments(`a: ${'x'.repeat(MAX_INPUT_CHARS)}`, 'workloads');
    expect(r.documents).toEqual([]);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0].source).toEqual({ input: 'workloads', line: 1, column: 1 });
    expect(r.diagnostics[0].message).toBe('workloads holds 16.0 MB of text; meshsim reads at most 16.0 MB per input, so none of it was read (the text itself is kept). Split it, or paste only the objects you need');
    // Named, so the app can say it once, in the held tab's notice, and not as a YAML error to fix at a line.
    expect(r.diagnostics[0].code).toBe('input-too-large');
    expect(parseYamlDocuments('a: [', 'workloads').diagnostics[0].code).toBeUndefined();
  });

  it.each([
    ['flow lists', (d: number) => `kind: Pod\nmetadata:\n  annotations:\n    x: ${'['.repeat(d)}${']'.repeat(d)}\n`, 4],
    ['flow maps', (d: number) => `kind: Pod\nspec:\n  x: ${'{a: '.repeat(d)}1${'}'.repeat(d)}\n`, 3],
    ['block maps', (d: number) => `kind: Pod\ndata:\n${Array.from({ length: d }, (_, i) => `${' '.repeat(2 + i)}k${i}:`).join('\n')} v\n`, 2 + 31],
    ['compact sequences', (d: number) => `kind: Pod\nitems:\n${'- '.repeat(d)}x\n`, 3],
  ])('%s nested too deep: the error in plain words at the line where the nesting starts', (_what, text, line) => {
    const r = parseYamlDocuments(text(MAX_NESTING_DEPTH + 10), 'workloads');
    expect(r.documents).toEqual([]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      `This value nests more than ${MAX_NESTING_DEPTH} levels of lists and maps deep; meshsim reads at most ${MAX_NESTING_DEPTH} (Kubernetes objects need a few dozen), so this input was not read`,
    ]);
    expect(r.diagnostics[0].source?.line).toBe(line);
    expect(parseYamlDocuments(text(MAX_NESTING_DEPTH - 10), 'workloads').diagnostics).toEqual([]);
  });

  it('braces and brackets inside block scalars and quotes are text, not nesting', () => {
    const template = '{{ if .X }}'.repeat(2 * MAX_NESTING_DEPTH);
    const r = parseYamlDocuments(`data:\n  config: |\n    ${template}\n  q: "${'['.repeat(2 * MAX_NESTING_DEPTH)}"\n`, 'injector');
    expect(r.diagnostics).toEqual([]);
    expect(r.documents).toHaveLength(1);
  });
});

describe('what the API server would refuse as too large', () => {
  it('an object over 3 MiB is not read, said at its line', async () => {
    const { readScenarioDocuments } = await import('../documents/scenarioDocuments.ts');
    const huge = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: big\n  annotations:\n    a: "${'x'.repeat(3 * 1024 * 1024)}"\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: small\n`;
    const docs = readScenarioDocuments([{ name: 'workloads', text: huge }]);
    expect(docs.workloads.map((w) => w.value.metadata.name)).toEqual(['small']);
    const d = docs.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.message).toBe('Pod big is 3.0 MB as written; the API server refuses any request over 3 MiB ("Request entity too large: limit is 3145728"), so meshsim does not read it');
    expect(d.source?.line).toBe(1);
  });
});
