import { describe, expect, it } from 'vitest';
import { readInputDocuments } from '../documents/index.ts';
import { readInjectorConfigMapModel, readMeshConfigMapModel, templateSource } from './configMaps.ts';

const text = `apiVersion: v1
kind: ConfigMap
metadata:
  name: istio-sidecar-injector
data:
  values: '{"global": {"proxy": {"image": "proxyv2"}}}'
  config: |
    policy: enabled
    templates:
      other: |
        spec: {}
      sidecar: |
        metadata:
          labels: {{ .Bad }}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: istio}
data:
  mesh: |-
    defaultConfig:
      discoveryAddress: istiod:15012
    enablePrometheusMerge: nope: nope
`;
const docs = readInputDocuments('injector', text);
const injector = readInjectorConfigMapModel(docs.objects[0]);
const lines = text.split('\n');
const at = (ref: { line: number; column: number } | undefined) => (ref ? lines[ref.line - 1].slice(ref.column - 1) : undefined);

describe('the injector ConfigMap, read once with positions', () => {
  it('reads config and values, and the policy admission decides with', () => {
    expect(injector.policy.config.policy).toBe('enabled');
    expect((injector.values?.value as any).global.proxy.image).toBe('proxyv2');
    expect((injector.config?.value as any).templates.sidecar).toBe('metadata:\n  labels: {{ .Bad }}\n');
  });

  it('maps a template line:column onto the Injector tab (a block inside a block)', () => {
    // sidecar line 2, column 11 is the {{ of "labels: {{ .Bad }}"
    expect(templateSource(injector, 'sidecar', 2, 11)).toEqual({ input: 'injector', line: 14, column: 19 });
    expect(at(templateSource(injector, 'sidecar', 2, 11))).toBe('{{ .Bad }}');
    expect(templateSource(injector, 'missing', 1, 1)).toBeUndefined();
  });

  it('locates keys of config and values in the user text', () => {
    expect(at(injector.config?.locate(['policy']))).toBe('enabled');
    expect(at(injector.values?.locate(['global', 'proxy', 'image']))).toBe('"proxyv2"}}}\'');
  });

  it('reports a parse error of an embedded text where it was written, once', () => {
    const mesh = readMeshConfigMapModel(docs.objects[1]);
    expect(mesh.mesh?.readable).toBe(false);
    expect(mesh.diagnostics).toHaveLength(1);
    expect(mesh.diagnostics[0]).toMatchObject({ severity: 'error', source: { input: 'injector', line: 23 } });
    expect(mesh.diagnostics[0].message).toMatch(/^ConfigMap istio data\.mesh: /);
  });

  it('gives no positions rather than wrong ones when a block is laid out unusually', () => {
    const folded = readInputDocuments('injector', 'kind: ConfigMap\nmetadata: {name: istio-sidecar-injector}\ndata:\n  config: >\n    policy: enabled\n    templates: {sidecar: "a"}\n');
    const m = readInjectorConfigMapModel(folded.objects[0]);
    expect(templateSource(m, 'sidecar', 1, 1)).toBeUndefined();
    // The whole string is still where a problem with it is reported.
    expect(m.config?.locate(['policy'])).toMatchObject({ line: 4 });
  });
});

describe('what istiod cannot decode in the injector ConfigMap', () => {
  const injectorWith = (config: string, values = '{"global": {"hub": "docker.io/istio"}}') =>
    readInjectorConfigMapModel(readInputDocuments('injector', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-sidecar-injector\ndata:\n  values: '${values}'\n  config: |\n${config.replace(/^/gm, '    ')}\n`).objects[0]);

  it('a map where a template name goes makes data.config unreadable, said at the value as written', () => {
    const model = injectorWith('policy: enabled\ndefaultTemplates: [sidecar, {a: 0}]\ntemplates:\n  sidecar: "spec: {}"');
    expect(model.config?.readable).toBe(false);
    const [d] = model.diagnostics;
    expect(d.message).toBe('ConfigMap istio-sidecar-injector data.config: defaultTemplates[1]: {a: 0}: istiod cannot read the injection config (failed to unmarshal injection template: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal object into Go struct field Config.defaultTemplates of type string), so it injects nothing with it');
    expect(d.source).toMatchObject({ input: 'injector', line: 9, column: 33 });
  });

  it('a number where a string goes is read as its text, as sigs.k8s.io/yaml reads it', () => {
    const model = injectorWith('policy: enabled\ndefaultTemplates: [sidecar]\ninjectedAnnotations: {a: 1}\ntemplates:\n  sidecar: "spec: {}"');
    expect(model.config?.readable).toBe(true);
    expect(model.diagnostics).toEqual([]);
  });

  it('a map where the values want a string makes the values unreadable (istiod: could not parse configuration values)', () => {
    const model = injectorWith('policy: enabled', '{"global": {"proxy": {"image": {"a": 1}}}}');
    expect(model.values?.readable).toBe(false);
    expect(model.diagnostics.map((d) => d.message)).toEqual(['ConfigMap istio-sidecar-injector data.values: global.proxy.image: {a: 1}: istiod cannot read the values (could not parse configuration values: cannot unmarshal object into Go struct field Proxy.global.proxy.image of type string)']);
    // global.tag is any JSON value in the Values proto: a map there is read.
    expect(injectorWith('policy: enabled', '{"global": {"tag": {"a": 1}}}').values?.readable).toBe(true);
  });
});
