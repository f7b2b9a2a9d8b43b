import { describe, expect, it } from 'vitest';
import { GoError, GoInt, GoMap, execute, goFunc, hostObject, parseTemplates, sprigFunctions, type FuncMap, type GoValue } from './index.ts';

/** Renders `text` as template "t" (with sprig unless `funcs` is given); output or "ERR: message". */
function render(text: string | [string, string][], data: GoValue = null, funcs: FuncMap = sprigFunctions(), name = 't'): string {
  const texts: [string, string][] = typeof text === 'string' ? [['t', text]] : text;
  const p = parseTemplates(texts, funcs);
  if (!p.ok) return `PARSE: ${p.error.message}`;
  const r = execute(p.set, name, data);
  return r.ok ? r.output : `ERR: ${r.error.message}`;
}

// Behaviour the conformance corpus does not reach; expectations are Go's (text/template, fmt, sprig v3).
const outputs: [what: string, template: string, data: GoValue, expected: string][] = [
  ['range over int with index and break', '{{range $i := 5}}{{if eq $i 3}}{{break}}{{end}}{{$i}}{{end}}', null, '012'],
  ['range over negative int is empty', '{{range -2}}x{{else}}none{{end}}', null, 'none'],
  ['range continue skips the rest', '{{range .}}{{if eq . 2}}{{continue}}{{end}}{{.}}{{end}}', [1n, 2n, 3n], '13'],
  ['range map with key and value, sorted', '{{range $k, $v := .}}{{$k}}={{$v}};{{end}}', { b: 2n, a: 1n, B: 0n }, 'B=0;a=1;b=2;'],
  ['variables are scoped to their block', '{{$x := 1}}{{with 2}}{{$x := .}}{{$x}}{{end}}{{$x}}', null, '21'],
  ['assignment reaches the outer variable', '{{$x := 1}}{{range .}}{{$x = .}}{{end}}{{$x}}', [4n, 9n], '9'],
  ['else with chain', '{{with .a}}a{{else with .b}}b{{.}}{{else}}none{{end}}', { b: 2n }, 'b2'],
  ['block defines and runs', '{{block "b" .}}[{{.}}]{{end}}', 'x', '[x]'],
  ['trim markers eat all spaces and newlines', 'a  \n\t{{- 1 -}}  \n  b', null, 'a1b'],
  ['comment with trim', 'a {{- /* c */ -}} b', null, 'ab'],
  ['char constants are ints', "{{'a'}} {{'\\n'}} {{'\\u00e9'}}", null, '97 10 233'],
  ['floats print like Go', '{{1.5e300}} {{-0.0}} {{1e-7}} {{100000.0}} {{0.1}}', null, '1.5e+300 -0 1e-07 100000 0.1'],
  ['raw strings drop carriage returns', '{{`a\r\nb`}}', null, 'a\nb'],
  ['string escapes', '{{"\\x41\\u00e9\\t\\101"}}', null, 'Aé\tA'],
  ['len counts bytes', '{{len "héllo"}}', null, '6'],
  ['index of a string is a byte', '{{index "abc" 1}}', null, '98'],
  ['eq of missing and nil', '{{eq .missing nil}} {{eq .a nil}}', { a: null }, 'true true'],
  ['eq any of several', '{{eq "a" "b" "a"}}', null, 'true'],
  ['print spacing rules', '{{print 1 2 "a" 3 "b" "c" nil}}', null, '1 2a3bc<nil>'],
  ['println spaces and newline', '{{println 1 "a"}}', null, '1 a\n'],
  ['printf verbs', '{{printf "%5.2f|%-4d|%04d|%x|%X|%o|%q|%v|%T" 3.14159 42 42 255 255 8 "hi" .l 1.5}}', { l: [1n, 2n] }, ' 3.14|42  |0042|ff|FF|10|"hi"|[1 2]|float64'],
  ['printf complaints', '{{printf "%d %s|%z" 1}}', null, '1 %!s(MISSING)|%!z(MISSING)'],
  ['printf extra args', '{{printf "%d" 1 "x"}}', null, '1%!(EXTRA string=x)'],
  ['printf wrong verb', '{{printf "%d" "x"}}', null, '%!d(string=x)'],
  ['printf e and g', '{{printf "%.2e|%g|%.3g|%8.3f|%+d" 123456.789 0.000012345 3.14159 2.5 5}}', null, '1.23e+05|1.2345e-05|3.14|   2.500|+5'],
  ['printf chars', '{{printf "%c|%U|%q" 65 128512 65}}', null, "A|U+1F600|'A'"],
  ['map printing sorts keys, nil inside is <nil>', '{{.}}', { b: [null, true], a: 1.5 }, 'map[a:1.5 b:[<nil> true]]'],
  ['html js urlquery', `{{html "<a href='x'>"}} {{js "a<b"}} {{urlquery "a b&c"}}`, null, '&lt;a href=&#39;x&#39;&gt; a\\u003Cb a+b%26c'],
  ['call a function value', '{{call .f 2 3}}', null, '5'],
  ['and/or return the deciding operand', '{{and 1 "" 2}}|{{or 0 "" "z"}}|{{and 1 2}}', null, '|z|2'],
  ['template with no pipe gets no dot', '{{define "x"}}[{{.}}]{{end}}{{template "x"}}', 'd', '[<no value>]'],
  ['an empty redefinition keeps the old body', '{{define "x"}}old{{end}}{{template "x"}}', null, 'old'],
];

