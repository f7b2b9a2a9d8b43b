import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute, parseTemplates, sprigFunctions } from './index.ts';
import { dataArbitrary, defaultFuncNames, sprigDeterministic, templateArbitrary, tokenSoupArbitrary } from './testkit/arbitraries.ts';
import { errors, outputs, parseErrors, sprigOutputs } from './testkit/cases.ts';
import { GoInt, GoMap, GoSlice, type GoValue, isPlainMap } from './values.ts';

/*
 * Differential test against real Go: random templates and data run through Go's text/template + sprig
 * (differential/render.go) and through this engine; outputs and error messages must be identical.
 * Needs Debian's `golang-go` and `golang-github-masterminds-sprig-dev` (GOPATH mode); without them the
 * test is skipped with a loud warning.
 */
const here = dirname(fileURLToPath(import.meta.url));
const sprigSrc = '/usr/share/gocode/src/github.com/Masterminds/sprig';
const haveGo = spawnSync('go', ['version']).status === 0 && existsSync(sprigSrc);
if (!haveGo) console.warn('SKIPPED gotemplate differential test: install golang-go and golang-github-masterminds-sprig-dev (apt) to run it');

// Functions whose results Go leaves to chance (map order, randomness) or that differ by version.
const unordered = ['keys', 'pluck', 'values'];
const deterministic = defaultFuncNames.filter((f) => !unordered.includes(f));

function tag(v: GoValue): unknown {
  if (v === null || v === undefined) return { n: null };
  if (typeof v === 'bigint') return { i: String(v) };
  if (typeof v === 'number') return { f: v };
  if (typeof v === 'string') return { s: v };
  if (typeof v === 'boolean') return { b: v };
  if (Array.isArray(v)) return { l: v.map(tag) };
  if (isPlainMap(v)) return { m: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tag(x)])) };
  if (v instanceof GoInt || v instanceof GoMap || v instanceof GoSlice) throw new Error('typed values are not sent to Go');
  throw new Error('unsupported data');
}

interface GoResult { phase: 'ok' | 'parse' | 'exec' | 'panic'; output: string; error: string }

function buildRenderer(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'gotemplate-diff-')), 'render');
  const r = spawnSync('go', ['build', '-o', out, join(here, 'differential/render.go')], {
    env: { ...process.env, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: join(tmpdir(), 'gotemplate-diff-gocache') },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`go build failed: ${r.stderr}`);
  return out;
}

/**
 * Debian bookworm's Go 1.19 predates range over integers, {{else with}}, the callee's name in `call`'s
 * non-function error and the lexer's own "unexpected right paren"; the corpus (Go 1.23) fixes those, so
 * such cases are not compared.
 */
