import { describe, expect, it } from 'vitest';
import { loadNft } from './load.ts';
import { normaliseNftList, renderNftList } from './list.ts';
import { parseNftScript } from './parse.ts';
import { renderNftScript } from './render.ts';

const read = (text: string, machine = {}) => {
  const parsed = parseNftScript(text);
  const loaded = loadNft(parsed.program, { machine });
  return { ...loaded, program: parsed.program, diagnostics: [...parsed.diagnostics, ...loaded.diagnostics], listing: renderNftList(loaded.ruleset) };
};

describe('nft scripts: read, loaded and listed as nft list ruleset prints them', () => {
  it('lists what nft 1.0.6 lists (recorded from a real kernel)', () => {
    const script = [
      'add table inet t',
      'add chain inet t a { type filter hook output priority -145 ; }',
      'add chain inet t b',
      'add chain inet t c { type nat hook postrouting priority 110 ; }',
      'add rule inet t a tcp dport { 15008, 53, 80 } counter',
      'add rule inet t a ip daddr { 10.0.0.0/8, 1.2.3.4 } meta skuid 1000-2000 counter accept',
      'add rule inet t a tcp dport 1000-2000 counter jump b',
      'add rule inet t a meta mark set meta mark and 0xff or 0x100',
      'add rule inet t a counter ip saddr 1.1.1.1 accept',
      'add rule inet t a iifname eth* ct state new,established,invalid counter',
      'add rule inet t a ct mark set ct mark and 0xfffff000',
      'add rule inet t a socket transparent 1 counter',
      'add rule inet t a meta l4proto udp th dport 53 counter',
      'add rule inet t a meta nfproto ipv4 ip saddr 1.2.3.4 counter',
      'add rule inet t a tcp dport 53 meta l4proto tcp counter',
      'add table ip u',
      'add chain ip u x { type filter hook prerouting priority 0; policy drop; }',
      'add rule ip u x tcp dport 53 counter comment "hi"',
      '',
    ].join('\n');
    const r = read(script);
    expect(r.diagnostics).toEqual([]);
    expect(r.listing).toBe([
      'table inet t {',
      '\tchain a {',
      '\t\ttype filter hook output priority mangle + 5; policy accept;',
      '\t\ttcp dport { 53, 80, 15008 } counter packets 0 bytes 0',
      '\t\tip daddr { 1.2.3.4, 10.0.0.0/8 } meta skuid 1000-2000 counter packets 0 bytes 0 accept',
      '\t\ttcp dport 1000-2000 counter packets 0 bytes 0 jump b',
      '\t\tmeta mark set meta mark & 0x000001ff | 0x00000100',
      '\t\tcounter packets 0 bytes 0 ip saddr 1.1.1.1 accept',
      '\t\tiifname "eth*" ct state invalid,established,new counter packets 0 bytes 0',
      '\t\tct mark set ct mark & 0xfffff000',
      '\t\tsocket transparent 1 counter packets 0 bytes 0',
      '\t\tudp dport 53 counter packets 0 bytes 0',
      '\t\tip saddr 1.2.3.4 counter packets 0 bytes 0',
      '\t\ttcp dport 53 meta l4proto tcp counter packets 0 bytes 0',
      '\t}',
      '',
      '\tchain b {',
      '\t}',
      '',
      '\tchain c {',
      '\t\ttype nat hook postrouting priority srcnat + 10; policy accept;',
      '\t}',
      '}',
      'table ip u {',
      '\tchain x {',
      '\t\ttype filter hook prerouting priority filter; policy drop;',
      '\t\ttcp dport 53 counter packets 0 bytes 0 comment "hi"',
      '\t}',
      '}',
      '',
    ].join('\n'));
  });

  it('applies inserts by index, and reads its own listing back to the same ruleset', () => {
    const r = read([
      'add table inet t', 'add chain inet t prerouting { type nat hook prerouting priority -100 ; }', 'add chain inet t x',
      'add rule inet t prerouting iifname eth0 counter return', 'insert rule inet t prerouting index 0 iifname eth1 counter return',
      'add rule inet t prerouting meta l4proto tcp counter jump x', 'insert rule inet t prerouting index 2 iifname eth2 counter return',
      'add rule inet t prerouting index 0 iifname eth3 counter return', 'add rule inet t x ct mark set ct mark & 0xfffff000 | 0x111', '',
    ].join('\n'));
    expect(r.diagnostics).toEqual([]);
    const pre = r.ruleset.tables[0].chains[0].rules.map((x) => x.kernelText);
    expect(pre).toEqual([
      'iifname "eth1" counter packets 0 bytes 0 return', 'iifname "eth3" counter packets 0 bytes 0 return', 'iifname "eth0" counter packets 0 bytes 0 return',
      'iifname "eth2" counter packets 0 bytes 0 return', 'meta l4proto tcp counter packets 0 bytes 0 jump x',
    ]);
    expect(r.listing).toContain('ct mark set ct mark & 0xfffff111 | 0x00000111');
    const again = read(r.listing);
    expect(again.diagnostics).toEqual([]);
    expect(again.listing).toBe(r.listing);
  });

  it('renders a program back as the script it was read from', () => {
    const script = 'add table inet t\nflush table inet t\nadd chain inet t output { type nat hook output priority -100 ; }\nadd rule inet t output oifname lo skuid != 1337 counter return\ninsert rule inet t output index 0 meta l4proto tcp counter redirect to :15001\n';
    const r = read(script);
    expect(renderNftScript(r.program).text).toBe(script.replace('oifname lo skuid != 1337', 'oifname lo meta skuid != 1337'));
  });

  it('resolves owner names through the machine, as nft does when it reads the script', () => {
    const r = read('add table inet t\nadd chain inet t o { type filter hook output priority 0 ; }\nadd rule inet t o skgid != java counter return\n', { groups: { java: 2001 } });
    expect(normaliseNftList(r.listing)).toContain('meta skgid != 2001 counter return');
  });

  it.each([
    ['insert rule inet t o index 3 counter', /no rule at index 3/, 3],
    ['add rule inet t o counter jump nope', /chain nope does not exist/, 3],
    ['add rule inet t o counter jump o', /cannot jump to the base chain/, 3],
    ['add rule inet t o tproxy ip to :15006 accept', /tproxy works in prerouting only/, 0],
    ['add rule inet t o meta l4proto tcp counter redirect to :15001', /not a nat chain/, 0],
    ['add rule inet t o counter redirect to :15001', /transport protocol mapping is only valid after transport protocol match/, 3],
    ['add rule inet t o counter accept counter', /Statement after terminal statement has no effect/, 3],
    ['add rule inet t o skuid nobody-here counter', /unknown on this machine/, 3],
    ['add rule inet t o ip daddr 300.1.1.1 counter', /not an IPv4 address/, 3],
    ['add rule inet t o tcp dport abc counter', /not a port/, 3],
    ['add rule inet t o frobnicate 5', /"frobnicate" is not an nft expression/, 3],
    ['add rule inet t o ct state spicy', /not a list of conntrack states/, 3],
  ])('reports what nft -f would refuse: %s', (line, message, atLine) => {
    const r = read(`add table inet t\nadd chain inet t o { type filter hook output priority 0 ; }\n${line}\n`);
    const d = r.diagnostics.find((x) => message.test(x.message));
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    if (atLine) expect(d!.source?.line).toBe(atLine);
  });

  it('refuses chains that jump in a loop', () => {
    const r = read('add table inet t\nadd chain inet t a\nadd chain inet t b\nadd rule inet t a jump b\nadd rule inet t b jump a\n');
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/a -> b -> a/);
    expect(r.ruleset.tables).toEqual([]);
  });

  it('survives hostile input without throwing', () => {
    const junk = ['add table inet t', 'add chain inet t c', ...Array.from({ length: 2000 }, (_, i) => `add rule inet t c ${'meta '.repeat(i % 5)}ip daddr { ${'1.2.3.4, '.repeat(i % 9)} } tcp dport != { ${i} counter ${i % 2 ? 'accept' : 'jump c'}`), 'table', '}', '{'];
    expect(() => read(junk.join('\n'))).not.toThrow();
  });
});
