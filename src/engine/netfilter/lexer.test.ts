import { describe, expect, it } from 'vitest';
import { parseRestore } from './iptables/parse.ts';
import { tokenize } from './iptables/tokenize.ts';
import { parseNftScript } from './nft/parse.ts';
import { tokenizeNft } from './nft/tokenize.ts';

const words = (tokens: { text: string; column: number }[]) => tokens.map((t) => `${t.column}:${t.text}`);

const DIALECTS = { iptables: (line: string) => tokenize(line), nft: (line: string) => tokenizeNft(line) };

describe('the line lexer, in both dialects', () => {
  it.each([
    ['iptables', '-A OUTPUT -p tcp -j ACCEPT', ['1:-A', '4:OUTPUT', '11:-p', '14:tcp', '18:-j', '21:ACCEPT']],
    ['iptables', '  -A\tX  -j  Y', ['3:-A', '6:X', '9:-j', '13:Y']],
    ['iptables', '--comment "a b" -j X', ['1:--comment', '11:a b', '17:-j', '20:X']],
    ['iptables', `--comment 'x "y"'`, ['1:--comment', '11:x "y"']],
    ['iptables', 'a"b c"d e', ['1:ab cd', '9:e']],
    ['iptables', '-m comment --comment "" -j X', ['1:-m', '4:comment', '12:--comment', '22:', '25:-j', '28:X']],
    // A comment is a whole line iptables-restore skips (parse.ts); inside a line `#` is a word's.
    ['iptables', '-A X #y', ['1:-A', '4:X', '6:#y']],
    ['iptables', '{a,b};', ['1:{a,b};']],
    ['iptables', '', []],
    ['nft', 'add rule inet t c tcp dport { 80, 443 } counter', ['1:add', '5:rule', '10:inet', '15:t', '17:c', '19:tcp', '23:dport', '29:{', '31:80', '33:,', '35:443', '39:}', '41:counter']],
    ['nft', '\ttype nat hook output priority -100; policy accept;', ['2:type', '7:nat', '11:hook', '16:output', '23:priority', '32:-100', '36:;', '38:policy', '45:accept', '51:;']],
    ['nft', 'meta mark 0x1 # the rest is a comment', ['1:meta', '6:mark', '11:0x1']],
    ['nft', '# a whole comment line', []],
    ['nft', 'foo#bar', ['1:foo#bar']],
    ['nft', 'comment "a b"x', ['1:comment', '9:a b', '14:x']],
    ['nft', "comment 'single'", ['1:comment', "9:'single'"]],
    ['nft', 'comment ""', ['1:comment', '9:']],
    ['nft', '', []],
  ] as const)('%s: %j', (dialect, line, expected) => {
    const r = DIALECTS[dialect](line);
    expect(r.error).toBeUndefined();
    expect(words(r.tokens)).toEqual(expected);
  });
});

describe('the iptables-restore dialect of the line lexer', () => {
  it('says where an unterminated quote starts, keeping the words before it', () => {
    expect(tokenize('-A X --comment "open')).toEqual({ tokens: [{ text: '-A', column: 1 }, { text: 'X', column: 4 }, { text: '--comment', column: 6 }], error: 'unterminated quote starting at column 16' });
    expect(tokenize(`a'b`).error).toBe('unterminated quote starting at column 2');
  });
});

describe('the nft dialect of the line lexer', () => {
  it('marks quoted words', () => {
    expect(tokenizeNft('comment "x"').tokens).toEqual([{ text: 'comment', column: 1 }, { text: 'x', column: 9, quoted: true }]);
  });

  it('counts columns from where the caller says the line starts', () => {
    expect(words(tokenizeNft('a {b}', 5).tokens)).toEqual(['5:a', '7:{', '8:b', '9:}']);
  });

  it('says where an unterminated string starts, keeping the words before it', () => {
    expect(tokenizeNft('comment "open')).toEqual({ tokens: [{ text: 'comment', column: 1 }], error: { message: 'unterminated quoted string', column: 9 } });
    expect(tokenizeNft('x "a', 3).error).toEqual({ message: 'unterminated quoted string', column: 5 });
  });
});

describe("the lexer's errors, where the parsers place them", () => {
  const where = (d: { message: string; source?: { line: number; column: number } }) => `${d.source?.line}:${d.source?.column} ${d.message}`;

  it('iptables-restore: at the line\'s first word, the quote\'s column (in the trimmed line) in the words', () => {
    const { diagnostics } = parseRestore('*nat\n  -A OUTPUT -m comment --comment "x -j RETURN\nCOMMIT\n');
    expect(diagnostics.map(where)).toEqual(['2:3 unterminated quote starting at column 32']);
  });

  it('nft: at the opening quote', () => {
    const { diagnostics } = parseNftScript('add table inet t\nadd rule inet t c comment "x\n');
    expect(diagnostics.map(where)).toEqual(['2:27 unterminated quoted string']);
  });
});
