import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeScenario } from '../engine/index.ts';
import { execute, parseTemplates, sprigFunctions } from '../engine/gotemplate/index.ts';
import { podCreateRequest } from '../engine/webhooks/admissionRequest.ts';
import { checkMatchConditions, readMatchConditions } from '../engine/webhooks/matchConditions.ts';
import { MAX_NESTING_DEPTH, parseYamlDocuments } from '../engine/yaml/index.ts';
import { text as markdownText } from '../state/markdownReport.ts';
import { defaultScenarioTexts, runs } from './support/defaultScenario.ts';
import { createProbe } from './support/probe.ts';
import { corrupted, hostileYaml } from './arbitraries/yamlTexts.ts';
import { crashDiagnostics, isRuntimeError, isYamlJargon } from './support/structured.ts';

/*
 * The classes of issue 16, as generators: patterns that make backtracking engines hang, CEL that
 * loops past any budget, nesting past the stack, widths and counts past memory, hostile strings in
 * the report, and every way of breaking lines. Each must end within the bound, as a value, in
 * meshsim's words (never JavaScript's "Maximum call stack size exceeded" or "Invalid string length").
 */
const probe = createProbe('hostileClasses', 20_000);
afterAll(() => probe.write());

/** Regular expressions from a small grammar: nested repetition and alternation, and what Go refuses. */
const regex: fc.Arbitrary<string> = fc.letrec((tie) => ({
  re: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('a', 'aa', '.', '\\d', '[ab]', '\\pL', '[[:alpha:]]', '^', '$', '\\b'),
    fc.constantFrom('\\1', '(?=a)', '(?<!a)', '[z-a]', 'a**', '(', 'x{1001}', '\\Z', '(?P<>a)'),
    fc.tuple(tie('re'), fc.constantFrom('*', '+', '?', '{2,}', '{1,3}', '*?')).map(([r, q]) => `(${r})${q}`),
    fc.tuple(tie('re'), tie('re')).map(([a, b]) => `(${a}|${b})`),
    fc.tuple(tie('re'), tie('re')).map(([a, b]) => `${a}${b}`),
  ),
})).re as fc.Arbitrary<string>;

const goString = (s: string) => JSON.stringify(s);