// sprig functions beyond the corpus.
const sprigOutputs: [string, string, GoValue, string][] = [
  ['toJson escapes html and sorts keys', '{{toJson .}}', { b: '<&>', a: 1.5, i: 3n, l: [1n, null], e: {} }, '{"a":1.5,"b":"\\u003c\\u0026\\u003e","e":{},"i":3,"l":[1,null]}'],
  ['toRawJson does not escape html', '{{toRawJson .}}', { a: '<' }, '{"a":"<"}'],
  ['toPrettyJson nests', '{{toPrettyJson .}}', { a: [], b: { c: [1n] } }, '{\n  "a": [],\n  "b": {\n    "c": [\n      1\n    ]\n  }\n}'],
  ['nindent and indent', '{{"a\\nb" | nindent 2}}|{{indent 1 "x\\ny"}}', null, '\n  a\n  b| x\n y'],
  ['trimAll and trimSuffix', '{{trimAll "$" "$$5$"}} {{trimSuffix "-x" "a-x"}}', null, '5 a'],
  ['replace and lower/upper', '{{replace "a" "b" "banana" | upper}} {{lower "ABC"}}', null, 'BBNBNB abc'],
  ['quote skips nil and quotes Go-style', '{{quote "a\\"b\\n" 1 nil}}', null, '"a\\"b\\n" "1"'],
  ['default treats empty values as unset', '{{default "d" .x}} {{default "d" 0}} {{default "d" false}} {{default "d" (list)}} {{default "d" "v"}}', {}, 'd d d d v'],
  ['coalesce and ternary', '{{coalesce "" 0 "x"}} {{ternary 1 2 false}}', null, 'x 2'],
  ['regexReplaceAll with named groups', '{{regexReplaceAll "(?P<first>\\\\w+) (?P<last>\\\\w+)" "John Smith" "${last} ${first}"}}', null, 'Smith John'],
  ['regexFindAll limited', '{{regexFindAll "[0-9]" "a1b2c3" 2}}', null, '[1 2]'],
  ['decimal float math', '{{mulf 0.1 3}} {{divf 1 3}} {{addf 0.1 0.2}} {{subf 1 0.9}}', null, '0.3 0.3333333333333333 0.3 0.1'],
  ['int math returns int64', '{{add 1 2 | printf "%T"}} {{div 7 2}} {{mod -7 3}} {{mul 2 3 4}} {{max 1 9 3}} {{min 4 2}}', null, 'int64 3 -1 24 9 2'],
  ['conversions', '{{toString 1.5}} {{atoi "12"}} {{int "0x1F"}} {{int64 "010"}} {{float64 "1e3"}}', null, '1.5 12 31 8 1000'],
  ['semverCompare constraints', '{{semverCompare ">=1.2.0, <2" "1.5.0"}} {{semverCompare "^1.2" "2.0.0"}} {{semverCompare "~1.2.3" "1.2.9"}} {{semverCompare "1.x" "1.9.9"}} {{semverCompare ">1.0" "1.1.0-beta"}}', null, 'true false true true false'],
  ['semver methods', '{{(semver "1.2.3-rc.1").Minor}} {{(semver "v2.0.0").Major}}', null, '2 2'],
  ['mergeOverwrite nested', '{{mergeOverwrite .a .b}}', { a: { x: { y: 1n, z: 2n } }, b: { x: { y: 3n } } }, 'map[x:map[y:3 z:2]]'],
  ['dict set unset keys', '{{$d := dict "b" 1 "a" 2}}{{$_ := set $d "c" 3}}{{$_ := unset $d "b"}}{{keys $d | sortAlpha}}', null, '[a c]'],
  ['list helpers', '{{list 3 1 2 | reverse}} {{initial (list 1 2 3)}} {{concat (list 1) (list 2 3)}} {{until 3}}', null, '[2 1 3] [1 2] [1 2 3] [0 1 2]'],
  ['b64dec of bad input gives the error text', '{{b64dec "!!"}}', null, 'illegal base64 data at input byte 0'],
  ['b64enc round trip', '{{b64enc "héllo" | b64dec}}', null, 'héllo'],
  ['sha1sum and adler32sum', '{{sha1sum "abc"}} {{adler32sum "abc"}}', null, 'a9993e364706816aba3e25717850c26c9cd0d89d 38600999'],
  ['path functions', '{{base "/a/b/"}} {{dir "a/b/c"}} {{clean "a/../b/./c"}} {{ext "x.tar.gz"}}', null, 'b a/b b/c .gz'],
  ['typeOf and kindOf', '{{typeOf 1}} {{typeOf (list)}} {{kindOf (dict)}} {{typeOf (splitList "," "a")}}', null, 'int []interface {} map []string'],
  ['title and camelcase', '{{title "hello world"}} {{camelcase "http_server"}} {{snakecase "FirstName"}}', null, 'Hello World HttpServer first_name'],
  ['substr and trunc bytes', '{{substr 1 3 "hello"}} {{trunc 2 "hello"}}', null, 'el he'],
  ['fromJson numbers are float64', '{{(fromJson "{\\"a\\": 1}").a | printf "%T"}}', null, 'float64'],
  ['round', '{{round 2.5 0}} {{round 1.2345 2}}', null, '3 1.23'],
];

