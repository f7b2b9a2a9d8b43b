import { describe, expect, it } from 'vitest';
import type { AddressFamily } from '../model.ts';
import { loadIptables } from './load.ts';
import { parseRestore } from './parse.ts';
import { normaliseSave, renderIptablesSave } from './save.ts';

/** A payload read, loaded and listed as iptables-save prints it (decorations normalised away). */
function view(payload: string, family: AddressFamily = 'ipv4', groups?: Record<string, number>) {
  const parsed = parseRestore(payload, { family });
  const loaded = loadIptables(parsed.program, { machine: { groups } });
  return { text: normaliseSave(renderIptablesSave(loaded.ruleset)), ruleset: loaded.ruleset, diagnostics: [...parsed.diagnostics, ...loaded.diagnostics] };
}
const rulesOf = (text: string) => text.split('\n').filter((l) => l.startsWith('-A'));

describe('the kernel view of a restore payload (iptables-save)', () => {
  it.each([
    ['-A OUTPUT -p tcp --dport 80 -d 10.0.0.1/8 -j RETURN', '-A OUTPUT -d 10.0.0.0/8 -p tcp -m tcp --dport 80 -j RETURN'],
    ['-A OUTPUT -o lo ! -d 127.0.0.1 -j RETURN', '-A OUTPUT ! -d 127.0.0.1/32 -o lo -j RETURN'],
    ['-A OUTPUT -p udp ! --sport 53 -j RETURN', '-A OUTPUT -p udp -m udp ! --sport 53 -j RETURN'],
    ['-A OUTPUT -p tcp -m tcp --dport 1 -j RETURN', '-A OUTPUT -p tcp -m tcp --dport 1 -j RETURN'],
    ['-A OUTPUT -p tcp -m tcp -j ACCEPT', '-A OUTPUT -p tcp -m tcp -j ACCEPT'],
    ['-A OUTPUT -p tcp -m multiport --dports 53,15008 -j RETURN', '-A OUTPUT -p tcp -m multiport --dports 53,15008 -j RETURN'],
    ['-A OUTPUT -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN', '-A OUTPUT -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN'],
    ['-A OUTPUT -m owner --gid-owner java -m owner ! --uid-owner 7 -j RETURN', '-A OUTPUT -m owner --gid-owner 2001 -m owner ! --uid-owner 7 -j RETURN'],
    ['-A OUTPUT -m owner --gid-owner 5 --uid-owner 7 -j RETURN', '-A OUTPUT -m owner --uid-owner 7 --gid-owner 5 -j RETURN'],
    ['-A OUTPUT -m mark --mark 0x10/0xff -j MARK --set-mark 5', '-A OUTPUT -m mark --mark 0x10/0xff -j MARK --set-xmark 0x5/0xffffffff'],
    ['-A OUTPUT -p tcp --dport 0x50 -j RETURN', '-A OUTPUT -p tcp -m tcp --dport 80 -j RETURN'],
    ['-A OUTPUT -p tcp --sport http -j RETURN', '-A OUTPUT -p tcp -m tcp --sport 80 -j RETURN'],
    ['-A OUTPUT -p tcp --dport 1000:2000 -j RETURN', '-A OUTPUT -p tcp -m tcp --dport 1000:2000 -j RETURN'],
    ['-A OUTPUT -p tcp -j CONNMARK --restore-mark', '-A OUTPUT -p tcp -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff'],
    ['-A OUTPUT -p udp -m mark ! --mark 0x539/0xfff -m udp --dport 53 -j RETURN', '-A OUTPUT -p udp -m mark ! --mark 0x539/0xfff -m udp --dport 53 -j RETURN'],
    ['-A OUTPUT -p tcp ! --dport 15008 -m mark ! --mark 0x539/0xfff -j RETURN', '-A OUTPUT -p tcp -m tcp ! --dport 15008 -m mark ! --mark 0x539/0xfff -j RETURN'],
    ['-A OUTPUT -m connmark --mark 0x111/0xfff -j CONNMARK --set-xmark 0x111/0xfff', '-A OUTPUT -m connmark --mark 0x111/0xfff -j CONNMARK --set-xmark 0x111/0xfff'],
    ['-A PREROUTING -p tcp -m mark --mark 1337 -j CONNMARK --save-mark', '-A PREROUTING -p tcp -m mark --mark 0x539 -j CONNMARK --save-mark --nfmask 0xffffffff --ctmask 0xffffffff'],
    ['-A PREROUTING ! -d 127.0.0.1/32 -p tcp -j TPROXY --tproxy-mark 1337/0xffffffff --on-port 15006', '-A PREROUTING ! -d 127.0.0.1/32 -p tcp -j TPROXY --on-port 15006 --on-ip 0.0.0.0 --tproxy-mark 0x539/0xffffffff'],
    ['-A PREROUTING -m socket --transparent -j RETURN', '-A PREROUTING -m socket --transparent -j RETURN'],
    ['-A OUTPUT -m comment --comment "a rule" -j RETURN', '-A OUTPUT -m comment --comment "a rule" -j RETURN'],
  ])('%s', (rule, expected) => {
    const r = view(`* mangle\n${rule}\nCOMMIT\n`, 'ipv4', { java: 2001 });
    expect(r.diagnostics).toEqual([]);
    expect(rulesOf(r.text)).toEqual([expected]);
  });

  it.each([
    ['-A OUTPUT -p udp --dport 53 -d 198.51.100.53/32 -j REDIRECT --to-port 15053', '-A OUTPUT -d 198.51.100.53/32 -p udp -m udp --dport 53 -j REDIRECT --to-ports 15053'],
    ['-A POSTROUTING -m owner --socket-exists -p tcp -m set --match-set probes dst -j SNAT --to-source 169.254.7.127', '-A POSTROUTING -p tcp -m owner --socket-exists -m set --match-set probes dst -j SNAT --to-source 169.254.7.127'],
    ['-A OUTPUT -p udp -g X', '-A OUTPUT -p udp -g X'],
  ])('nat: %s', (rule, expected) => {
    const r = view(`* nat\n-N X\n${rule}\nCOMMIT\n`);
    expect(r.diagnostics).toEqual([]);
    expect(rulesOf(r.text)).toEqual([expected]);
  });

  it('applies inserts in order and lists built-ins first, user chains sorted', () => {
    const r = view('* nat\n-N B\n-N A\n-A B -j RETURN\n-A A -j B\n-A OUTPUT -j A\n-I OUTPUT 1 -o x -j RETURN\n-I OUTPUT 2 -o y -j RETURN\nCOMMIT\n');
    expect(r.text).toBe([
      '*nat', ':PREROUTING ACCEPT', ':INPUT ACCEPT', ':OUTPUT ACCEPT', ':POSTROUTING ACCEPT', ':A -', ':B -',
      '-A OUTPUT -o x -j RETURN', '-A OUTPUT -o y -j RETURN', '-A OUTPUT -j A', '-A A -j B', '-A B -j RETURN', 'COMMIT', '',
    ].join('\n'));
  });

  it('-I positions are the kernel positions, and rules remember their payload line', () => {
    const r = view(['* mangle', '-N X', '-A X -j RETURN', '-A X -p tcp -j ACCEPT', '-I X 1 -p udp -j DROP', '-I X 3 -i lo -j RETURN', '-I X -s 192.0.2.1 -j RETURN', 'COMMIT', ''].join('\n'));
    expect(r.diagnostics).toEqual([]);
    const x = r.ruleset.tables[0].chains.find((c) => c.name === 'X')!;
    expect(x.rules.map((k) => k.src?.line)).toEqual([7, 5, 3, 6, 4]);
  });

  it('orders tables as the nf_tables backend does and prints the comment lines and counters', () => {
    const parsed = parseRestore('* nat\n-A OUTPUT -j RETURN\nCOMMIT\n* raw\n-A OUTPUT -j RETURN\nCOMMIT\n* mangle\n-A OUTPUT -j RETURN\nCOMMIT\n');
    const text = renderIptablesSave(loadIptables(parsed.program).ruleset, { now: new Date(2026, 11, 1, 9, 3, 49) });
    expect(text.split('\n').filter((l) => l.startsWith('*'))).toEqual(['*mangle', '*raw', '*nat']);
    expect(text.split('\n').slice(0, 3)).toEqual(['# Generated by iptables-save v1.8.9 (nf_tables) on Tue Dec  1 09:03:49 2026', '*mangle', ':PREROUTING ACCEPT [0:0]']);
    expect(text).toContain('COMMIT\n# Completed on Tue Dec  1 09:03:49 2026\n');
  });

  it('prints IPv6 the way ip6tables-save does', () => {
    const r = view('* nat\n-A OUTPUT -s ::127.0.0.53/128 -d 2001:DB8::1/32 -j RETURN\nCOMMIT\n', 'ipv6');
    expect(rulesOf(r.text)).toEqual(['-A OUTPUT -s ::127.0.0.53/128 -d 2001:db8::/32 -j RETURN']);
  });

  it('a table without COMMIT is not applied', () => {
    const r = view('* nat\n-A OUTPUT -j RETURN\n');
    expect(r.ruleset.tables).toEqual([]);
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/COMMIT/);
  });

  it.each([
    ['* nat\n-I OUTPUT 2 -j RETURN\nCOMMIT\n', /index of insertion too big/, 2],
    ['* nat\n-A NOPE -j RETURN\nCOMMIT\n', /NOPE.*does not exist/, 2],
    ['* nat\n-A OUTPUT -j NOPE\nCOMMIT\n', /NOPE.*does not exist/, 2],
    ['* nat\n-A OUTPUT -j PREROUTING\nCOMMIT\n', /built-in chain PREROUTING/, 2],
    ['* nat\n-N X\n-N X\nCOMMIT\n', /already exists/, 3],
    ['* nope\nCOMMIT\n', /unknown table/, 1],
    ['* nat\n-A OUTPUT -m owner --gid-owner nobody-here -j RETURN\nCOMMIT\n', /unknown on this machine/, 2],
    ['* nat\n-A OUTPUT -d fd00::1/128 -j RETURN\nCOMMIT\n', /not an IPv4 address/, 2],
    ['* nat\n-A OUTPUT -p tcp --dport abc -j RETURN\nCOMMIT\n', /invalid port\/service "abc"/, 2],
    ['* nat\n-A OUTPUT -p tcp -m multiport --dports 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 -j RETURN\nCOMMIT\n', /too many ports/, 2],
    ['* nat\n-A OUTPUT -o averyveryverylongname -j RETURN\nCOMMIT\n', /IFNAMSIZ/, 2],
    ['* mangle\n-A OUTPUT -j MARK --set-mark lots\nCOMMIT\n', /not a mark/, 2],
    ['* mangle\n-A OUTPUT -p tcp -j REDIRECT --to-ports 1\nCOMMIT\n', /only valid in the nat table/, 2],
    ['* filter\n-N A\n-N B\n-A A -j B\n-A B -j A\nCOMMIT\n', /A -> B -> A/, 6],
    ['* nat\n-A OUTPUT -m quota --quota 5 -j RETURN\nCOMMIT\n', /quota/, 2],
    ['* nat\n-A OUTPUT --dport 80 -j RETURN\nCOMMIT\n', /needs -p tcp/, 2],
    ['* nat\n-A OUTPUT -m comment --comment "x -j RETURN\nCOMMIT\n', /unterminated quote/, 2],
    ['-A OUTPUT -j RETURN\n', /outside of a table/, 1],
  ])('reports what iptables-restore would refuse: %j', (payload, message, line) => {
    const r = view(payload);
    const d = r.diagnostics.find((x) => message.test(x.message));
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(d!.source?.line).toBe(line);
  });

  it('points at the column of the word at fault', () => {
    const r = view('* nat\n-A OUTPUT -d 300.1.1.1 -j RETURN\nCOMMIT\n');
    expect(r.diagnostics[0].source).toMatchObject({ line: 2, column: 14 });
  });

  it('survives hostile input without throwing', () => {
    const junk = ['*nat', ...Array.from({ length: 2000 }, (_, i) => `-A OUTPUT ${'! '.repeat(i % 7)}-p ${i} --dport x -j ${i % 3 ? 'RETURN' : 'OUTPUT'}`), 'COMMIT', '*', ':', '-N'];
    expect(view(junk.join('\n')).diagnostics.length).toBeGreaterThan(0);
  });
});

describe('CONNMARK with its masks spelled out (as iptables-save prints it) reads back', () => {
  it.each([
    '-A OUTPUT -m connmark --mark 0x111/0xfff -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff',
    '-A OUTPUT -j CONNMARK --save-mark --nfmask 0xff --ctmask 0xf0',
  ])('%s', (rule) => {
    const r = view(`* mangle\n${rule}\nCOMMIT\n`);
    expect(r.diagnostics).toEqual([]);
    expect(rulesOf(r.text)).toEqual([rule]);
  });
});

describe('iptables-restore stops at the first line it refuses', () => {
  it('keeps the tables committed before it and applies nothing after', () => {
    const r = view('* mangle\n-A OUTPUT -j RETURN\nCOMMIT\n* nat\n-A OUTPUT -j RETURN -j ACCEPT\n-A OUTPUT -j RETURN\nCOMMIT\n* raw\n-A OUTPUT -j RETURN\nCOMMIT\n');
    expect(r.ruleset.tables.map((t) => t.name)).toEqual(['mangle']);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(/multiple -j flags not allowed/),
      expect.stringMatching(/stops at line 5: the tables committed before stay/),
    ]);
  });
});
