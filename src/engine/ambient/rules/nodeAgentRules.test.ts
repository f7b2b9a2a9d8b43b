import { describe, expect, it } from 'vitest';
import type { PodOverrides } from '../overrides.ts';
import { nodeAgentRules } from './nodeAgentRules.ts';
import { DEFAULT_RULE_SETTINGS } from './settings.ts';

const plain: PodOverrides = { ingressMode: false, dnsProxy: 'unset', virtualInterfaces: [] };

describe("the node agent's rules", () => {
  it('honour the pod\'s annotations in both backends', () => {
    for (const backend of ['iptables', 'nftables'] as const) {
      const text = (o: typeof plain) => nodeAgentRules({ backend, scope: 'inpod', overrides: o, settings: { ...DEFAULT_RULE_SETTINGS, enableIPv6: false } }).golden;
      const base = text(plain);
      expect(base).toContain('15006');
      expect(text({ ...plain, ingressMode: true })).not.toContain('15006');
      expect(text({ ...plain, dnsProxy: 'disabled' })).not.toContain('15053');
      expect(text({ ...plain, virtualInterfaces: ['net1'] })).toMatch(/net1/);
    }
  });

  it('say which annotation or setting made each rule', () => {
    const r = nodeAgentRules({ backend: 'iptables', scope: 'inpod', overrides: { ...plain, dnsProxy: 'enabled' }, settings: { ...DEFAULT_RULE_SETTINGS, redirectDNS: false, enableIPv6: false } });
    const dns = [...r.iptables!.v4.lines.values()].find((x) => x.rule.statements.some((s) => s.kind === 'redirect' && s.port?.text === '15053'))!;
    expect(dns.origin[0]).toMatchObject({ kind: 'annotation', name: 'ambient.istio.io/dns-capture' });
    expect(r.iptables!.v4.kernelView).toContain('-j REDIRECT --to-ports 15053');
  });

  it('program IPv6 only when the node agent does', () => {
    const on = nodeAgentRules({ backend: 'iptables', scope: 'host', settings: DEFAULT_RULE_SETTINGS });
    const off = nodeAgentRules({ backend: 'iptables', scope: 'host', settings: { ...DEFAULT_RULE_SETTINGS, enableIPv6: false } });
    expect(on.iptables?.v6?.payload).toContain('istio-inpod-probes-v6');
    expect(off.iptables?.v6).toBeUndefined();
    const nft = nodeAgentRules({ backend: 'nftables', scope: 'host', settings: { ...DEFAULT_RULE_SETTINGS, kubeletUID: '1000' } });
    expect(nft.nftables?.script).toContain('ip6 daddr @istio-inpod-probes-v6');
    expect(nft.diagnostics).toEqual([]);
  });
});
