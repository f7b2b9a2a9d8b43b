import { beforeEach, describe, expect, it, vi } from 'vitest';

// Every text the `yaml` library is asked to parse, wherever in the engine the call is made.
const parsed: string[] = [];
vi.mock('yaml', async (original) => {
  const yaml = await original<typeof import('yaml')>();
  const record = <F extends (text: string, ...rest: any[]) => any>(f: F) => ((text: string, ...rest: any[]) => (parsed.push(text), f(text, ...rest))) as F;
  // yaml/parseDocuments.ts runs the library's Parser itself (to measure nesting before composing).
  class Parser extends yaml.Parser {
    *parse(source: string, incomplete = false) {
      parsed.push(source);
      yield* super.parse(source, incomplete);
    }
  }
  return { ...yaml, Parser, parse: record(yaml.parse), parseDocument: record(yaml.parseDocument), parseAllDocuments: record(yaml.parseAllDocuments) };
});
// ...and every text parseYamlDocuments' fast path reads instead (yaml/fastDocuments.ts): a read is a parse.
vi.mock('../yaml/fastDocuments.ts', async (original) => {
  const fast = await original<typeof import('../yaml/fastDocuments.ts')>();
  return {
    ...fast,
    fastYamlDocuments: (text: string) => {
      const read = fast.fastYamlDocuments(text);
      if (read) parsed.push(text);
      return read;
    },
  };
});

const { examples } = await import('../../examples/examples.ts');
const { createScenarioEngine } = await import('./analyzeScenario.ts');

/** Texts parsed more than once, with their count. */
function repeated(): [string, number][] {
  const counts = new Map<string, number>();
  for (const t of parsed) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([t, n]) => [t.slice(0, 80), n]);
}

/**
 * The panels, as the app's worker asks for them: a fix's texts wait until its Apply is pressed
 * (defer.suggestionTexts), when the yaml library parses the tabs the fix writes into (below).
 */
const defer = { suggestionTexts: true };

describe('no text is parsed twice on the way from an edit to the panels', () => {
  beforeEach(() => void (parsed.length = 0));

  it.each(examples.map((e) => [e.id, e] as const))('%s, analysed from nothing', (_id, e) => {
    createScenarioEngine().analyze({ texts: e.texts, cluster: e.cluster, traffic: e.traffic, defer });
    expect(repeated()).toEqual([]);
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s, with the fixes’ texts: only the tabs a fix writes into are parsed again, once, by the library', (_id, e) => {
    const engine = createScenarioEngine();
    engine.analyze({ texts: e.texts, cluster: e.cluster, traffic: e.traffic, defer });
    const read = [...parsed];
    parsed.length = 0;
    engine.analyze({ texts: e.texts, cluster: e.cluster, traffic: e.traffic });
    // Parsed again: whole tabs (the library's documents, to write a fix's edit into), each once, and
    // nothing the panels did not read already (no embedded text, nothing of the built-in install).
    expect(repeated()).toEqual([]);
    for (const t of parsed) {
      expect(read, 'a text the panels never read').toContain(t);
      expect(Object.values(e.texts), 'not a tab').toContain(t);
    }
  });

  it.each(['workloads', 'namespaces', 'webhooks', 'injector', 'mesh'] as const)('an edit to the %s tab parses that tab once and no other', (tab) => {
    const e = examples.find((x) => x.id === 'custom-template') ?? examples[0];
    const engine = createScenarioEngine();
    engine.analyze({ texts: e.texts, defer });
    parsed.length = 0;
    const edited = { ...e.texts, [tab]: `${e.texts[tab]}\n# edited\n` };
    const r = engine.analyze({ texts: edited, defer });
    expect(r.admission.workloads.length).toBeGreaterThan(0);
    expect(repeated()).toEqual([]);
    expect(parsed.filter((t) => t === edited[tab])).toHaveLength(1);
    for (const other of Object.keys(e.texts) as (keyof typeof e.texts)[]) {
      if (other === tab) continue;
      // Neither the other tabs nor anything written inside them (a ConfigMap's config, values, mesh).
      expect(parsed.filter((t) => t.length > 20 && e.texts[other].includes(t.trimEnd().split('\n')[0]) && !edited[tab].includes(t.trimEnd().split('\n')[0])), other).toEqual([]);
    }
  });

  it('a packet preset change parses nothing', () => {
    const engine = createScenarioEngine();
    engine.analyze({ texts: examples[0].texts, defer });
    parsed.length = 0;
    engine.analyze({ texts: examples[0].texts, traffic: { preset: 'request-arrives' }, defer });
    expect(parsed).toEqual([]);
  });
});
