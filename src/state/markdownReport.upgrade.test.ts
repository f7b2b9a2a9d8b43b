import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { galleryOnDisk } from '../examples/galleryOnDisk.ts';
import { CANARY_TAG } from '../examples/exampleInstalls.ts';
import { BUILTIN_TAG } from '../engine/injection/builtin/defaultValues.ts';
import { markdownReport, text } from './markdownReport.ts';

const canary = galleryOnDisk().find((e) => e.id === 'canary-upgrade')!;

describe('the Markdown report of an upgrade preview', () => {
  it('has each step with its webhook table and the workloads a restart moves, then the selected workload today → target', () => {
    const result = analyzeScenario({ texts: canary.texts, upgrade: { steps: canary.upgrade! } });
    const md = markdownReport(canary.texts, result);
    const section = md.slice(md.indexOf('### Upgrade preview'));
    expect(section).toContain('**Today**');
    expect(section).toContain('**Step 3:** `istioctl tag set prod --revision canary --overwrite`');
    const row = ['shop', 'istio-revision-tag-prod/rev.namespace.sidecar-injector.istio.io', 'canary', 'namespace label istio.io/rev=prod, tag prod → revision canary'].map(text).join(' | ');
    expect(section).toContain(`| ${row} |`);
    expect(section).toContain(`A restart would move: ${text('payments/Deployment/ledger (default → canary)')}`);
    // Today's built-in install carries master's dev tag; the canary, the next release's first beta.
    expect(section).toContain(`- ${text(`proxy image ${BUILTIN_TAG} → ${CANARY_TAG}`)}`);
    expect(section).toContain('<summary>Patched pod, today → target</summary>');
  });

  it('has no upgrade section without steps', () => {
    expect(markdownReport(canary.texts, analyzeScenario({ texts: canary.texts }))).not.toContain('Upgrade preview');
  });
});
