import { describe, expect, it } from 'vitest';
import type { Program } from '../netfilter/index.ts';
import { captureRulesForArgs } from './capture.ts';

const v4pod = { podIPs: ['10.0.0.5'] };
const v6pod = { podIPs: ['fd00::5'] };
const lines = (text: string) => text.split('\n');

describe('rule generation beyond the upstream goldens', () => {
  it.each([
    ['-b * with -d exclusions', ['-b', '*', '-d', '15090,15021'], {}, v4pod, [
      '-A PREROUTING -p tcp -j ISTIO_INBOUND',
      '-A ISTIO_INBOUND -p tcp --dport 15090 -j RETURN',
      '-A ISTIO_INBOUND -p tcp --dport 15021 -j RETURN',
      '-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT',
    ], []],
    ['-d is ignored unless -b is *', ['-b', '80', '-d', '15090'], {}, v4pod, ['-A ISTIO_INBOUND -p tcp --dport 80 -j ISTIO_IN_REDIRECT'], ['-A ISTIO_INBOUND -p tcp --dport 15090 -j RETURN']],
    ['-o excludes tcp and udp', ['-o', '3306'], {}, v4pod, ['-A ISTIO_OUTPUT -p tcp --dport 3306 -j RETURN', '-A ISTIO_OUTPUT -p udp --dport 3306 -j RETURN'], []],
    ['no trimming: a space in a list reaches the rule', ['-b', '4000, 5000'], {}, v4pod, ['-A ISTIO_INBOUND -p tcp --dport  5000 -j ISTIO_IN_REDIRECT'], []],
    ['capture-all DNS without servers', ['--redirect-dns', '--capture-all-dns'], {}, v4pod, [
      '-A ISTIO_OUTPUT_DNS -p tcp --dport 53 -j REDIRECT --to-ports 15053',
      '-A ISTIO_OUTPUT_DNS -p udp --dport 53 -j REDIRECT --to-port 15053',
      '-A ISTIO_INBOUND -p udp --sport 53 -j CT --zone 1',
    ], []],
    ['redirect-dns with no servers turns DNS off', ['--redirect-dns'], {}, { ...v4pod, resolvConf: [] }, [], ['-N ISTIO_OUTPUT_DNS']],
    ['TPROXY without inbound ports keeps the mark plumbing', ['-m', 'TPROXY'], {}, v4pod, [
      '* mangle',
      '-I ISTIO_INBOUND 1 -p tcp -m mark --mark 1337 -j RETURN',
      '-A OUTPUT -p tcp -m connmark --mark 1337 -j CONNMARK --restore-mark',
    ], ['-A PREROUTING -p tcp -j ISTIO_INBOUND']],
    ['lower-case tproxy means REDIRECT', ['-m', 'tproxy', '-b', '*'], {}, v4pod, ['-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT'], ['* mangle']],
    ['custom ports and mark', ['-p', '1', '-z', '2', '-e', '3', '-t', '4', '-m', 'TPROXY', '-b', '*'], {}, v4pod, [
      '-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 1',
      '-A ISTIO_TPROXY ! -d 127.0.0.1/32 -p tcp -j TPROXY --tproxy-mark 4/0xffffffff --on-port 2',
      '-A ISTIO_INBOUND -p tcp --dport 3 -j RETURN',
      '-A ISTIO_DIVERT -j MARK --set-mark 4',
    ], []],
    ['excluded interface in TPROXY mode also skips mangle', ['-c', 'net1', '-m', 'TPROXY'], {}, v4pod, ['-A PREROUTING -i net1 -j RETURN', '-A OUTPUT -o net1 -j RETURN'], []],
    ['a loopback include drops the lo RETURN rules', ['-i', '127.0.0.0/8'], {}, v4pod, ['-A ISTIO_OUTPUT -d 127.0.0.0/8 -j ISTIO_REDIRECT'], ['-A ISTIO_OUTPUT -o lo -m owner ! --uid-owner 1337 -j RETURN']],
    ['owner include "" means a bare RETURN', [], { ISTIO_OUTBOUND_OWNER_GROUPS: '' }, v4pod, ['-A ISTIO_OUTPUT -j RETURN'], []],
    ['a v4-only include gives a v6 pod no v6 capture', ['-i', '10.0.0.0/8'], {}, v6pod, [], []],
  ])('%s', (_, argv, env, ctx, present, absent) => {
    const r = captureRulesForArgs(argv, env, ctx);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const all = lines(r.payload.v4);
    for (const l of present) expect(all).toContain(l);
    for (const l of absent) expect(all).not.toContain(l);
  });

  it('an excluded interface in TPROXY mode is skipped in mangle as well as nat', () => {
    const r = captureRulesForArgs(['-c', 'net1', '-m', 'TPROXY'], {}, v4pod);
    const tables = r.programs.v4!.ops.filter((x) => x.src?.text === '-A PREROUTING -i net1 -j RETURN' && x.op === 'rule').map((x) => (x.op === 'rule' ? x.table : ''));
    expect(tables).toEqual(['mangle', 'nat']);
  });

  it('a v4-only include gives a v6 pod no v6 outbound capture', () => {
    const r = captureRulesForArgs(['-i', '10.0.0.0/8'], {}, v6pod);
    expect(lines(r.payload.v4)).toContain('-A ISTIO_OUTPUT -d 10.0.0.0/8 -j ISTIO_REDIRECT');
    expect(r.payload.v6).not.toContain('ISTIO_REDIRECT -d');
    expect(r.payload.v6).not.toContain('-j ISTIO_REDIRECT\n');
  });

  it('IPv6 TPROXY with IPv6 DNS servers', () => {
    const r = captureRulesForArgs(['-m', 'TPROXY', '-b', '*', '--redirect-dns'], {}, { podIPs: ['fd00::5'], resolvConf: ['fd00::a'] });
    const v6 = lines(r.payload.v6);
    expect(v6).toContain('-A ISTIO_TPROXY ! -d ::1/128 -p tcp -j TPROXY --tproxy-mark 1337/0xffffffff --on-port 15006');
    expect(v6).toContain('-I ISTIO_INBOUND 2 -p tcp -s ::6/128 -i lo -j RETURN');
    expect(v6).toContain('-A ISTIO_OUTPUT_DNS -p udp --dport 53 -d fd00::a/128 -j REDIRECT --to-port 15053');
    expect(lines(r.payload.v4)).not.toContain('-A ISTIO_OUTPUT -j ISTIO_OUTPUT_DNS');
    expect(lines(r.kernelView.v6)).toContain('-A ISTIO_TPROXY ! -d ::1/128 -p tcp -j TPROXY --on-port 15006 --on-ip :: --tproxy-mark 0x539/0xffffffff');
  });

  it('kube-virt inserts and exclude interfaces together', () => {
    const r = captureRulesForArgs(['-k', 'net2', '-c', 'net1', '-i', '*'], {}, v4pod);
    const save = lines(r.kernelView.v4);
    const pre = save.filter((l) => l.startsWith('-A PREROUTING'));
    expect(pre).toEqual(['-A PREROUTING -i net2 -j ISTIO_REDIRECT', '-A PREROUTING -i net2 -j RETURN', '-A PREROUTING -i net1 -j RETURN']);
  });

  const ruleOps = (p: Program | undefined) => (p?.ops ?? []).flatMap((o) => (o.op === 'rule' ? [o] : []));

  it('records provenance: why each rule exists, the settings behind it and where their values came from', () => {
    const r = captureRulesForArgs(['-b', '8080', '-u', '1337'], {}, v4pod);
    const inbound = ruleOps(r.programs.v4).find((x) => x.src?.text === '-A ISTIO_INBOUND -p tcp --dport 8080 -j ISTIO_IN_REDIRECT');
    expect(inbound?.rule.origin?.settings).toContain('inboundPortsInclude');
    expect(inbound?.rule.origin?.from).toContainEqual({ kind: 'flag', name: '-b' });
    expect(inbound?.rule.matches).toEqual([
      { kind: 'l4proto', negate: false, proto: { text: 'tcp', value: 6 } },
      { kind: 'port', dir: 'dst', proto: 'tcp', negate: false, ports: [{ text: '8080', value: [8080, 8080] }] },
    ]);
    const uid = ruleOps(r.programs.v4).find((x) => x.src?.text === '-A ISTIO_OUTPUT -m owner --uid-owner 1337 -j RETURN');
    expect(uid?.rule.origin).toMatchObject({ settings: ['proxyUID'], from: [{ kind: 'flag', name: '-u' }] });
    expect(uid?.table).toBe('nat');
  });

  it('links payload lines and kernel rules back to the generated rules', () => {
    const r = captureRulesForArgs(['-m', 'TPROXY', '-b', '*', '-k', 'net2', '-i', '10.0.0.0/8', '--redirect-dns'], {}, { podIPs: ['fd00::5'], resolvConf: ['10.96.0.10', 'fd00::a'] });
    for (const family of ['v4', 'v6'] as const) {
      const payload = r.payload[family].split('\n');
      const ops = ruleOps(r.programs[family]);
      for (const op of ops) expect(payload[op.src!.line - 1]).toBe(op.src!.text);
      const byLine = new Map(ops.map((x) => [x.src!.line, x]));
      const kernelRules = r.rulesets[family]!.tables.flatMap((t) => t.chains.flatMap((c) => c.rules.map((k) => ({ ...k, table: t.name, chain: c.name }))));
      expect(kernelRules.length).toBe(ops.length);
      for (const k of kernelRules) {
        const source = byLine.get(k.src!.line);
        expect(source?.table).toBe(k.table);
        expect(source?.chain).toBe(k.chain);
        expect(k.origin).toBe(source?.rule.origin);
      }
      expect(kernelRules.map((k) => k.kernelText)).toEqual(r.kernelView[family].split('\n').filter((l) => l.startsWith('-A')));
    }
  });

  it.each([
    [['-m', 'TPROXY', '-b', '*'], v4pod, ['ip -4 rule add fwmark 1337 lookup 133', 'ip -4 route add local 0.0.0.0/0 dev lo table 133']],
    [['-m', 'TPROXY', '-b', '*', '-t', '7', '-r', '70'], v6pod, ['ip -6 addr add ::6/128 dev lo', 'ip -4 rule add fwmark 7 lookup 70', 'ip -6 rule add fwmark 7 lookup 70', 'ip -4 route add local 0.0.0.0/0 dev lo table 70', 'ip -6 route add local ::/0 dev lo table 70']],
    [['-m', 'TPROXY'], v4pod, []],
    [['-m', 'TPROXY', '-b', '*', '-n'], v6pod, []],
    [['-b', '*'], v6pod, ['ip -6 addr add ::6/128 dev lo']],
  ])('host network setup for %j', (argv, ctx, expected) => {
    expect(captureRulesForArgs(argv, {}, ctx).hostSetup).toEqual(expected);
  });

  it('hostile list sizes stay bounded', () => {
    const huge = Array.from({ length: 20000 }, (_, i) => String(i % 65536)).join(',');
    const r = captureRulesForArgs(['-b', huge, '-o', huge], {}, v4pod);
    expect(ruleOps(r.programs.v4).length).toBeLessThanOrEqual(50_000);
  });
});

