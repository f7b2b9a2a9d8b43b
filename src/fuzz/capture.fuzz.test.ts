import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { captureRulesForArgs } from '../engine/iptables/index.ts';
import { anyText, cidrList, portList } from './arbitraries/hostileValues.ts';
import { createProbe } from './support/probe.ts';
import { runs } from './support/defaultScenario.ts';
import { crashDiagnostics, isPlainData } from './support/structured.ts';

// istio-iptables command lines: every flag with hostile values (enormous port lists and CIDR
// sets), unknown flags, odd spellings, and environment variables holding anything.
const probe = createProbe('captureRulesForArgs', 10_000);
afterAll(() => probe.write());

const flag = fc.constantFrom(
  '-p', '-z', '-u', '-g', '-m', '-b', '-d', '-i', '-x', '-o', '-q', '-k', '-c', '-t', '-f', '--envoy-port', '--inbound-capture-port',
  '--proxy-uid', '--proxy-gid', '--istio-inbound-interception-mode', '--istio-inbound-ports', '--istio-local-exclude-ports',
  '--istio-service-cidr', '--istio-service-exclude-cidr', '--istio-local-outbound-ports-exclude', '--istio-outbound-ports',
  '--kube-virt-interfaces', '--exclude-interfaces', '--redirect-dns', '--capture-all-dns', '--drop-invalid', '--dual-stack',
  '--inbound-tproxy-mark', '--inbound-tproxy-route-table', '--run-validation', '--skip-rule-apply', '--dry-run', '--network-namespace',
  '--reconcile', '--log_output_level', '--', '-', '--unknown', '-nb', '-m=TPROXY', '--proxy-uid=1337', '--istio-inbound-ports=*',
);
const value = fc.oneof(portList, cidrList, anyText, fc.constantFrom('*', '', 'REDIRECT', 'TPROXY', 'NONE', '1337', '-1', '4294967296', 'true', 'false', '0x539', '15001', ' '));
const argv = fc.array(fc.oneof({ weight: 3, arbitrary: fc.tuple(flag, value).map(([f, v]) => [f, v]) }, { weight: 1, arbitrary: flag.map((f) => [f]) }, { weight: 1, arbitrary: value.map((v) => [v]) }), { maxLength: 10 }).map((parts) => parts.flat());
const envName = fc.constantFrom('PROXY_UID', 'PROXY_GID', 'ISTIO_SERVICE_CIDR', 'ISTIO_SERVICE_EXCLUDE_CIDR', 'ISTIO_INBOUND_PORTS', 'ISTIO_LOCAL_EXCLUDE_PORTS', 'ISTIO_META_DNS_CAPTURE', 'REDIRECT_DNS', 'ISTIO_OUTBOUND_OWNER_GROUPS', 'ISTIO_OUTBOUND_OWNER_GROUPS_EXCLUDE', 'INBOUND_INTERCEPTION_MODE', 'INBOUND_TPROXY_MARK', 'KUBE_VIRT_INTERFACES', 'ENVOY_PORT', 'DNS_TARGET_PORT');
const env = fc.dictionary(envName, value, { maxKeys: 4 });
const context = fc.record({
  podIPs: fc.array(fc.oneof(fc.constantFrom('10.0.0.5', 'fd00::5', '::1', '127.0.0.1'), anyText), { maxLength: 3 }),
  resolvConf: fc.array(fc.oneof(fc.constantFrom('10.96.0.10', 'fd00::a', 'fe80::1%eth0'), anyText), { maxLength: 3 }),
}, { requiredKeys: [] });

describe('captureRulesForArgs under fuzzing', () => {
  it('answers any command line with rules or diagnostics, never an exception', () => {
    fc.assert(
      fc.property(argv, env, context, (args, e, ctx) => {
        const r = probe.time({ args, env: e, ctx }, () => captureRulesForArgs(args, e, ctx as never));
        expect(typeof r.payload.v4).toBe('string');
        expect(typeof r.payload.v6).toBe('string');
        expect(crashDiagnostics(r.diagnostics)).toEqual([]);
        expect(isPlainData(r)).toBe(true);
      }),
      { numRuns: runs(3500) },
    );
  });

  it('caps enormous port lists and CIDR sets', () => {
    const huge = fc.tuple(fc.constantFrom('-b', '-d', '-o', '-q', '-i', '-x'), fc.integer({ min: 20_000, max: 100_000 })).map(([f, n]) => {
      const cidr = f === '-i' || f === '-x';
      return [f, Array.from({ length: n }, (_, i) => (cidr ? `10.${(i >> 8) & 255}.${i & 255}.0/24` : String((i % 65535) + 1))).join(',')];
    });
    fc.assert(
      fc.property(huge, (args) => {
        const r = probe.time({ args: [args[0], `${args[1].slice(0, 60)}… (${args[1].split(',').length} items)`] }, () => captureRulesForArgs(args));
        expect(crashDiagnostics(r.diagnostics)).toEqual([]);
        expect(r.payload.v4.length + r.payload.v6.length).toBeLessThan(50 * 1024 * 1024);
      }),
      { numRuns: runs(10) },
    );
  });
});
