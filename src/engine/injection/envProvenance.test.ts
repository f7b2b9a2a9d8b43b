import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../index.ts';
import { defaultScenarioTexts } from '../../fuzz/support/defaultScenario.ts';

describe('envProvenance', () => {
  // Found by src/fuzz/scenario.fuzz.test.ts: a lookup by the env var's name found Object.prototype's valueOf.
  it('names the source of an env var named after an Object.prototype member', () => {
    const mesh = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio\n  namespace: istio-system\ndata:\n  mesh: |\n    defaultConfig:\n      proxyMetadata:\n        valueOf: ""\n        constructor: x\n';
    const r = analyzeScenario({ texts: { ...defaultScenarioTexts(), mesh } });
    const env = r.injection?.pod?.env ?? [];
    for (const name of ['valueOf', 'constructor']) expect(env.find((e) => e.name === name)?.source).toEqual({ kind: 'proxyMetadata', from: 'mesh', key: name });
  });
});
