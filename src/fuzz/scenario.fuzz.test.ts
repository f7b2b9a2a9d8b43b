import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeScenario, INPUT_NAMES, type ScenarioInput, type ScenarioResult } from '../engine/index.ts';
import { injectorDocument, meshDocument, namespaceDocument, webhookDocument, workloadDocument, yamlStream } from './arbitraries/kubeDocuments.ts';
import { packet } from './arbitraries/packets.ts';
import { corrupted, hostileYaml } from './arbitraries/yamlTexts.ts';
import { createProbe } from './support/probe.ts';
import { defaultScenarioTexts, runs } from './support/defaultScenario.ts';
import { crashDiagnostics, isPlainData, leakedValueWords } from './support/structured.ts';

// The engine's single entry, fed whole scenarios: hostile text in every tab, well-shaped documents
// with wrong types and hostile values, and the default scenario with one part replaced.
const probe = createProbe('analyzeScenario', 20_000);
afterAll(() => probe.write());

const base = defaultScenarioTexts();

/**
 * A whole property may take minutes on shared cores; each input's own bound (the probe's) is what
 * tells a hang, so the property as a whole gets room.
 */
const WHOLE_PROPERTY_MS = 300_000;

function check(input: ScenarioInput): ScenarioResult {
  const result = probe.time(input, () => analyzeScenario(input));
  expect(isPlainData(result)).toBe(true);
  expect(crashDiagnostics(result.diagnostics)).toEqual([]);
  expect(leakedValueWords(JSON.stringify(result), Object.values(input.texts))).toEqual([]);
  expect(result.selectedWorkload).toBeGreaterThanOrEqual(0);
  return result;
}

const documentsFor = {
  workloads: yamlStream(workloadDocument),
  namespaces: yamlStream(namespaceDocument),
  webhooks: yamlStream(webhookDocument, 2),
  injector: yamlStream(injectorDocument, 1),
  mesh: yamlStream(meshDocument, 1),
} as const;

const trafficOptions = fc.option(
  fc.record({ family: fc.constantFrom('ipv4', 'ipv6', 'ipx' as never), preset: fc.constantFrom('app-calls-service', 'request-arrives', 'dns', 'nope', ''), packet: fc.option(packet, { nil: undefined }) }, { requiredKeys: [] }),
  { nil: undefined },
);

describe('analyzeScenario under fuzzing', () => {
  it('turns hostile text in any tab into diagnostics', () => {
    const texts = fc.record(Object.fromEntries(INPUT_NAMES.map((n) => [n, fc.oneof(hostileYaml, corrupted(documentsFor[n]), fc.constant(''))])), { requiredKeys: [] });
    fc.assert(fc.property(texts, fc.integer({ min: -5, max: 5 }), (t, selectedWorkload) => void check({ texts: t, selectedWorkload })), { numRuns: runs(500) });
  }, WHOLE_PROPERTY_MS);

  it('survives well-shaped documents whose fields hold anything', () => {
    const texts = fc.record(Object.fromEntries(INPUT_NAMES.map((n) => [n, documentsFor[n]])), { requiredKeys: [] });
    fc.assert(fc.property(texts, (t) => void check({ texts: t })), { numRuns: runs(150) });
  }, WHOLE_PROPERTY_MS);

  it('survives the default scenario with one tab replaced, and any packet to trace', () => {
    const replaced = fc.constantFrom(...INPUT_NAMES).chain((name) => fc.tuple(fc.constant(name), fc.oneof(documentsFor[name], corrupted(fc.constant(base[name])))));
    fc.assert(
      fc.property(replaced, trafficOptions, ([name, text], traffic) => void check({ texts: { ...base, [name]: text }, traffic })),
      { numRuns: runs(40) },
    );
  });

  it('survives hostile capture annotations on an injected pod', () => {
    const annotation = fc.tuple(
      fc.constantFrom('includeInboundPorts', 'excludeInboundPorts', 'includeOutboundPorts', 'excludeOutboundPorts', 'includeOutboundIPRanges', 'excludeOutboundIPRanges', 'kubevirtInterfaces', 'excludeInterfaces'),
      fc.string({ maxLength: 0 }),
    );
    const huge = fc.tuple(annotation, fc.integer({ min: 1000, max: 30_000 }), fc.boolean()).map(([[key], n, cidrs]) => ({
      key: `traffic.sidecar.istio.io/${key}`,
      value: Array.from({ length: n }, (_, i) => (cidrs ? `10.${(i >> 8) & 255}.${i & 255}.0/24` : String((i % 65535) + 1))).join(','),
    }));
    fc.assert(
      fc.property(huge, trafficOptions, ({ key, value }, traffic) => {
        const workloads = base.workloads.replace('      labels:\n        app: reviews', `      annotations:\n        ${key}: "${value}"\n      labels:\n        app: reviews`);
        expect(workloads).not.toBe(base.workloads);
        check({ texts: { ...base, workloads }, traffic });
      }),
      { numRuns: runs(10) },
    );
  });
});
