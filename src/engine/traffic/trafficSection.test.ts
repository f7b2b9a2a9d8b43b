import { describe, expect, it } from 'vitest';
import { analyzeTraffic } from './trafficSection.ts';

// Found by src/fuzz: `ports: 0` (or a mapping) in a container made the app-port lookup throw,
// which analyzeScenario reported as an internal error in traffic.
describe('analyzeTraffic on pods whose lists are not lists', () => {
  for (const [what, spec] of [
    ['ports is a number', { containers: [{ name: 'app', ports: 0 }] }],
    ['ports is a mapping', { containers: [{ name: 'app', ports: {} }] }],
    ['containers is a mapping', { containers: { name: 'app' } }],
  ] as const) {
    it(`answers without throwing when ${what}`, () => {
      const r = analyzeTraffic({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec });
      expect(r.family).toBe('ipv4');
      expect(Array.isArray(r.presets)).toBe(true);
    });
  }
});

describe('analyzeTraffic on a pod that programs nftables', () => {
  const pod = (mode: string) => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', annotations: { 'sidecar.istio.io/status': '{}' } },
    spec: {
      initContainers: [{ name: 'istio-init', args: ['istio-iptables', '-p', '15001', '-z', '15006', '-u', '1337', '-m', mode, '-i', '*', '-b', '*', '-d', '15090,15021,15020', '--native-nftables'] }],
      containers: [{ name: 'app', ports: [{ containerPort: 9080 }] }, { name: 'istio-proxy' }],
    },
  });

  it.each([['ipv4' as const], ['ipv6' as const]])('traces the presets through the one inet ruleset (%s)', (family) => {
    const r = analyzeTraffic(pod('REDIRECT'), { family, preset: 'app-calls-service' });
    expect(r.capture.backend).toBe('nftables');
    expect(r.ruleset.backend).toBe('nftables');
    expect(r.trace?.final).toBe('REDIRECT to 15001');
    expect(r.trace?.hits.map((h) => h.at)).toEqual(['istio-proxy-nat/output#1', `istio-proxy-nat/istio-output#${family === 'ipv4' ? 9 : 13}`, 'istio-proxy-nat/istio-redirect#1']);
    expect(r.trace?.hits[1].origin?.from).toContainEqual({ kind: 'flag', name: '-i' });
    const inbound = analyzeTraffic(pod('TPROXY'), { family, preset: 'request-arrives' });
    expect(inbound.trace?.final).toBe('TPROXY to 15006');
  });
});

describe('the DNS proxy answers the app', () => {
  const pod = (nft: boolean, capture = true) => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', annotations: { 'sidecar.istio.io/status': '{}' } },
    spec: {
      initContainers: [{
        name: 'istio-init',
        args: ['istio-iptables', '-p', '15001', '-z', '15006', '-u', '1337', '-m', 'REDIRECT', '-i', '*', '-b', '*', ...(nft ? ['--native-nftables'] : [])],
        env: capture ? [{ name: 'ISTIO_META_DNS_CAPTURE', value: 'true' }] : [],
      }],
      containers: [{ name: 'app' }, { name: 'istio-proxy' }],
    },
  });

  it.each([[false], [true]])('the answer is reverse-translated to come from the nameserver the app asked (nft: %s)', (nft) => {
    const r = analyzeTraffic(pod(nft), { family: 'ipv4', preset: 'dns-answer' });
    expect(r.capture.backend).toBe(nft ? 'nftables' : 'iptables');
    expect(r.trace?.preset).toBe('dns-answer');
    expect(r.trace?.final).toBe('conntrack NAT to 10.96.0.10:53');
    // The query's conntrack entry was redirected in zone 2: the reply is its reply direction.
    expect(r.trace?.conntrack).toMatchObject({ zone: 2, original: '192.0.2.10:40000 -> 10.96.0.10:53', reply: '127.0.0.1:15053 -> 192.0.2.10:40000' });
  });

  it('is offered only when DNS is captured', () => {
    expect(analyzeTraffic(pod(false, false)).presets.map((p) => p.id)).not.toContain('dns-answer');
  });
});
