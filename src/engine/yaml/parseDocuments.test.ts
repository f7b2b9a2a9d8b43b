import { describe, expect, it } from 'vitest';
import { parseYamlDocuments } from './parseDocuments.ts';

describe('parseYamlDocuments', () => {
  it('splits a stream and locates values by path', () => {
    const text = 'kind: Namespace\nmetadata:\n  name: foo\n---\nkind: Pod\nmetadata:\n  labels:\n    app: x\n';
    const { documents, diagnostics } = parseYamlDocuments(text, 'workloads');
    expect(diagnostics).toEqual([]);
    expect(documents.map((d) => (d.value as any).kind)).toEqual(['Namespace', 'Pod']);
    expect(documents[1].startLine).toBe(5);
    expect(documents[1].locate(['metadata', 'labels', 'app'])).toMatchObject({ input: 'workloads', line: 8, column: 10 });
    expect(documents[1].locate(['metadata', 'nope'])).toBeUndefined();
  });

  it('reports a syntax error at its line and column without throwing', () => {
    const { documents, diagnostics } = parseYamlDocuments('a: 1\nb: [1, 2\nc: 3\n', 'x');
    expect(documents).toEqual([]);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', source: { input: 'x' } });
    expect(diagnostics[0].source!.line).toBeGreaterThanOrEqual(2);
  });

  it('refuses an alias bomb instead of expanding it', () => {
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 12; i++) text += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]\n`;
    const { documents, diagnostics } = parseYamlDocuments(text, 'bomb');
    expect(documents).toEqual([]);
    expect(diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('reports duplicate keys as Kubernetes would reject them', () => {
    const { diagnostics } = parseYamlDocuments('a: 1\na: 2\n', 'dup');
    expect(diagnostics[0]).toMatchObject({ severity: 'error', source: { line: 2 } });
  });
});

describe('line breaks as YAML counts them', () => {
  it('a lone CR breaks lines: positions and duplicate keys as in an LF text', () => {
    const lf = parseYamlDocuments('a: 1\nb: 2\na: 3\n', 'workloads');
    const cr = parseYamlDocuments('a: 1\rb: 2\ra: 3\r', 'workloads');
    expect(cr.diagnostics).toEqual(lf.diagnostics);
    expect(cr.diagnostics[0]).toMatchObject({ message: expect.stringContaining('The key "a" is written twice'), source: { line: 3, column: 1 } });
    const crlf = parseYamlDocuments('kind: Pod\r\nmetadata:\r\n  name: x\r\n', 'workloads');
    expect(crlf.documents[0].locate(['metadata', 'name'])).toMatchObject({ line: 3, column: 9 });
    expect(parseYamlDocuments('kind: Pod\rmetadata:\r  name: x\r', 'workloads').documents[0].locate(['metadata', 'name'])).toMatchObject({ line: 3, column: 9 });
  });
});
