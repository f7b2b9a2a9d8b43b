import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureRulesForArgs } from './capture.ts';
import { captureRulesForPod } from './fromPod.ts';

const port = fc.integer({ min: 1, max: 65535 }).map(String);
const ports = fc.array(port, { maxLength: 4 }).map((p) => p.join(','));
const cidr4 = fc.tuple(fc.integer({ min: 1, max: 223 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 8, max: 32 })).map(([a, b, n]) => `${a}.${b}.0.0/${n}`);
const cidr6 = fc.tuple(fc.integer({ min: 0x2001, max: 0x2fff }), fc.integer({ min: 16, max: 128 })).map(([a, n]) => `${a.toString(16)}:db8::/${n}`);
const cidrs = fc.oneof(fc.constant('*'), fc.array(fc.oneof(cidr4, cidr6), { maxLength: 3 }).map((c) => c.join(',')));
const ifaces = fc.array(fc.constantFrom('eth1', 'net1', 'net2'), { maxLength: 2 }).map((i) => i.join(','));
const ids = fc.array(fc.integer({ min: 0, max: 70000 }).map(String), { minLength: 1, maxLength: 3 }).map((i) => i.join(','));

/** A valid istio-iptables command line: any combination of the rule-affecting flags. */
const validArgs = fc.record({
  '-m': fc.constantFrom('REDIRECT', 'TPROXY', ''),
  '-b': fc.oneof(fc.constant('*'), ports),
  '-d': ports,
  '-q': ports,
  '-o': ports,
  '-i': cidrs,
  '-x': fc.array(fc.oneof(cidr4, cidr6), { maxLength: 2 }).map((c) => c.join(',')),
  '-k': ifaces,
  '-c': ifaces,
  '-u': ids,
  '-g': fc.oneof(fc.constant(''), ids),
  '--redirect-dns': fc.boolean(),
  '--capture-all-dns': fc.boolean(),
  '--drop-invalid': fc.boolean(),
}, { requiredKeys: [] }).map((r) => Object.entries(r).flatMap(([k, v]) => (typeof v === 'boolean' ? (v ? [k] : []) : [k, v])));

const context = fc.record({
  podIPs: fc.constantFrom('10.0.0.5', 'fd00::5', '10.0.0.5,fd00::5').map((s) => s.split(',')),
  resolvConf: fc.constantFrom('', '10.96.0.10', '10.96.0.10,fd00::a').map((s) => (s ? s.split(',') : [])),
});

describe('capture properties', () => {
  it('any valid configuration gives a payload iptables-restore accepts, rule for rule', () => {
    fc.assert(fc.property(validArgs, context, (argv, ctx) => {
      const r = captureRulesForArgs(argv, {}, ctx);
      expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual(
        r.diagnostics.filter((d) => d.severity === 'warning' && d.message.startsWith('DNS redirection is on')),
      );
      for (const family of ['v4', 'v6'] as const) {
        const kernelRules = (r.rulesets[family]?.tables ?? []).flatMap((t) => t.chains.flatMap((c) => c.rules));
        expect(kernelRules.length).toBe((r.programs[family]?.ops ?? []).filter((o) => o.op === 'rule').length);
      }
    }), { numRuns: 100 });
  });

  it('never throws, whatever the words', () => {
    const word = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('-p', '-b', '*', '--redirect-dns', '-nb', '--', '-m=TPROXY', '-x', '::/0', '-i'));
    fc.assert(fc.property(fc.array(word, { maxLength: 12 }), fc.dictionary(fc.constantFrom('PROXY_UID', 'ISTIO_SERVICE_CIDR', 'REDIRECT_DNS', 'ISTIO_OUTBOUND_OWNER_GROUPS'), fc.string({ maxLength: 6 })), (argv, env) => {
      const r = captureRulesForArgs(argv, env, { podIPs: ['10.0.0.5'] });
      expect(typeof r.payload.v4).toBe('string');
      expect(structuredClone(r)).toEqual(r);
    }), { numRuns: 100 });
  });

  it('never throws on arbitrary pod-shaped input', () => {
    fc.assert(fc.property(fc.anything({ maxDepth: 4 }), (junk) => {
      const pod = { kind: 'Pod', metadata: { name: 'p', namespace: 'd', annotations: { 'sidecar.istio.io/status': '{}' } }, spec: { containers: [{ name: 'istio-proxy', securityContext: junk, env: junk }], initContainers: junk } };
      expect(() => captureRulesForPod(pod)).not.toThrow();
      expect(() => captureRulesForPod(junk)).not.toThrow();
    }), { numRuns: 100 });
  });
});
