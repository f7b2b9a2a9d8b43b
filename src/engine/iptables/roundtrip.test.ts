/**
 * The generator builds typed rules directly and the payload is rendered from them; reading that
 * payload back with the one iptables grammar must give the same rules. This is what keeps each
 * rule's typed meaning (what the tracer and the kernel view use) and its written words (what
 * istio-iptables prints) one and the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iptablesSaveLine, nftListText, parseNftScript, parseRestore, type Match, type Program, type Rule, type Statement } from '../netfilter/index.ts';
import { captureRulesForArgs } from './capture.ts';

const strip = <T extends Match | Statement>(x: T): T => {
  const { text: _text, ...rest } = x as T & { ext?: number; text?: string };
  delete (rest as { ext?: number }).ext;
  // The text a value was written with may differ (a `:` before a port); its meaning may not.
  for (const [k, v] of Object.entries(rest)) {
    if (v && typeof v === 'object' && 'text' in v && 'value' in v) (rest as Record<string, unknown>)[k] = { value: (v as { value: unknown }).value };
    if (Array.isArray(v)) (rest as Record<string, unknown>)[k] = v.map((e) => (e && typeof e === 'object' && 'value' in e ? { value: e.value } : e));
    if (k === 'match' && v && typeof v === 'object') (rest as Record<string, unknown>)[k] = strip(v as Match);
  }
  return rest as T;
};
const meaning = (r: Rule) => ({ matches: r.matches.map(strip), statements: r.statements.map(strip) });

function expectRoundTrip(program: Program, text: string) {
  const back = parseRestore(text, { family: program.family });
  expect(back.diagnostics).toEqual([]);
  const mine = program.ops.filter((o) => o.op === 'rule');
  const theirs = back.program.ops.filter((o) => o.op === 'rule');
  expect(theirs.length).toBe(mine.length);
  mine.forEach((op, i) => {
    const other = theirs[i];
    if (op.op !== 'rule' || other.op !== 'rule') return;
    expect(meaning(other.rule), op.src?.text).toEqual(meaning(op.rule));
    expect(iptablesSaveLine(other.chain, other.rule, program.family ?? 'ipv4')).toBe(iptablesSaveLine(op.chain, op.rule, program.family ?? 'ipv4'));
  });
}

const configs: string[][] = [
  [], ['-b', '*', '-d', '15090,15021', '-i', '*', '-x', '10.0.0.0/8,2001:db8::/32'],
  ['-m', 'TPROXY', '-b', '*', '-i', '*', '--redirect-dns', '-c', 'net1', '-k', 'net2', '-u', '0', '-g', '1337'],
  ['-b', '80,443', '-q', '3306', '-o', '15020', '--redirect-dns', '--capture-all-dns', '--drop-invalid'],
  ['-m', 'TPROXY', '-b', '8080', '-i', '10.96.0.0/12', '-k', 'eth1,eth2'],
];

describe('the generated payload reads back as the same typed rules', () => {
  it.each(configs)('istio-iptables %j', (...argv) => {
    for (const podIPs of [['192.0.2.10'], ['2001:db8::10']]) {
      const r = captureRulesForArgs(argv, { ISTIO_OUTBOUND_OWNER_GROUPS_EXCLUDE: '888,ftp' }, { podIPs, resolvConf: ['10.96.0.10', '2001:db8::a'], groups: { ftp: 2002 } });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expectRoundTrip(r.programs.v4!, r.payload.v4);
      if (r.programs.v6) expectRoundTrip(r.programs.v6, r.payload.v6);
    }
  });

  it('for random valid configurations', () => {
    const ports = fc.array(fc.integer({ min: 1, max: 65535 }).map(String), { maxLength: 3 }).map((p) => p.join(','));
    const args = fc.record({ '-b': fc.oneof(fc.constant('*'), ports), '-q': ports, '-o': ports, '-u': fc.constantFrom('1337', '0', '3,4'), '-m': fc.constantFrom('REDIRECT', 'TPROXY') })
      .map((o) => Object.entries(o).flat());
    fc.assert(fc.property(args, fc.boolean(), (argv, dns) => {
      const r = captureRulesForArgs([...argv, ...(dns ? ['--redirect-dns'] : [])], { ISTIO_OUTBOUND_OWNER_GROUPS: '1000,1001' }, { podIPs: ['2001:db8::10'], resolvConf: ['10.96.0.10'] });
      expectRoundTrip(r.programs.v4!, r.payload.v4);
      expectRoundTrip(r.programs.v6!, r.payload.v6);
    }), { numRuns: 60 });
  });
});

function expectNftRoundTrip(program: Program, text: string) {
  const back = parseNftScript(text);
  expect(back.diagnostics).toEqual([]);
  const mine = program.ops.filter((o) => o.op === 'rule');
  const theirs = back.program.ops.filter((o) => o.op === 'rule');
  expect(theirs.length).toBe(mine.length);
  mine.forEach((op, i) => {
    const other = theirs[i];
    if (op.op !== 'rule' || other.op !== 'rule') return;
    expect(meaning(other.rule), op.src?.text).toEqual(meaning(op.rule));
    expect(nftListText(other.rule)).toBe(nftListText(op.rule));
  });
}

describe('the generated nft script reads back as the same typed rules', () => {
  it.each(configs)('istio-iptables %j --native-nftables', (...argv) => {
    for (const podIPs of [['192.0.2.10'], ['2001:db8::10']]) {
      const r = captureRulesForArgs([...argv, '--native-nftables'], { ISTIO_OUTBOUND_OWNER_GROUPS_EXCLUDE: '888,ftp' }, { podIPs, resolvConf: ['10.96.0.10', '2001:db8::a'], groups: { ftp: 2002 } });
      expect(r.backend).toBe('nftables');
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expectNftRoundTrip(r.programs.nft!, r.payload.nft);
    }
  });
});
