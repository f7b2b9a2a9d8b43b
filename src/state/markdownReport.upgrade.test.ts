import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { buildCatalog } from '../examples/catalog.ts';
import { markdownReport, text } from './markdownReport.ts';

// The gallery as the app bundles it, read from disk (examples.ts needs Vite's glob).
const root = new URL('../examples/', import.meta.url);
const files: Record<string, string> = {};
for (const d of readdirSync(root, { withFileTypes: true })) {
  if (!d.isDirectory()) continue;
  for (const f of readdirSync(new URL(`${d.name}/`, root))) if (f.endsWith('.yaml')) files[`./${d.name}/${f}`] = readFileSync(new URL(`${d.name}/${f}`, root), 'utf8');
}
const canary = buildCatalog(files).find((e) => e.id === 'canary-upgrade')!;

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
    expect(section).toContain(`- ${text('proxy image 1.28.0 → 1.29-dev')}`);
    expect(section).toContain('<summary>Patched pod, today → target</summary>');
  });

  it('has no upgrade section without steps', () => {
    expect(markdownReport(canary.texts, analyzeScenario({ texts: canary.texts }))).not.toContain('Upgrade preview');
  });
});
