import { describe, expect, it } from 'vitest';
import { kernelView } from './kernelView.ts';

const view = (payload: string, family: 'v4' | 'v6' = 'v4', groups?: Record<string, number>) => kernelView(payload, { family, groups });
const rulesOf = (text: string) => text.split('\n').filter((l) => l.startsWith('-A'));

describe('kernel view of a restore payload', () => {
  it.each([
    ['-A OUTPUT -p tcp --dport 80 -d 10.0.0.1/8 -j RETURN', '-A OUTPUT -d 10.0.0.0/8 -p tcp -m tcp --dport 80 -j RETURN'],
    ['-A OUTPUT -o lo ! -d 127.0.0.1 -j RETURN', '-A OUTPUT ! -d 127.0.0.1/32 -o lo -j RETURN'],
    ['-A OUTPUT -p udp ! --sport 53 -j RETURN', '-A OUTPUT -p udp -m udp ! --sport 53 -j RETURN'],
    ['-A OUTPUT -p tcp -m tcp --dport 1 -j RETURN', '-A OUTPUT -p tcp -m tcp --dport 1 -j RETURN'],
    ['-A OUTPUT -p tcp -m multiport --dports 53,15008 -j RETURN', '-A OUTPUT -p tcp -m multiport --dports 53,15008 -j RETURN'],
    ['-A OUTPUT -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN', '-A OUTPUT -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN'],
    ['-A OUTPUT -m owner --gid-owner java -m owner ! --uid-owner 7 -j RETURN', '-A OUTPUT -m owner --gid-owner 2001 -m owner ! --uid-owner 7 -j RETURN'],
    ['-A OUTPUT -m mark --mark 0x10/0xff -j MARK --set-mark 5', '-A OUTPUT -m mark --mark 0x10/0xff -j MARK --set-xmark 0x5/0xffffffff'],
    ['-A OUTPUT -p tcp --dport 0x50 -j RETURN', '-A OUTPUT -p tcp -m tcp --dport 80 -j RETURN'],
    ['-A OUTPUT -p tcp --sport http -j RETURN', '-A OUTPUT -p tcp -m tcp --sport 80 -j RETURN'],
    ['-A OUTPUT -p tcp --dport 1000:2000 -j RETURN', '-A OUTPUT -p tcp -m tcp --dport 1000:2000 -j RETURN'],
    ['-A OUTPUT -p tcp -j CONNMARK --restore-mark', '-A OUTPUT -p tcp -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff'],
  ])('%s', (rule, expected) => {
    const r = view(`* mangle\n${rule}\nCOMMIT\n`, 'v4', { java: 2001 });
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

  it('orders tables as the nf_tables backend does', () => {
    const r = view('* nat\n-A OUTPUT -j RETURN\nCOMMIT\n* raw\n-A OUTPUT -j RETURN\nCOMMIT\n* mangle\n-A OUTPUT -j RETURN\nCOMMIT\n');
    expect(r.text.split('\n').filter((l) => l.startsWith('*'))).toEqual(['*mangle', '*raw', '*nat']);
  });

  it('prints IPv6 the way ip6tables-save does', () => {
    const r = view('* nat\n-A OUTPUT -s ::127.0.0.53/128 -d 2001:DB8::1/32 -j RETURN\nCOMMIT\n', 'v6');
    expect(rulesOf(r.text)).toEqual(['-A OUTPUT -s ::127.0.0.53/128 -d 2001:db8::/32 -j RETURN']);
  });

  it.each([
    ['* nat\n-I OUTPUT 2 -j RETURN\nCOMMIT\n', /index of insertion too big/],
    ['* nat\n-A NOPE -j RETURN\nCOMMIT\n', /does not exist/],
    ['* nat\n-A OUTPUT -j NOPE\nCOMMIT\n', /jump to chain NOPE/],
    ['* nat\n-N X\n-N X\nCOMMIT\n', /already exists/],
    ['* nope\nCOMMIT\n', /unknown table/],
    ['* nat\n-A OUTPUT -m owner --gid-owner nobody-here -j RETURN\nCOMMIT\n', /unknown on this machine/],
    ['* nat\n-A OUTPUT -d fd00::1/128 -j RETURN\nCOMMIT\n', /not an IPv4 address/],
    ['* nat\n-A OUTPUT -p tcp --dport abc -j RETURN\nCOMMIT\n', /invalid port\/service "abc"/],
    ['* nat\n-A OUTPUT -p tcp -m multiport --dports 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 -j RETURN\nCOMMIT\n', /too many ports/],
    ['* nat\n-A OUTPUT -o averyveryverylongname -j RETURN\nCOMMIT\n', /IFNAMSIZ/],
    ['* mangle\n-A OUTPUT -j MARK --set-mark lots\nCOMMIT\n', /bad mark value/],
  ])('reports what iptables-restore would reject: %j', (payload, message) => {
    const r = view(payload);
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(message);
    expect(r.diagnostics[0].source?.line).toBeGreaterThan(0);
  });
});
