import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { applyYamlEdits, yamlStreamEditor } from './applyEdits.ts';

const stream = '# namespaces\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: a   # keep me\n---\n# second\nkind: Namespace\nmetadata:\n  name: b\n  labels:\n    istio-injection: enabled\n';

describe('applyYamlEdits', () => {
  it('sets a label on one document and leaves the others byte for byte', () => {
    const out = applyYamlEdits(stream, [{ documentIndex: 1, path: ['metadata', 'labels', 'istio.io/rev'], action: 'set', value: 'canary' }])!;
    expect(out.startsWith('# namespaces\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: a   # keep me\n---\n')).toBe(true);
    expect(parseAllDocuments(out)[1].toJS().metadata.labels).toEqual({ 'istio-injection': 'enabled', 'istio.io/rev': 'canary' });
  });

  it('removes a key and creates missing parents when setting', () => {
    const out = applyYamlEdits(stream, [
      { documentIndex: 1, path: ['metadata', 'labels', 'istio-injection'], action: 'remove' },
      { documentIndex: 0, path: ['metadata', 'annotations', 'x'], action: 'set', value: 'true' },
    ])!;
    const [a, b] = parseAllDocuments(out).map((d) => d.toJS());
    expect(a.metadata.annotations).toEqual({ x: 'true' });
    expect(b.metadata.labels).toEqual({});
  });

  it('removes a whole document when the path is its root', () => {
    const out = applyYamlEdits(stream, [{ documentIndex: 1, path: [], action: 'remove' }])!;
    expect(parseAllDocuments(out).map((d) => d.toJS().metadata.name)).toEqual(['a']);
  });

  it('appends a document', () => {
    const out = applyYamlEdits('kind: Pod\n', [{ documentIndex: -1, path: [], action: 'add-document', value: { kind: 'Namespace', metadata: { name: 'n' } } }])!;
    expect(parseAllDocuments(out).map((d) => d.toJS().kind)).toEqual(['Pod', 'Namespace']);
    expect(parse(applyYamlEdits('', [{ documentIndex: -1, path: [], action: 'add-document', value: { kind: 'Namespace' } }])!)).toEqual({ kind: 'Namespace' });
  });

  it('refuses text that does not parse or a document that is not there', () => {
    expect(applyYamlEdits('a: [', [{ documentIndex: 0, path: ['a'], action: 'remove' }])).toBeUndefined();
    expect(applyYamlEdits('a: 1\n', [{ documentIndex: 3, path: ['a'], action: 'remove' }])).toBeUndefined();
  });

  // Found by src/fuzz: `metadata: ""` made the yaml library throw, and analyzeScenario reported an internal error.
  it('refuses a path that runs through a scalar instead of throwing', () => {
    const pod = 'kind: Pod\nmetadata: ""\n';
    expect(applyYamlEdits(pod, [{ documentIndex: 0, path: ['metadata', 'labels', 'sidecar.istio.io/inject'], action: 'set', value: 'true' }])).toBeUndefined();
    expect(applyYamlEdits(pod, [{ documentIndex: 0, path: ['metadata', 'labels', 'x'], action: 'remove' }])).toBeUndefined();
  });

  it('keeps each edit set of one stream editor to itself', () => {
    const edit = yamlStreamEditor(stream);
    const first = edit([{ documentIndex: 0, path: ['metadata', 'labels', 'one'], action: 'set', value: '1' }])!;
    const second = edit([{ documentIndex: 0, path: ['metadata', 'labels', 'two'], action: 'set', value: '2' }])!;
    expect(parseAllDocuments(first)[0]!.toJS().metadata.labels).toEqual({ one: '1' });
    expect(parseAllDocuments(second)[0]!.toJS().metadata.labels).toEqual({ two: '2' });
    expect(second).toBe(applyYamlEdits(stream, [{ documentIndex: 0, path: ['metadata', 'labels', 'two'], action: 'set', value: '2' }]));
  });
});

describe('hostile nesting', () => {
  it('does not rewrite a document nested deeper than any Kubernetes object', () => {
    const deep = `kind: Pod\nmetadata:\n  name: a\n  annotations:\n    x: ${'['.repeat(300)}${']'.repeat(300)}\n`;
    expect(applyYamlEdits(deep, [{ documentIndex: 0, path: ['metadata', 'labels', 'a'], action: 'set', value: 'b' }])).toBeUndefined();
    const fine = `kind: Pod\nmetadata:\n  name: a\n  annotations:\n    x: ${'['.repeat(10)}${']'.repeat(10)}\n`;
    expect(applyYamlEdits(fine, [{ documentIndex: 0, path: ['metadata', 'labels', 'a'], action: 'set', value: 'b' }])).toMatch(/labels:\n {4}a: b/);
  });
});
