import { describe, expect, it } from 'vitest';
import { parseRestore } from './iptables/parse.ts';
import { parseNftScript } from './nft/parse.ts';
import { MAX_LINES } from './readLines.ts';

describe("the text readers' line bookkeeping", () => {
  const blank = '\n'.repeat(MAX_LINES);
  it.each([
    ['iptables-restore', () => parseRestore(blank), 'payload'],
    ['nft', () => parseNftScript(blank), 'script'],
  ])('%s: reads the first MAX_LINES lines and says so at the last one read', (_tool, parse, noun) => {
    const { program, diagnostics } = parse();
    expect(diagnostics.map((d) => `${d.source?.line}:${d.source?.column} ${d.message}`)).toEqual([`${MAX_LINES}:1 the ${noun} has ${MAX_LINES + 1} lines; only the first ${MAX_LINES} are read`]);
    expect(program.ops).toEqual([{ op: 'invalid', message: diagnostics[0].message, src: { line: MAX_LINES, text: '' } }]);
  });

  it('records a refused line once, however many errors it has', () => {
    const { program, diagnostics } = parseRestore('*nat\n-A OUTPUT -p tcp --bogus 1 --worse 2\nCOMMIT\n');
    expect(diagnostics.filter((d) => d.source?.line === 2).length).toBeGreaterThan(1);
    expect(program.ops.filter((o) => o.op === 'invalid')).toHaveLength(1);
  });
});
