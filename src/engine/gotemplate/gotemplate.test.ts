import { describe, expect, it } from 'vitest';
import { GoError, GoInt, GoMap, execute, goFunc, hostObject, parseTemplates, sprigFunctions, type FuncMap, type GoValue } from './index.ts';
import { errors, outputs, parseErrors, sprigOutputs } from './testkit/cases.ts';

/** Renders `text` as template "t" (with sprig unless `funcs` is given); output or "ERR: message". */
function render(text: string | [string, string][], data: GoValue = null, funcs: FuncMap = sprigFunctions(), name = 't'): string {
  const texts: [string, string][] = typeof text === 'string' ? [['t', text]] : text;
  const p = parseTemplates(texts, funcs);
  if (!p.ok) return `PARSE: ${p.error.message}`;
  const r = execute(p.set, name, data);
  return r.ok ? r.output : `ERR: ${r.error.message}`;
}

const env = (): GoValue => ({ f: goFunc(['int', 'int'], (a: bigint, b: bigint) => a + b, { result: 'int' }) });

describe('gotemplate execution', () => {
  it.each(outputs)('%s', (_what, template, data, expected) => {
    const d = data === null && /\.f\b/.test(template) ? env() : data;
    const got = render(template, d, {});
    expect(got).toBe(expected);
  });
  it.each(sprigOutputs)('sprig: %s', (_what, template, data, expected) => {
    expect(render(template, data)).toBe(expected);
  });
  it.each(errors)('error: %s', (_what, template, data, expected) => {
    const d = data === null && /\.f\b/.test(template) ? env() : data;
    const got = render(template, d);
    expect(got.startsWith('ERR: ')).toBe(true);
    expect(got).toContain(expected);
  });
  it.each(parseErrors)('parse error: %s', (_what, template, expected) => {
    const got = render(template, null);
    expect(got.startsWith('PARSE: ')).toBe(true);
    expect(got).toContain(expected);
  });
});

describe('templates across texts', () => {
  it('a later text redefines a template; an empty one does not', () => {
    expect(render([['a', '{{define "x"}}1{{end}}'], ['b', '{{define "x"}}2{{end}}'], ['c', '{{template "x"}}']], null, {}, 'c')).toBe('2');
    expect(render([['a', '{{define "x"}}1{{end}}'], ['b', '{{define "x"}} {{end}}'], ['c', '{{template "x"}}']], null, {}, 'c')).toBe('1');
  });
  it('errors name the innermost template and the text that holds it', () => {
    const got = render([['top', 'x\n{{define "in"}}{{.Y.Z}}{{end}}{{template "in" 1}}']], null, {}, 'top');
    expect(got).toBe('ERR: template: top:2:19: executing "in" at <.Y.Z>: can\'t evaluate field Y in type int');
  });
  it('executing an unknown name is an error value', () => {
    const p = parseTemplates([['a', 'x']]);
    expect(p.ok && execute(p.set, 'zz', null).ok).toBe(false);
  });
  it('reports the error position as a diagnostic with a 1-based column', () => {
    const p = parseTemplates([['t', 'ab\n  {{.X.Y}}']]);
    if (!p.ok) throw new Error('parse failed');
    const r = execute(p.set, 't', 1n);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.diagnostic.source).toEqual({ input: 't', line: 2, column: 7 });
  });
});

