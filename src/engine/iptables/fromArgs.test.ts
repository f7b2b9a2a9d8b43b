import { describe, expect, it } from 'vitest';
import { captureRulesForArgs } from './capture.ts';
import { configFromArgs, stripProgramName } from './fromArgs.ts';

describe('configuration from the istio-iptables command line and environment', () => {
  it.each([
    ['default', [], {}, 'inboundCapturePort', '15006', 'default'],
    ['env var of a flag', [], { INBOUND_CAPTURE_PORT: '16006' }, 'inboundCapturePort', '16006', 'env'],
    ['flag beats env', ['-z', '17006'], { INBOUND_CAPTURE_PORT: '16006' }, 'inboundCapturePort', '17006', 'flag'],
    ['-p reads no env var', [], { ENVOY_PORT: '9999' }, 'proxyPort', '15001', 'default'],
    ['additional env beats the primary env', [], { REDIRECT_DNS: 'false', ISTIO_META_DNS_CAPTURE: 'true' }, 'redirectDNS', true, 'env'],
    ['a flag beats both envs', ['--redirect-dns=false'], { ISTIO_META_DNS_CAPTURE: 'true' }, 'redirectDNS', false, 'flag'],
    ['an unparsable bool env is ignored', [], { DROP_INVALID: 'yes' }, 'dropInvalid', false, 'default'],
    ['INVALID_DROP is the drop-invalid alias', [], { INVALID_DROP: '1' }, 'dropInvalid', true, 'env'],
    ['"" from the command line is a real value', ['-z', ''], { INBOUND_CAPTURE_PORT: '16006' }, 'inboundCapturePort', '', 'flag'],
    ['kube-virt env', [], { KUBE_VIRT_INTERFACES: 'net2' }, 'rerouteVirtualInterfaces', 'net2', 'env'],
  ])('%s', (_, argv, env, field, value, kind) => {
    const r = configFromArgs(argv as string[], env as Record<string, string>);
    expect(r.failed).toBe(false);
    expect(r.config[field as 'proxyPort']).toBe(value);
    expect(r.origins[field as 'proxyPort']?.kind).toBe(kind);
  });

  it('strips the program words an istio-init args list starts with', () => {
    expect(stripProgramName(['pilot-agent', 'istio-iptables', '-p', '1'])).toEqual(['-p', '1']);
    expect(stripProgramName(['istio-iptables'])).toEqual([]);
    expect(stripProgramName(['-p', '1'])).toEqual(['-p', '1']);
  });
});

describe('environment filling', () => {
  const cfg = (argv: string[], env: Record<string, string> = {}, ctx = {}) => captureRulesForArgs(argv, env, { podIPs: ['10.0.0.5'], ...ctx });

  it.each([
    ['no -u: uid of ENVOY_USER from the passwd table', [], {}, { users: { 'istio-proxy': '1234' } }, '1234', '1234'],
    ['no -u and no such user: 1337', [], { ENVOY_USER: 'envoy' }, {}, '1337', '1337'],
    ['-g defaults to -u', ['-u', '3,4'], {}, {}, '3,4', '3,4'],
    ['-g given separately', ['-u', '3', '-g', '5'], {}, {}, '3', '5'],
  ])('%s', (_, argv, env, ctx, uid, gid) => {
    const r = cfg(argv, env, ctx);
    expect(r.config?.proxyUID).toBe(uid);
    expect(r.config?.proxyGID).toBe(gid);
  });

  it.each([
    [['10.0.0.5'], false, false],
    [['fe80::1', '127.0.0.1', 'fd00::5'], false, true],
    [['10.0.0.5', 'fd00::5'], false, false],
    [['10.0.0.5', 'fd00::5'], true, true],
    [['::ffff:10.0.0.5'], false, false],
  ])('pod IPs %j (dual-stack %s) → IPv6 %s', (podIPs, dual, ipv6) => {
    const r = cfg(dual ? ['--dual-stack'] : [], {}, { podIPs });
    expect(r.ipv6).toBe(ipv6);
    expect(r.payload.v6 !== '').toBe(ipv6);
  });

  it('only loopback/link-local addresses is an error', () => {
    expect(cfg([], {}, { podIPs: ['127.0.0.1', 'fe80::1'] }).diagnostics.map((d) => d.severity)).toContain('error');
  });

  it('resolv.conf servers are split by family and printed canonically', () => {
    const r = cfg(['--redirect-dns'], {}, { resolvConf: ['10.96.0.10', '::127.0.0.53', 'bogus', 'FE80::1%eth0', '::ffff:1.2.3.4'] });
    expect(r.config?.dnsServersV4).toEqual(['10.96.0.10']);
    expect(r.config?.dnsServersV6).toEqual(['::7f00:35', 'fe80::1%eth0', '::ffff:1.2.3.4']);
  });

  it.each([
    [['-x', '*'], {}, /OUTBOUND_IP_RANGES_EXCLUDE/],
    [['-i', '10.0.0.0'], {}, /no '\/'/],
    [[], { ISTIO_OUTBOUND_IPV4_LOOPBACK_CIDR: '10.0.0.1/32' }, /IPv4 loopback/],
    [[], { ISTIO_OUTBOUND_IPV4_LOOPBACK_CIDR: '127.0.0.1/7' }, /mask in range/],
    [[], { ISTIO_OUTBOUND_OWNER_GROUPS: Array.from({ length: 65 }, (_, i) => i).join(',') }, /cannot exceed 64/],
    [['--force-iptables-binary', 'xt'], {}, /force-iptables-binary/],
    [['--help'], {}, /help/],
    [['--bogus'], {}, /unknown flag: --bogus/],
  ])('%j %j is an error', (argv, env, message) => {
    const r = cfg(argv as string[], env as Record<string, string>);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors.join('\n')).toMatch(message);
    expect(r.payload.v4).toBe('');
  });
});
