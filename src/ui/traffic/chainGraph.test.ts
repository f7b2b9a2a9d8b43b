import { describe, expect, it } from 'vitest';
import { captureRulesForArgs } from '../../engine/iptables/capture.ts';
import { buildChainGraph } from './chainGraph.ts';

const ctx = { podIPs: ['10.0.0.5'] };

describe('the chain diagram', () => {
  it('draws nft base chains with their hook and priority, regular chains, jumps and captures', () => {
    const r = captureRulesForArgs(['-p', '15001', '-z', '15006', '-u', '1337', '-m', 'REDIRECT', '-i', '*', '-b', '*', '--native-nftables'], {}, ctx);
    const g = buildChainGraph(r.rulesets.nft!);
    const output = g.boxes.find((b) => b.id === 'istio-proxy-nat/output')!;
    expect(output.builtin).toBe(true);
    expect(output.hook).toBe('hook output · priority -100 · nat');
    const prerouting = g.boxes.find((b) => b.id === 'istio-proxy-nat/prerouting')!;
    expect(prerouting.hook).toBe('hook prerouting · priority dstnat (-100) · nat');
    expect(g.boxes.find((b) => b.id === 'istio-proxy-nat/istio-output')?.builtin).toBe(false);
    expect(g.arrows.map((a) => a.id)).toEqual(expect.arrayContaining(['istio-proxy-nat/output->istio-proxy-nat/istio-output', 'istio-proxy-nat/istio-redirect->listener/15001']));
    // The diagram shows the rule, not the kernel's count of nothing.
    expect(output.rows[0].text).toBe('counter jump istio-output');
  });

  it('wraps long rules instead of cutting them, and sizes the box for them', () => {
    const r = captureRulesForArgs(['-p', '15001', '-z', '15006', '-u', '1337', '-m', 'REDIRECT', '-i', '*', '-b', '*', '-x', '10.1.0.0/16,10.2.0.0/16,10.3.0.0/16'], {}, ctx);
    const g = buildChainGraph(r.rulesets.v4!);
    const box = g.boxes.find((b) => b.id === 'nat/ISTIO_OUTPUT')!;
    const long = box.rows.find((row) => row.text.length > 56);
    expect(long?.lines).toBeGreaterThan(1);
    expect(box.height).toBeGreaterThan(28 + box.rows.length * 20);
  });
});