describe('budgets', () => {
  it('cuts off a huge integer range with a clear error', () => {
    const p = parseTemplates([['t', '{{range 100000000000}}{{end}}']]);
    if (!p.ok) throw new Error('parse failed');
    const r = execute(p.set, 't', null, { limits: { maxSteps: 10_000 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('step budget');
  });
  it('cuts off recursion through template', () => {
    expect(render([['t', '{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}']])).toContain('exceeded maximum template depth');
  });
  it('cuts off runaway output', () => {
    const p = parseTemplates([['t', '{{range 100000}}xxxxxxxxxx{{end}}']]);
    if (!p.ok) throw new Error('parse failed');
    const r = execute(p.set, 't', null, { limits: { maxOutputBytes: 1000 } });
    expect(!r.ok && r.error.message).toContain('output exceeds the budget');
  });
  it('runs patterns that backtracking engines hang on, as RE2 does (sprig/regex.test.ts has more)', () => {
    expect(render('{{mustRegexMatch "(a+)+$" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"}}')).toBe('false');
  });
  it('refuses giant sprig lists', () => {
    expect(render('{{len (until 100000000)}}')).toContain('budget');
  });
});

describe('host objects and host functions', () => {
  const holdFalse = hostObject({ goType: '*wrappers.BoolValue', fields: { Value: false }, methods: { GetValue: goFunc([], () => false, { result: 'bool' }) } });
  const nilBool = hostObject({ goType: '*wrappers.BoolValue', nil: true, fields: { Value: false }, methods: { GetValue: goFunc([], () => false, { result: 'bool' }) } });
  const mode = hostObject({ goType: 'v1alpha1.ProxyConfig_InboundInterceptionMode', underlying: () => 0n, format: () => 'REDIRECT', methods: { String: goFunc([], () => 'REDIRECT', { result: 'string' }) } });
  const proxyConfig = hostObject({
    goType: '*v1alpha1.ProxyConfig',
    fields: { InterceptionMode: mode, ProxyMetadata: new GoMap('string', { A: 'b' }), Concurrency: null },
    methods: {
      GetHoldApplicationUntilProxyStarts: goFunc([], () => holdFalse, { result: '*wrappers.BoolValue' }),
      GetTracing: goFunc([], () => nilBool, { result: '*wrappers.BoolValue' }),
    },
  });
  const data: GoValue = { ProxyConfig: proxyConfig, ProxyUID: new GoInt('int64', 1337n) };

  it.each([
    ['method chains', '{{.ProxyConfig.GetHoldApplicationUntilProxyStarts.GetValue}}', 'false'],
    ['methods on nil pointers run', '{{.ProxyConfig.GetTracing.GetValue}}', 'false'],
    ['fields of nil pointers fail', '{{.ProxyConfig.GetTracing.Value}}', 'ERR: template: t:1:14: executing "t" at <.ProxyConfig.GetTracing.Value>: nil pointer evaluating *wrappers.BoolValue.Value'],
    ['enums print their name and compare as numbers', '{{.ProxyConfig.InterceptionMode}} {{.ProxyConfig.InterceptionMode.String}} {{eq .ProxyConfig.InterceptionMode 0}}', 'REDIRECT REDIRECT true'],
    ['typed maps give zero values from index', '{{index .ProxyConfig.ProxyMetadata "A"}}|{{index .ProxyConfig.ProxyMetadata "Z"}}|{{.ProxyConfig.ProxyMetadata.Z}}', 'b||<no value>'],
    ['unknown fields name the type', '{{.ProxyConfig.Nope}}', "ERR: template: t:1:14: executing \"t\" at <.ProxyConfig.Nope>: can't evaluate field Nope in type *v1alpha1.ProxyConfig"],
    ['int64 compares with int', '{{eq .ProxyUID 1337}} {{printf "%T" .ProxyUID}}', 'true int64'],
  ])('%s', (_what, template, expected) => {
    expect(render(template, data)).toBe(expected);
  });

  it('host functions receive converted Go values and may return host objects', () => {
    const seen: unknown[] = [];
    const funcs: FuncMap = {
      annotation: goFunc(['interface {}', 'string', 'interface {}'], (meta: GoValue, name: string, def: GoValue) => {
        seen.push(meta, name, def);
        return def;
      }, { result: 'string' }),
      boom: goFunc([], () => {
        throw new GoError('no');
      }),
    };
    expect(render('{{annotation .ProxyConfig "x" 15020.0}}', data, funcs)).toBe('15020');
    expect(seen).toEqual([proxyConfig, 'x', 15020]);
    expect(render('{{boom}}', data, funcs)).toContain('error calling boom: no');
  });
});
