import { describe, expect, it } from 'vitest';
import { parseRestorePayload } from './parseRestore.ts';
import { findJumpLoop } from './jumpLoops.ts';

describe('findJumpLoop', () => {
  it.each([
    ['no loop', ['-N A', '-N B', '-A OUTPUT -j A', '-A A -j B', '-A B -j RETURN'], undefined],
    ['a two-chain loop', ['-N A', '-N B', '-A A -j B', '-A B -g A'], ['A', 'B', 'A']],
    ['a loop behind a chain', ['-N A', '-N B', '-N C', '-A A -j B', '-A B -j C', '-A C -j B'], ['B', 'C', 'B']],
  ])('%s', (_name, lines, expected) => {
    const { ruleset } = parseRestorePayload(['*filter', ...lines, 'COMMIT', ''].join('\n'));
    expect(findJumpLoop(ruleset.tables.filter!)).toEqual(expected);
  });

  it('is reported when the payload is parsed', () => {
    const { diagnostics } = parseRestorePayload('*filter\n-N A\n-N B\n-A A -j B\n-A B -j A\nCOMMIT\n');
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/A -> B -> A/)]);
  });
});
