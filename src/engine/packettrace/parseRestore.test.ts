import { describe, expect, it } from 'vitest';
import { parseRestorePayload } from './parseRestore.ts';

const payload = (lines: string[]) => lines.join('\n') + '\n';

describe('parseRestorePayload', () => {
  it('applies -I inserts so positions are the kernel positions', () => {
    const { ruleset, diagnostics } = parseRestorePayload(payload([
      '* mangle', '-N X', '-A X -j RETURN', '-A X -p tcp -j ACCEPT', '-I X 1 -p udp -j DROP', '-I X 3 -i lo -j RETURN', '-I X -s 192.0.2.1 -j RETURN', 'COMMIT',
    ]));
    expect(diagnostics).toEqual([]);
    expect(ruleset.tables.mangle!.chains.X.rules.map((r) => r.payloadLine)).toEqual([7, 5, 3, 6, 4]);
  });

  const kernelText: Array<[string, string]> = [
    ['-A OUTPUT -o lo ! -d 127.0.0.1/32 -p tcp ! --dport 15008 -m owner --uid-owner 1337 -j RETURN', '-A OUTPUT ! -d 127.0.0.1/32 -o lo -p tcp -m tcp ! --dport 15008 -m owner --uid-owner 1337 -j RETURN'],
    ['-A OUTPUT -p udp --dport 53 -d 198.51.100.53/32 -j REDIRECT --to-port 15053', '-A OUTPUT -d 198.51.100.53/32 -p udp -m udp --dport 53 -j REDIRECT --to-ports 15053'],
    ['-A PREROUTING -s 127.0.0.1/8 -j MARK --set-mark 1337', '-A PREROUTING -s 127.0.0.0/8 -j MARK --set-xmark 0x539/0xffffffff'],
    ['-A PREROUTING -p tcp -i lo -m mark ! --mark 1338 -j RETURN', '-A PREROUTING -i lo -p tcp -m mark ! --mark 0x53a -j RETURN'],
    ['-A PREROUTING ! -d 127.0.0.1/32 -p tcp -j TPROXY --tproxy-mark 1337/0xffffffff --on-port 15006', '-A PREROUTING ! -d 127.0.0.1/32 -p tcp -j TPROXY --on-port 15006 --on-ip 0.0.0.0 --tproxy-mark 0x539/0xffffffff'],
    ['-A PREROUTING -p tcp -m mark --mark 1337 -j CONNMARK --save-mark', '-A PREROUTING -p tcp -m mark --mark 0x539 -j CONNMARK --save-mark --nfmask 0xffffffff --ctmask 0xffffffff'],
    ['-A PREROUTING -p tcp -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT', '-A PREROUTING -p tcp -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT'],
    ['-A OUTPUT -p tcp -m multiport ! --dports 53,15008 -j RETURN', '-A OUTPUT -p tcp -m multiport ! --dports 53,15008 -j RETURN'],
  ];
  it.each(kernelText)('renders %s as the kernel prints it', (rule, expected) => {
    const table = rule.includes('TPROXY') || rule.includes('MARK') || rule.includes('mark') ? 'mangle' : 'nat';
    const { ruleset, diagnostics } = parseRestorePayload(payload([`*${table}`, rule, 'COMMIT']));
    expect(diagnostics).toEqual([]);
    const chain = rule.split(' ')[1];
    expect(ruleset.tables[table as 'nat']!.chains[chain].rules[0].kernelText).toBe(expected);
  });

  it('renders goto as -g', () => {
    const { ruleset, diagnostics } = parseRestorePayload(payload(['*nat', '-N X', '-A OUTPUT -p udp -g X', 'COMMIT']));
    expect(diagnostics).toEqual([]);
    expect(ruleset.tables.nat!.chains.OUTPUT.rules[0].kernelText).toBe('-A OUTPUT -p udp -g X');
  });

  it('renders IPv6 networks canonically', () => {
    const { ruleset } = parseRestorePayload(payload(['*nat', '-A OUTPUT -d 2001:DB8:0:0::1/64 -j RETURN', 'COMMIT']), { family: 'ipv6' });
    expect(ruleset.tables.nat!.chains.OUTPUT.rules[0].kernelText).toBe('-A OUTPUT -d 2001:db8::/64 -j RETURN');
  });

  const broken: Array<[string, string[], RegExp, number, number]> = [
    ['an unknown match module', ['*nat', '-A OUTPUT -m quota --quota 5 -j RETURN', 'COMMIT'], /quota/, 2, 14],
    ['an insert past the end', ['*nat', '-N X', '-I X 2 -j RETURN', 'COMMIT'], /insert at position 2/, 3, 6],
    ['a missing chain', ['*nat', '-A NOPE -j RETURN', 'COMMIT'], /NOPE.*does not exist/, 2, 4],
    ['a jump to a missing chain', ['*nat', '-A OUTPUT -j NOPE', 'COMMIT'], /NOPE.*does not exist/, 2, 1],
    ['a jump to a built-in chain', ['*nat', '-A OUTPUT -j PREROUTING', 'COMMIT'], /built-in chain PREROUTING/, 2, 1],
    ['a bad address', ['*nat', '-A OUTPUT -d 300.1.1.1 -j RETURN', 'COMMIT'], /not an IPv4/, 2, 14],
    ['an unterminated quote', ['*nat', '-A OUTPUT -m comment --comment "x -j RETURN', 'COMMIT'], /unterminated quote/, 2, 1],
    ['a rule outside a table', ['-A OUTPUT -j RETURN'], /outside of a table/, 1, 1],
    ['a port option without a protocol', ['*nat', '-A OUTPUT --dport 80 -j RETURN', 'COMMIT'], /needs -p tcp/, 2, 11],
    ['a missing COMMIT', ['*nat', '-A OUTPUT -j RETURN'], /COMMIT/, 3, 1],
  ];
  it.each(broken)('reports %s as a diagnostic at its line:column', (_name, lines, message, line, column) => {
    const { diagnostics } = parseRestorePayload(payload(lines));
    expect(diagnostics.length).toBeGreaterThan(0);
    const d = diagnostics.find((x) => message.test(x.message));
    expect(d, JSON.stringify(diagnostics)).toBeDefined();
    expect(d!.source).toMatchObject({ line, column });
  });

  it('survives hostile input without throwing', () => {
    const junk = ['*nat', ...Array.from({ length: 2000 }, (_, i) => `-A OUTPUT ${'! '.repeat(i % 7)}-p ${i} --dport x -j ${i % 3 ? 'RETURN' : 'OUTPUT'}`), 'COMMIT', '*', ':', '-N'];
    const { diagnostics } = parseRestorePayload(junk.join('\n'));
    expect(diagnostics.length).toBeGreaterThan(0);
  });
});
