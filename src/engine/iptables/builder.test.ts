import { describe, expect, it } from 'vitest';
import { createRuleBuilder, IP_VERSION_SPECIFIC, renderRestore } from './builder.ts';

describe('restore rendering', () => {
  it('declares chains on first sight per table, keeps inserts verbatim, sorts tables and skips empty ones', () => {
    const b = createRuleBuilder(true);
    b.append('s', [], 'chain', 'table', '-f', 'foo', '-b', 'bar');
    b.insert('s', [], 'chain', 'table', 2, '-f', 'foo');
    b.append('s', [], 'PREROUTING', 'nat', '-j', 'chain');
    expect(renderRestore(b.v4)).toBe('* nat\n-N chain\n-A PREROUTING -j chain\nCOMMIT\n* table\n-N chain\n-A chain -f foo -b bar\n-I chain 2 -f foo\nCOMMIT\n');
  });

  it('declares a jump target that has no rules of its own', () => {
    const b = createRuleBuilder(false);
    b.append('s', [], 'OUTPUT', 'nat', '-p', 'tcp', '-j', 'EMPTY');
    b.append('s', [], 'OUTPUT', 'nat', '-j', 'RETURN');
    expect(renderRestore(b.v4)).toBe('* nat\n-N EMPTY\n-A OUTPUT -p tcp -j EMPTY\n-A OUTPUT -j RETURN\nCOMMIT\n');
  });

  it('keeps the IPv6 list independent and empty when IPv6 is off', () => {
    const on = createRuleBuilder(true);
    on.appendVersioned('s', [], 'a', 'b', 'C', 'nat', '-d', IP_VERSION_SPECIFIC);
    on.insertV6('s', [], 'C', 'nat', 1, '-j', 'RETURN');
    expect(on.v4.map((r) => r.text)).toEqual(['-A C -d a']);
    expect(on.v6.map((r) => r.text)).toEqual(['-A C -d b', '-I C 1 -j RETURN']);
    const off = createRuleBuilder(false);
    off.append('s', [], 'C', 'nat', '-j', 'RETURN');
    expect(off.v6).toEqual([]);
    expect(renderRestore(off.v6)).toBe('');
  });
});
