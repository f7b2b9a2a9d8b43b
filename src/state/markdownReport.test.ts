import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { examples } from './defaultScenario.ts';
import { markdownReport } from './markdownReport.ts';

describe('markdownReport', () => {
  it('carries the verdict, the deciding step, the diff, the env and the traced packet', () => {
    const texts = examples[0].texts;
    const result = analyzeScenario({ texts });
    const md = markdownReport(texts, result, 'https://example.invalid/#s=x');
    expect(md).toContain('**Verdict: injected**');
    expect(md).toContain('Deciding step:');
    expect(md).toContain('```diff');
    expect(md).toMatch(/^\+\s+name: istio-proxy$/m);
    expect(md).toContain('| istio-proxy | ISTIO_META_WORKLOAD_NAME | reviews |');
    expect(md).toContain('REDIRECT to 15001');
    expect(md).toContain('<details><summary>Inputs</summary>');
  });

  it('cannot be broken out of by backticks in the user text', () => {
    const texts = { ...examples[0].texts, workloads: examples[0].texts.workloads + '# ``` not a fence\n' };
    const md = markdownReport(texts, analyzeScenario({ texts }));
    expect(md).toContain('````yaml');
  });
});