describe('issue 16 classes, generated', () => {
  it('sprig regex functions: any pattern on a long text ends, as a value', () => {
    const subject = fc.tuple(fc.constantFrom('a', 'ab', 'aab'), fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('', 'b', '!')).map(([u, n, t]) => u.repeat(n) + t);
    const call = fc.constantFrom('regexMatch', 'mustRegexMatch', 'regexFind', 'regexFindAll', 'regexReplaceAll', 'regexSplit');
    fc.assert(
      fc.property(regex, subject, call, (re, s, fn) => {
        const args = fn === 'regexFindAll' || fn === 'regexSplit' ? `${goString(re)} $s -1` : fn === 'regexReplaceAll' ? `${goString(re)} $s "x"` : `${goString(re)} $s`;
        const text = `{{ $s := ${goString(s)} }}{{ ${fn} ${args} | len }}`;
        const p = parseTemplates([['t', text]], sprigFunctions());
        if (!p.ok) return;
        const r = probe.time({ re, fn, length: s.length }, () => execute(p.set, 't', null));
        if (!r.ok) expect(isRuntimeError(r.error.message), r.error.message).toBe(false);
      }),
      { numRuns: runs(80) },
    );
  });

  it('CEL matchConditions: nested comprehensions and RE2 matches end within the cost budget', () => {
    const list = fc.constantFrom('object.spec.containers', '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]', 'object.metadata.name.split("")');
    const body: fc.Arbitrary<string> = fc.letrec((tie) => ({
      e: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom('true', 'x != null', "object.metadata.name.startsWith('a')"),
        regex.map((re) => `object.metadata.name.matches(${JSON.stringify(re)})`),
        fc.tuple(list, fc.constantFrom('all', 'exists', 'exists_one', 'filter', 'map'), tie('e')).map(([l, m, e]) => (m === 'map' || m === 'filter' ? `${l}.${m}(x, ${m === 'map' ? '1' : e}).size() >= 0` : `${l}.${m}(x, ${e})`)),
      ),
    })).e as fc.Arbitrary<string>;
    const containers = Array.from({ length: 60 }, (_, i) => ({ name: `c${i}` }));
    const request = podCreateRequest('ns', {}, { labels: {}, value: { metadata: { name: 'a'.repeat(2000) }, spec: { containers } } });
    fc.assert(
      fc.property(fc.array(body, { minLength: 1, maxLength: 3 }), (expressions) => {
        const read = readMatchConditions(expressions.map((expression, i) => ({ name: `c${i}`, expression })), 'webhooks[0]');
        for (const p of read.problems) expect(isRuntimeError(p), p).toBe(false);
        const r = probe.time(expressions, () => checkMatchConditions(read.conditions, request));
        expect(['pass', 'fail', 'error']).toContain(r.outcome);
        for (const c of r.conditions) expect(isRuntimeError(c.message ?? ''), c.message).toBe(false);
      }),
      { numRuns: runs(60) },
    );
  });

  it('nesting of any depth and shape is read, or refused in plain words at a line', () => {
    const shape = fc.constantFrom('flow-list', 'flow-map', 'block', 'compact');
    const nest = (s: string, d: number) =>
      s === 'flow-list' ? `x: ${'['.repeat(d)}${']'.repeat(d)}` : s === 'flow-map' ? `x: ${'{a: '.repeat(d)}1${'}'.repeat(d)}` : s === 'block' ? Array.from({ length: d }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' v' : `x:\n${'- '.repeat(d)}v`;
    fc.assert(
      fc.property(shape, fc.integer({ min: 1, max: 3 * MAX_NESTING_DEPTH }), fc.nat(5), (s, depth, before) => {
        const text = `${'a: 1\n'.repeat(before)}${nest(s, depth)}\n`;
        const r = probe.time({ shape: s, depth }, () => parseYamlDocuments(text, 'workloads'));
        for (const d of r.diagnostics) expect(isRuntimeError(d.message), d.message).toBe(false);
        const refused = r.diagnostics.find((d) => d.message.includes('levels of lists and maps deep'));
        if (depth > MAX_NESTING_DEPTH + 2) expect(refused?.source?.line).toBeGreaterThan(0);
        if (depth < MAX_NESTING_DEPTH - 2) expect(refused).toBeUndefined();
      }),
      { numRuns: runs(60) },
    );
  });

  it('printf widths and precisions, indent and repeat counts of any size end as Go output or a budget, never a JavaScript error', () => {
    const big = fc.oneof(fc.nat(20), fc.constantFrom(999_999, 1_000_000, 1_000_001, 10_000_000, 99_999_999, 999_999_999, 2 ** 31, 2 ** 53));
    const template = fc.oneof(
      fc.tuple(fc.constantFrom('', '0', '-', '+', '#'), big, fc.option(big, { nil: undefined }), fc.constantFrom('d', 'f', 's', 'x', 'v', 'q')).map(
        ([flag, w, p, v]) => `{{ printf "%${flag}${w}${p === undefined ? '' : `.${p}`}${v}" ${v === 's' || v === 'q' ? '"x"' : v === 'f' ? '1.5' : '7'} | len }}`,
      ),
      fc.tuple(big, fc.constantFrom('*d', '.*f', '*.*f')).map(([n, v]) => `{{ printf "%${v}" ${n} ${v === '*.*f' ? `${n} ` : ''}${v.endsWith('f') ? '1.5' : '7'} | len }}`),
      fc.tuple(fc.constantFrom('indent', 'nindent', 'repeat', 'trunc', 'abbrev', 'wrap', 'randAlpha'), big).map(([f, n]) => `{{ ${f} ${n}${f === 'randAlpha' ? '' : ' "ab\\ncd"'} | len }}`),
    );
    fc.assert(
      fc.property(template, (t) => {
        const p = parseTemplates([['t', t]], sprigFunctions());
        if (!p.ok) return;
        const r = probe.time(t, () => execute(p.set, 't', null));
        if (!r.ok) expect(isRuntimeError(r.error.message), r.error.message).toBe(false);
      }),
      { numRuns: runs(120) },
    );
  });

  it('any string in the Markdown report renders as text, with no element, link or block of its own', () => {
    const fragment = fc.constantFrom('<img src=x onerror=alert(1)>', '<script>', '</details>', '[x](javascript:alert(1))', '![i](http://e.example/i)', '# ', '\n', '\r', '\u202e', '`', '```', '**', '_', '~~', '|', '> ', '1. ', '- ', '&lt;', '&#60;', 'https://e.example', 'www.e.example', '\\', '<!--', '-->', '<a href="javascript:x">', '@user', ':', '<');
    const hostile = fc.array(fc.oneof(fragment, fc.string({ maxLength: 6 })), { maxLength: 12 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(hostile, (s) => {
        const html = micromark(`Name: ${markdownText(s)}`, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
        expect(html).toMatch(/^<p>Name:( [^\n]*)?<\/p>\n?$/);
        expect(html.replace(/^<p>|<\/p>\n?$/g, '')).not.toMatch(/</);
      }),
      { numRuns: runs(300) },
    );
  });

  it('broken YAML of any kind is said in plain words, one error per document, at a place in the text', () => {
    const kube = fc.constantFrom('apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels: {app: web}\n  annotations:\n    a: "b"\nspec:\n  containers:\n  - name: c\n    image: x\n    env: [{name: A, value: "1"}]\n');
    fc.assert(
      fc.property(fc.oneof(hostileYaml, corrupted(kube)), (text) => {
        const r = probe.time(text.slice(0, 200), () => parseYamlDocuments(text, 'workloads'));
        const lines = text.split(/\r\n|\r|\n/).length;
        for (const d of r.diagnostics) {
          expect(isYamlJargon(d.message), d.message).toBe(false);
          expect(d.source!.line, d.message).toBeLessThanOrEqual(lines);
        }
        // Duplicate keys are each their own problem; of the library's errors a document says its first.
        const errors = r.diagnostics.filter((d) => d.severity === 'error' && !/is written twice in this map/.test(d.message));
        expect(errors.length).toBeLessThanOrEqual(Math.max(1, r.stream.length));
      }),
      { numRuns: runs(300) },
    );
  });

  it('any mix of LF, CRLF and lone CR reads as the same lines', () => {
    const lines = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'kind', 'name'), fc.constantFrom('1', 'x', '"q"', '')), { minLength: 1, maxLength: 12 });
    const breaks = fc.array(fc.constantFrom('\n', '\r\n', '\r'), { minLength: 12, maxLength: 12 });
    fc.assert(
      fc.property(lines, breaks, (ls, bs) => {
        const lf = ls.map(([k, v]) => `${k}: ${v}`).join('\n') + '\n';
        const mixed = ls.map(([k, v], i) => `${k}: ${v}${bs[i]}`).join('');
        const a = parseYamlDocuments(lf, 'workloads');
        const b = parseYamlDocuments(mixed, 'workloads');
        expect(b.diagnostics.map((d) => [d.message, d.source?.line, d.source?.column])).toEqual(a.diagnostics.map((d) => [d.message, d.source?.line, d.source?.column]));
        if (a.documents[0]) expect(b.documents[0]?.locate([ls[ls.length - 1][0]])?.line).toBe(a.documents[0].locate([ls[ls.length - 1][0]])?.line);
      }),
      { numRuns: runs(200) },
    );
  });

  it('the default scenario with a hostile injector template or mesh key still answers in meshsim words', () => {
    const base = defaultScenarioTexts();
    const hostile = fc.constantFrom(
      `{{ ${'('.repeat(800)}1${')'.repeat(800)} }}`,
      `${'{{ if true }}'.repeat(700)}x${'{{ end }}'.repeat(700)}`,
      '{{ printf "%0999999999d" 5 }}',
      '{{ indent 1000000000 "x" }}',
      '{{ regexReplaceAll "(a|a)*$" (repeat 50000 "a") "b" }}',
    );
    fc.assert(
      fc.property(hostile, (template) => {
        const injector = base.injector + `\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-sidecar-injector\n  namespace: istio-system\ndata:\n  values: '{}'\n  config: |\n    policy: enabled\n    templates:\n      sidecar: |\n        ${template}\n`;
        const r = probe.time(template, () => analyzeScenario({ texts: { ...base, injector } }));
        expect(crashDiagnostics(r.diagnostics)).toEqual([]);
        for (const w of r.admission.workloads) expect(isRuntimeError(w.summary), w.summary).toBe(false);
      }),
      { numRuns: runs(10) },
    );
  });
});