describe('a value that would corrupt the payload (issue 16)', () => {
  it('a line break in -o: flagged loudly, and the kernel view is what iptables-restore makes of the text', () => {
    const r = captureRulesForArgs(['-b', '*', '-i', '*', '-o', '80\n-A OUTPUT -j ACCEPT'], {}, v4pod);
    expect(r.corrupt.map((c) => [c.value, c.problem, c.from])).toContainEqual(['80\n-A OUTPUT -j ACCEPT', 'line break', [{ kind: 'flag', name: '-o' }]]);
    const error = r.diagnostics.find((d) => d.severity === 'error');
    expect(error?.message).toMatch(/contains a line break/);
    // istio-iptables writes the line break as is: the payload has a line it never meant as a rule ...
    expect(r.payload.v4).toContain('--dport 80\n-A OUTPUT -j ACCEPT -j RETURN\n');
    // ... which iptables-restore refuses, so nothing from the nat table on reaches the kernel.
    expect(r.rulesets.v4?.tables.map((t) => t.name)).toEqual([]);
    expect(r.diagnostics.some((d) => /multiple -j flags not allowed/.test(d.message))).toBe(true);
    // The lines after the break are counted as lines: each value says which lines it added, and the
    // rules after it keep their own line numbers.
    const lines = r.payload.v4.split('\n');
    const tcp = r.corrupt.find((c) => c.input === 'payload v4')!;
    expect(lines[tcp.line - 1]).toBe('-A ISTIO_OUTPUT -p tcp --dport 80');
    expect(tcp.extraLines.map((n) => lines[n - 1])).toEqual(['-A OUTPUT -j ACCEPT -j RETURN']);
    for (const op of r.programs.v4!.ops) expect(lines[op.src!.line - 1]).toBe(op.src!.text);
    // iptables-restore refuses the line, so istio-iptables fails: the pod does not start.
    expect(r.refused).toEqual([{ input: 'payload v4', line: tcp.extraLines[0], message: expect.stringMatching(/multiple -j flags not allowed/), consequence: 'istio-iptables exits with the error' }]);
    expect(r.diagnostics.find((d) => /^iptables-restore refuses line/.test(d.message))?.message).toMatch(/istio-iptables exits with the error/);
  });

  it('an injected line that iptables-restore accepts is loaded, and shown as not meant', () => {
    const r = captureRulesForArgs(['-b', '*', '-i', '*', '-o', '80 -j RETURN\n-I OUTPUT 1 -j ACCEPT\n-A ISTIO_OUTPUT -p tcp --dport 81'], {}, v4pod);
    expect(r.corrupt.length).toBeGreaterThan(0);
    const nat = r.rulesets.v4?.tables.find((t) => t.name === 'nat');
    expect(nat?.chains.find((c) => c.name === 'OUTPUT')?.rules[0].kernelText).toBe('-A OUTPUT -j ACCEPT');
    expect(r.refused).toEqual([]);
  });

  it('a blank inside a value: iptables-restore reads other words', () => {
    const r = captureRulesForArgs(['-b', '*', '-c', 'net1 -j ACCEPT'], {}, v4pod);
    expect(r.corrupt[0]).toMatchObject({ value: 'net1 -j ACCEPT', problem: 'blank' });
    expect(r.diagnostics.some((d) => /multiple -j flags not allowed/.test(d.message))).toBe(true);
  });

  it('the same in an nft script: nft -f refuses the whole transaction', () => {
    const r = captureRulesForArgs(['-b', '*', '-i', '*', '-o', '80\nadd rule inet istio-proxy-nat output accept', '--native-nftables'], {}, v4pod);
    expect(r.corrupt[0]).toMatchObject({ problem: 'line break', input: 'nft script' });
    expect(r.payload.nft).toContain('tcp dport 80\nadd rule inet istio-proxy-nat output accept counter return\n');
    expect(r.rulesets.nft?.tables).toEqual([]);
    expect(r.diagnostics.some((d) => /Statement after terminal statement has no effect/.test(d.message))).toBe(true);
    expect(r.refused.map((x) => x.input)).toEqual(['nft script']);
  });

  it('ordinary values are not flagged', () => {
    expect(captureRulesForArgs(['-b', '80, 443', '-i', '*', '-o', '15020'], {}, v4pod).corrupt).toEqual([]);
  });
});