function comparable(text: string, goRes: GoResult): boolean {
  if (/range can't iterate over -?\d+$/.test(goRes.error)) return false;
  if (/else with/.test(text)) return false;
  if (/error calling call: non-function of type/.test(goRes.error)) return false;
  if (/unexpected "\)" in/.test(goRes.error)) return false;
  return true;
}

/** Runs [template, data] pairs through Go and this engine; returns the mismatches and how many were compared. */
function compare(bin: string, samples: [string, GoValue][]): { mismatches: string[]; compared: number } {
  return compareSets(bin, samples.map(([text, data]) => [[['t', text]], 't', data]));
}

/** Like compare, for sets of named texts executed by name. */
function compareSets(bin: string, samples: [texts: [string, string][], exec: string, data: GoValue][]): { mismatches: string[]; compared: number } {
  const cases = samples.map(([texts, exec, data]) => ({ texts, exec, sprig: true, data: tag(data) }));
  const r = spawnSync(bin, [], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  expect(r.status).toBe(0);
  const goResults = JSON.parse(r.stdout) as GoResult[];
  const funcs = sprigFunctions();
  const mismatches: string[] = [];
  let compared = 0;
  samples.forEach(([texts, exec, data], i) => {
    const g = goResults[i];
    const text = JSON.stringify(texts);
    if (!comparable(text, g)) return;
    compared++;
    const p = parseTemplates(texts, funcs);
    let mine: GoResult;
    if (!p.ok) mine = { phase: 'parse', output: '', error: p.error.message };
    else {
      const e = execute(p.set, exec, data);
      mine = e.ok ? { phase: 'ok', output: e.output, error: '' } : { phase: 'exec', output: '', error: e.error.message };
    }
    // This engine refuses giant lists that Go would build (a budget against hostile templates).
    if (mine.error.includes('(budget)')) return;
    // Go allows 100000 nested template calls; this engine stops at its own (JavaScript-stack-safe) limit.
    const depth = (e: string) => e.replace(/maximum template depth \(\d+\)/, 'maximum template depth (N)');
    const same = mine.phase === g.phase && (g.phase === 'ok' ? mine.output === g.output : depth(mine.error) === depth(g.error));
    if (!same) mismatches.push(`${text} exec=${exec} data=${JSON.stringify(tag(data))}\n  go:   ${g.phase} ${JSON.stringify(g.phase === 'ok' ? g.output : g.error)}\n  mine: ${mine.phase} ${JSON.stringify(mine.phase === 'ok' ? mine.output : mine.error)}`);
  });
  return { mismatches, compared };
}

describe.skipIf(!haveGo)('differential against Go text/template + sprig', () => {
  const bin = haveGo ? buildRenderer() : '';
  it('random templates render identically', () => {
    const runs = Number(process.env.GOTEMPLATE_DIFF_RUNS ?? 600);
    const samples = fc.sample(fc.tuple(templateArbitrary(deterministic, 5000), dataArbitrary), { numRuns: runs, seed: Number(process.env.GOTEMPLATE_DIFF_SEED ?? 42) });
    const { mismatches, compared } = compare(bin, samples);
    expect(compared).toBeGreaterThan(runs * 0.6);
    expect(mismatches.slice(0, 15).join('\n')).toBe('');
  }, 240_000);
  it('random templates over all deterministic sprig functions render identically', () => {
    const runs = Number(process.env.GOTEMPLATE_DIFF_RUNS ?? 600);
    const samples = fc.sample(fc.tuple(templateArbitrary(sprigDeterministic.filter((f) => !unordered.includes(f)), 5000), dataArbitrary), { numRuns: runs, seed: Number(process.env.GOTEMPLATE_DIFF_SEED ?? 43) });
    const { mismatches, compared } = compare(bin, samples);
    expect(compared).toBeGreaterThan(runs * 0.6);
    expect(mismatches.slice(0, 25).join('\n')).toBe('');
  }, 240_000);
  it('token soup lexes, parses and fails identically', () => {
    const runs = Number(process.env.GOTEMPLATE_DIFF_RUNS ?? 600) * 2;
    const samples = fc.sample(fc.tuple(tokenSoupArbitrary, dataArbitrary), { numRuns: runs, seed: Number(process.env.GOTEMPLATE_DIFF_SEED ?? 44) });
    const { mismatches, compared } = compare(bin, samples);
    expect(compared).toBeGreaterThan(runs * 0.6);
    expect(mismatches.slice(0, 25).join('\n')).toBe('');
  }, 240_000);
  it('string functions agree on tricky inputs', () => {
    const inputs = ['', 'a', 'hello world', 'HelloWorld', 'helloWorld', 'hello_world', 'Hello-World foo', 'HTTPServer', 'getHTTPResponse2Code',
      'foo  bar\tbaz', '  padded  ', 'é là ça', 'ABC def GHI', 'one_two-three four', 'x1y2Z3', 'snake_Case_Here', '__a__b__', 'A', 'aB',
      'The quick brown fox jumps over the lazy dog', 'a\nb\nc', 'ΣΑΣ σας', 'mixedCASEWords andMore', '123abc', 'abc123def'];
    const calls = ['title', 'untitle', 'upper', 'lower', 'swapcase', 'snakecase', 'camelcase', 'kebabcase', 'initials', 'nospace', 'trim',
      'abbrev 5', 'abbrev 10', 'abbrevboth 3 10', 'abbrevboth 5 10', 'wrap 5', 'wrapWith 5 "|"', 'trunc 3', 'trunc -3', 'substr 1 4', 'quote',
      'squote', 'b64enc', 'b32enc', 'sha256sum', 'adler32sum', 'splitList " "', 'split " "', 'regexQuoteMeta', 'urlquery', 'js', 'html',
      'printf "%q|%x|% x|%X|%10s|%-10s|%.3s|%v"', 'toJson', 'toRawJson', 'repeat 2', 'plural "one" "many" 1', 'trimAll " a"', 'indent 2', 'nindent 2',
      'regexFindAll "[a-z]+" -1', 'regexSplit "[ _-]" -1', 'regexReplaceAll "([a-z])([A-Z])" "${1}_${2}"'];
    const rows: [string, GoValue][] = [];
    for (const c of calls) for (const i of inputs) rows.push([`{{${c} ${JSON.stringify(i)}}}`, null]);
    const { mismatches } = compare(bin, rows);
    expect(mismatches.slice(0, 30).join('\n')).toBe('');
  }, 120_000);
  it('single calls with varied arguments agree', () => {
    const args = ['1', '-3', '0', '2.5', '-0.5', '1e7', '"7"', '"3.9"', '"x"', '""', '"a,b"', 'true', 'false', '.l', '.m', '.s', '.a', '.missing',
      '(list 1 2 3)', '(list)', '(list "b" "a" "b")', '(dict "a" 1 "b" (list 2))', '(dict)', '0x10', "'a'", '"%d|%s|%v|%q|%x|%5.1f|%t|%T"',
      '(int64 5)', '(float64 2)', '(toStrings (list 1 2))', '(splitList "," "x,y")', '"1.2.3"', '"^1.2"', '(semver "1.2.3")'];
    const call = fc.tuple(fc.constantFrom(...sprigDeterministic.filter((f) => !unordered.includes(f))), fc.array(fc.constantFrom(...args), { maxLength: 3 }))
      .map(([f, a]) => `{{${[f, ...a].join(' ')}}}`);
    const runs = Number(process.env.GOTEMPLATE_DIFF_RUNS ?? 600) * 2;
    const samples = fc.sample(fc.tuple(call, dataArbitrary), { numRuns: runs, seed: Number(process.env.GOTEMPLATE_DIFF_SEED ?? 45) });
    const { mismatches } = compare(bin, samples);
    expect(mismatches.slice(0, 30).join('\n')).toBe('');
  }, 240_000);
  it('printf verbs agree', () => {
    const verbs = ['%v', '%+v', '%T', '%d', '%s', '%q', '%x', '%X', '%o', '%O', '%b', '%e', '%E', '%f', '%F', '%g', '%G', '%t', '%c', '%U', '%#U',
      '%5d', '%-5s|', '%05.1f', '%.2s', '% x', '%#x', '%#o', '%+d', '%8.3e', '%.0f', '%.3g', '%10.4v', '%-8q|', '%+q', '%#q', '%x %x', '%!', '%', '%z',
      '%.*d', '%*d', '%[1]d', '%5.2s|', '%08.3f', '%+.1e', '% d', '%6.2f%%'];
    const values = ['1', '-1', '0', '255', '1.5', '-0.25', '1e21', '0.000001', '100000.0', '1e6', '"s"', '"héllo"', '""', 'true', 'nil', '.missing',
      '(list 1 "a" 2.5)', '(dict "k" 1)', "'a'", '(int64 -5)', '.l', '.m', '(splitList "," "a,b")', '3.0', '"a\tb\"c"'];
    const rows: [string, GoValue][] = [];
    for (const v of verbs) for (const x of values) rows.push([`{{printf ${JSON.stringify(v)} ${x}}}`, { l: [1n, null, 'x'], m: { a: 1.5 } }]);
    const { mismatches } = compare(bin, rows);
    expect(mismatches.slice(0, 40).join('\n')).toBe('');
  }, 120_000);
  it('sets of named texts with define/template/block agree', () => {
    const name = fc.constantFrom('x', 'y', 'a.tmpl', 'main');
    const body = templateArbitrary(['print', 'len', 'index', 'eq', 'default', 'list'], 50);
    const piece = fc.oneof(
      body,
      fc.tuple(name, body).map(([n, b]) => `{{define "${n}"}}${b}{{end}}`),
      fc.tuple(name, fc.constantFrom('.', '.a', '.l', '1', '')).map(([n, p]) => `{{template "${n}" ${p}}}`),
      fc.tuple(name, body).map(([n, b]) => `{{block "${n}" .}}${b}{{end}}`),
    );
    const text = fc.array(piece, { maxLength: 3 }).map((ps) => ps.join('\n'));
    const set = fc.tuple(fc.array(fc.tuple(name, text), { minLength: 1, maxLength: 3 }), name, dataArbitrary);
    const runs = Number(process.env.GOTEMPLATE_DIFF_RUNS ?? 600);
    const samples = fc.sample(set, { numRuns: runs, seed: Number(process.env.GOTEMPLATE_DIFF_SEED ?? 46) })
      .map(([texts, exec, data]) => [texts, exec, data] as [[string, string][], string, GoValue]);
    const { mismatches } = compareSets(bin, samples);
    expect(mismatches.slice(0, 20).join('\n')).toBe('');
  }, 240_000);
  it('the unit tests\' tables agree with Go', () => {
    // Rows whose data holds a function value (.f) cannot be sent to Go.
    const rows: [string, GoValue][] = [...outputs, ...sprigOutputs, ...errors]
      .filter(([, t]) => !/\.f\b/.test(t))
      .map(([, t, d]) => [t, d]);
    for (const [, t] of parseErrors) rows.push([t, null]);
    const { mismatches } = compare(bin, rows);
    expect(mismatches.join('\n')).toBe('');
  }, 120_000);
});
