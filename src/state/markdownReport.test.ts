import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { examples } from './defaultScenario.ts';
import { code, markdownReport, text } from './markdownReport.ts';

/** The report as GitHub-flavoured Markdown renders it, raw HTML let through (as some places that render Markdown do). */
const render = (md: string) => micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

/** The visible text of rendered HTML (entities decoded), to check that what was pasted is shown as written. */
const visible = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '![x](https://evil.example/x.png)',
  '<script>alert(1)</script>',
  '# heading\n## another',
  '*bold* _it_ ~~del~~ `code` | pipe',
  'https://evil.example/ and www.evil.example',
  '&lt;b&gt; &#60;b&#62; &amp;',
  '1. list\n- item\n> quote',
  '<!-- comment --> <a href="javascript:x">a</a>',
  'back\\slash\\',
  'bidi \u202eevil\u202c and nul \u0000',
];

describe('markdownReport', () => {
  it('carries the verdict, the deciding step, the diff, the env and the traced packet', () => {
    const texts = examples[0].texts;
    const result = analyzeScenario({ texts });
    const md = markdownReport(texts, result, 'https://example.invalid/#s=x');
    expect(md).toContain('**Verdict: injected**');
    expect(md).toContain('Deciding step:');
    expect(md).toContain('```diff');
    expect(md).toMatch(/^\+\s+name: istio-proxy$/m);
    expect(md).toContain('| istio\\-proxy | `ISTIO_META_WORKLOAD_NAME` | `reviews` |');
    expect(visible(render(md))).toContain('REDIRECT to 15001');
    expect(md).toContain('<details><summary>Inputs</summary>');
    expect(render(md)).toContain('<a href="https://example.invalid/#s=x">Open this scenario in meshsim</a>');
  });

  it('names the Istio release the pod was simulated as, and why', () => {
    const texts = examples[0].texts;
    const chosen = markdownReport(texts, analyzeScenario({ texts, cluster: { istioRelease: '1.24' } }));
    // text() escapes Markdown's punctuation; rendered, it reads as written.
    expect(visible(render(chosen))).toContain('Simulated as Istio 1.24 (latest patch): Istio 1.24 (latest patch), as set.');
    expect(visible(render(markdownReport(texts, analyzeScenario({ texts }))))).toMatch(/Simulated as Istio master: .*master/);
  });

  it('cannot be broken out of by backticks in the user text', () => {
    const texts = { ...examples[0].texts, workloads: examples[0].texts.workloads + '# ``` not a fence\n' };
    const md = markdownReport(texts, analyzeScenario({ texts }));
    expect(md).toContain('````yaml');
  });

  it.each(HOSTILE)('text() shows %j as text, with no element, link or block of its own', (s) => {
    const html = render(`Name: ${text(s)}`);
    expect(html).toMatch(/^<p>Name: [^\n]*<\/p>\n?$/);
    expect(html).not.toMatch(/<(?!\/?p>)/);
    expect(visible(html).slice('Name: '.length)).toBe(s.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ').trimEnd());
  });

  it.each(HOSTILE)('code() shows %j as code, in a table too', (s) => {
    const html = render(`| a |\n|---|\n| ${code(s)} |`);
    expect(html.match(/<code>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<(?!\/?(table|thead|tbody|tr|th|td|code)>)/);
  });

  it('a workload whose name and labels hold HTML and links renders as text', () => {
    const name = '<img src=x onerror=alert(1)>[x](javascript:alert(1))';
    const workloads = examples[0].texts.workloads.replace('name: reviews', `name: ${JSON.stringify(name)}`);
    expect(workloads).not.toBe(examples[0].texts.workloads);
    const texts = { ...examples[0].texts, workloads };
    const md = markdownReport(texts, analyzeScenario({ texts }));
    const html = render(md);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:alert(1)"');
    expect(html.match(/<h2>/g)).toHaveLength(1);
    const heading = /<h2>(.*)<\/h2>/.exec(html)![1];
    expect(visible(heading)).toContain(name);
  });
});
