import YAML from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execute, hostObject, parseTemplates, sprigFunctions, type GoValue } from './index.ts';
import { inheritedNames, prototypeSnapshot } from '../../fuzz/support/prototypes.ts';

/*
 * A Go map holds its entries and a Go struct its exported fields; nothing else answers to a name.
 * JavaScript objects answer to every name their prototypes hold. These tests ask for each such
 * name (src/fuzz/support/prototypes.ts reads them from the running engine) through every way a template
 * names a key or a field, and check Go's answer and that the prototypes are exactly as before.
 */
const inherited = inheritedNames;

function render(text: string, data: GoValue): string {
  const p = parseTemplates([['t', text]], sprigFunctions());
  if (!p.ok) return `PARSE: ${p.error.message}`;
  const r = execute(p.set, 't', data);
  return r.ok ? r.output : `ERR: ${r.error.message}`;
}

describe('names a JavaScript prototype holds are not keys or fields', () => {
  let before: string;
  beforeEach(() => {
    before = prototypeSnapshot();
  });
  afterEach(() => {
    expect(prototypeSnapshot()).toBe(before);
  });

  it('lists the names it tries (the test would pass vacuously on none)', () => {
    expect(inherited).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'length', 'call']));
  });

  it.each(inherited)('%s: a map from YAML has no such key', (name) => {
    const data = YAML.parse('a: 1\nlist: [1]\ns: x') as GoValue;
    const q = JSON.stringify(name);
    expect(render(`{{ .${name} }}|{{ index . ${q} }}|{{ hasKey . ${q} }}|{{ get . ${q} }}|{{ dig ${q} "d" . }}|{{ pluck ${q} . }}`, data))
      .toBe('<no value>|<no value>|false||d|[]');
    expect(render(`{{ .a.${name} }}`, data)).toBe(`ERR: template: t:1:5: executing "t" at <.a.${name}>: can't evaluate field ${name} in type interface {}`);
    expect(render(`{{ .list.${name} }}`, data)).toBe(`ERR: template: t:1:8: executing "t" at <.list.${name}>: can't evaluate field ${name} in type interface {}`);
  });

  it.each(inherited)('%s: a struct has no such field or method', (name) => {
    const data = hostObject({ goType: '*inject.SidecarTemplateData', fields: { Values: YAML.parse('a: 1') as GoValue } });
    expect(render(`{{ .${name} }}`, data)).toBe(`ERR: template: t:1:3: executing "t" at <.${name}>: can't evaluate field ${name} in type *inject.SidecarTemplateData`);
    expect(render(`{{ .Values.${name} }}`, data)).toBe('<no value>');
  });

  it.each(inherited)('%s: set, unset and merge make and drop an entry of the map, nothing else', (name) => {
    const q = JSON.stringify(name);
    const data = YAML.parse('a: 1') as GoValue;
    const text = `{{ $m := dict }}{{ $_ := set $m ${q} "v" }}{{ $_ := set . ${q} (dict "x" 1) }}` +
      `{{ keys $m }} {{ index $m ${q} }} {{ keys . | sortAlpha }} {{ index . ${q} "x" }}` +
      `{{ $_ := unset . ${q} }} {{ keys . }} {{ $_ := unset . "a" }}{{ keys . }}` +
      `{{ $j := fromJson (printf "{%q: {\\"polluted\\": 1}}" ${q}) }}{{ $_ := mergeOverwrite . $j }} {{ keys . }} {{ .polluted }}`;
    expect(render(text, data)).toBe(`[${name}] v [${[name, 'a'].sort().join(' ')}] 1 [a] [] [${name}] <no value>`);
    // The template changed its own copy of the data, not the caller's object.
    expect(data).toEqual({ a: 1 });
    expect(Object.keys({})).toEqual([]);
  });

  it('a key named __proto__ in the data is an entry like any other', () => {
    const data = YAML.parse('__proto__: {x: 1}\nb: 2') as GoValue;
    expect(render('{{ .__proto__.x }} {{ keys . | sortAlpha }} {{ toJson . }} {{ .x }}', data)).toBe('1 [__proto__ b] {"__proto__":{"x":1},"b":2} <no value>');
    expect(render('{{ $c := deepCopy . }}{{ $_ := set $c "__proto__" 3 }}{{ toJson $c }} {{ toJson . }}', data)).toBe('{"__proto__":3,"b":2} {"__proto__":{"x":1},"b":2}');
  });

  it('functions and templates are looked up by their own names only', () => {
    expect(render('{{ constructor }}', null)).toBe('PARSE: template: t:1: function "constructor" not defined');
    expect(render('{{ template "toString" }}', null)).toBe('ERR: template: t:1:12: executing "t" at <{{template "toString"}}>: template "toString" not defined');
  });
});
