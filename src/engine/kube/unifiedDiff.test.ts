import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './unifiedDiff.ts';

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n')).toBe('');
  });

  it('prints one hunk with context, as diff -u does', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n') + '\n';
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i'].join('\n') + '\n';
    expect(unifiedDiff(before, after)).toBe(['--- before', '+++ after', '@@ -2,7 +2,8 @@', ' b', ' c', ' d', '-e', '+E', ' f', ' g', ' h', '+i', ''].join('\n'));
  });

  it('splits distant changes into separate hunks', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const changed = [...lines];
    changed[1] = 'X';
    changed[18] = 'Y';
    const diff = unifiedDiff(lines.join('\n'), changed.join('\n'));
    expect(diff.match(/^@@/gm)).toHaveLength(2);
    expect(diff).toContain('@@ -1,5 +1,5 @@');
    expect(diff).toContain('@@ -16,5 +16,5 @@');
  });

  it('handles additions to an empty text', () => {
    expect(unifiedDiff('', 'x\n')).toBe('--- before\n+++ after\n@@ -0,0 +1,1 @@\n+x\n');
  });
});