const errors: [what: string, template: string, data: GoValue, expected: string][] = [
  ['field of an int names the type', '{{.X}}', 3n, 'template: t:1:2: executing "t" at <.X>: can\'t evaluate field X in type int'],
  ['wrong arity', '{{len 1 2}}', null, 'wrong number of args for len: want 1 got 2'],
  ['int param rejects a string literal', '{{trunc "a" "b"}}', null, 'expected integer; found "a"'],
  ['string param rejects an int value', '{{upper .}}', 3n, 'wrong type for value; expected string; got int'],
  ['lt of int and float', '{{lt 1 1.5}}', null, 'error calling lt: incompatible types for comparison'],
  ['eq of maps', '{{eq . .}}', { a: 1n }, 'non-comparable type'],
  ['undefined template', '{{template "nope"}}', null, 'template "nope" not defined'],
  ['range over a string', '{{range .}}{{end}}', 'abc', "range can't iterate over abc"],
  ['range two vars over int', '{{range $i, $e := .}}{{end}}', 3n, "can't use 3 to iterate over more than one variable"],
  ['printing a function', '{{.f}}', null, "can't print {{.f}} of type"],
  ['column counts bytes (0-based, as Go)', 'é{{.X.Y}}', { X: 1n }, 't:1:6:'],
  ['sprig fail', '{{fail "boom"}}', null, 'error calling fail: boom'],
  ['divide by zero', '{{div 1 0}}', null, 'error calling div: runtime error: integer divide by zero'],
  ['call of a non-function', '{{call 1}}', null, 'error calling call: non-function 1 of type int'],
];

const parseErrors: [what: string, template: string, expected: string][] = [
  ['unknown function', '{{nosuch}}', 'template: t:1: function "nosuch" not defined'],
  ['unexpected end', '{{end}}', 'unexpected {{end}}'],
  ['else outside if', 'a{{else}}', 'unexpected {{else}}'],
  ['continue outside range', '{{continue}}', '{{continue}} outside {{range}}'],
  ['bad number', '{{3k}}', 'bad number syntax: "3k"'],
  ['unclosed comment', '{{/* x', 'unclosed comment'],
  ['comment must end the action', '{{/* x */ 1}}', 'comment ends before closing delimiter'],
  ['integer overflow', '{{99999999999999999999}}', 'integer overflow'],
  ['literal then field', '{{"x".y}}', 'unexpected . after term'],
  ['invalid escape', '{{"\\q"}}', 'invalid syntax'],
  ['range with too many variables', '{{range $a, $b, $c := .}}{{end}}', 'too many declarations in range'],
];

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
