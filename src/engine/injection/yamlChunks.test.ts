import { describe, expect, it } from 'vitest';
import { splitYamlChunks } from './yamlChunks.ts';

describe('splitYamlChunks', () => {
  it.each([
    ['a: 1\n---\nb: 2\n', ['a: 1\n', 'b: 2\n']],
    ['---\na: 1\n--- # comment\n\n---\nb: 2', ['a: 1\n', '\n', 'b: 2']],
    ['a: 1\n', ['a: 1\n']],
  ])('%j', (text, chunks) => {
    expect(splitYamlChunks(text).chunks).toEqual(chunks);
  });

  it('rejects text after a separator', () => {
    expect(splitYamlChunks('a: 1\n--- x\n').error).toContain('separator');
  });
});
