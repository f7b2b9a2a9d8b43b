import { describe, expect, it } from 'vitest';
import { ipt, renderRestore } from '../netfilter/index.ts';
import { createRuleBuilder, restoreProgram, type BuiltRule, type Family } from './builder.ts';

const payload = (rules: BuiltRule[], family: Family = 'v4') => renderRestore(restoreProgram(rules, family).program).text;

describe('restore rendering', () => {
  it('declares chains on first sight per table, keeps inserts verbatim, sorts tables and skips empty ones', () => {
    const b = createRuleBuilder(true);
    b.append('s', [], 'chain', 'table', [ipt.inIface('foo'), ipt.outIface('bar')]);
    b.insert('s', [], 'chain', 'table', 2, [ipt.inIface('foo')]);
    b.append('s', [], 'PREROUTING', 'nat', [], ipt.jump('chain'));
    expect(payload(b.v4)).toBe('* nat\n-N chain\n-A PREROUTING -j chain\nCOMMIT\n* table\n-N chain\n-A chain -i foo -o bar\n-I chain 2 -i foo\nCOMMIT\n');
  });

  it('declares a jump target that has no rules of its own', () => {
    const b = createRuleBuilder(false);
    b.append('s', [], 'OUTPUT', 'nat', [ipt.proto('tcp')], ipt.jump('EMPTY'));
    b.append('s', [], 'OUTPUT', 'nat', [], ipt.ret());
    expect(payload(b.v4)).toBe('* nat\n-N EMPTY\n-A OUTPUT -p tcp -j EMPTY\n-A OUTPUT -j RETURN\nCOMMIT\n');
  });

  it('keeps the IPv6 list independent and empty when IPv6 is off', () => {
    const on = createRuleBuilder(true);
    on.appendVersioned('s', [], '10.0.0.1', '::2', 'C', 'nat', (v) => [[ipt.dst(v)]]);
    on.insertV6('s', [], 'C', 'nat', 1, [], ipt.ret());
    expect(payload(on.v4)).toBe('* nat\n-N C\n-A C -d 10.0.0.1\nCOMMIT\n');
    expect(payload(on.v6, 'v6')).toBe('* nat\n-N C\n-A C -d ::2\n-I C 1 -j RETURN\nCOMMIT\n');
    const off = createRuleBuilder(false);
    off.append('s', [], 'C', 'nat', [], ipt.ret());
    expect(off.v6).toEqual([]);
    expect(payload(off.v6, 'v6')).toBe('');
  });

  it('each rule carries why it exists and the settings behind it', () => {
    const b = createRuleBuilder(false);
    b.append('excluded outbound port', ['outboundPortsExclude'], 'ISTIO_OUTPUT', 'nat', [ipt.proto('tcp'), ipt.dport('tcp', '3306')], ipt.ret());
    expect(b.v4[0].rule.origin).toEqual({ why: 'excluded outbound port', settings: ['outboundPortsExclude'], from: [] });
  });
});
