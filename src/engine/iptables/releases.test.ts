/**
 * istio-iptables and istio-cni as each release writes them (releases.md §3): the payload deltas,
 * the flag set, the command form and trace logging. The worked payload is releases.md §3.3's.
 */
import { describe, expect, it } from 'vitest';
import { behaviourOf, parseRelease } from '../releases/index.ts';
import { captureRulesForArgs } from './capture.ts';
import { captureRulesForCni } from './fromCni.ts';

const at = (text: string) => behaviourOf(parseRelease(text).release!);
const pod = (release: string, extra: Record<string, unknown> = {}) => ({ podIPs: ['10.0.0.5'], release: at(release), ...extra });
const DEFAULT = ['-p', '15001', '-z', '15006', '-u', '1337', '-m', 'REDIRECT', '-i', '*', '-x', '', '-b', '*', '-d', '15090,15021,15020'];
const v4 = (release: string, args: string[], extra: Record<string, unknown> = {}, env: Record<string, string> = {}) => captureRulesForArgs(args, env, pod(release, extra));

describe('istio-iptables by release', () => {
  it('the worked 1.23–1.24 DNS payload of releases.md §3.3', () => {
    const r = v4('1.24.0', [...DEFAULT, '--redirect-dns'], { resolvConf: ['10.96.0.10'] });
    expect(r.payload.v4).toBe(`* nat
-N ISTIO_INBOUND
-N ISTIO_REDIRECT
-N ISTIO_IN_REDIRECT
-N ISTIO_OUTPUT
-A ISTIO_INBOUND -p tcp --dport 15008 -j RETURN
-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001
-A ISTIO_IN_REDIRECT -p tcp -j REDIRECT --to-ports 15006
-A PREROUTING -p tcp -j ISTIO_INBOUND
-A ISTIO_INBOUND -p tcp --dport 15090 -j RETURN
-A ISTIO_INBOUND -p tcp --dport 15021 -j RETURN
-A ISTIO_INBOUND -p tcp --dport 15020 -j RETURN
-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT
-A OUTPUT -p tcp -j ISTIO_OUTPUT
-A ISTIO_OUTPUT -o lo -s 127.0.0.6/32 -j RETURN
-A ISTIO_OUTPUT -o lo ! -d 127.0.0.1/32 -p tcp -m multiport ! --dports 53,15008 -m owner --uid-owner 1337 -j ISTIO_IN_REDIRECT
-A ISTIO_OUTPUT -o lo -p tcp ! --dport 53 -m owner ! --uid-owner 1337 -j RETURN
-A ISTIO_OUTPUT -m owner --uid-owner 1337 -j RETURN
-A ISTIO_OUTPUT -o lo ! -d 127.0.0.1/32 -p tcp ! --dport 15008 -m owner --gid-owner 1337 -j ISTIO_IN_REDIRECT
-A ISTIO_OUTPUT -o lo -p tcp ! --dport 53 -m owner ! --gid-owner 1337 -j RETURN
-A ISTIO_OUTPUT -m owner --gid-owner 1337 -j RETURN
-A ISTIO_OUTPUT -p tcp --dport 53 -d 10.96.0.10/32 -j REDIRECT --to-ports 15053
-A ISTIO_OUTPUT -d 127.0.0.1/32 -j RETURN
-A ISTIO_OUTPUT -j ISTIO_REDIRECT
-A OUTPUT -p udp -j ISTIO_OUTPUT
-A ISTIO_OUTPUT -p udp --dport 53 -m owner --uid-owner 1337 -j RETURN
-A ISTIO_OUTPUT -p udp --dport 53 -m owner --gid-owner 1337 -j RETURN
-A ISTIO_OUTPUT -p udp --dport 53 -d 10.96.0.10/32 -j REDIRECT --to-port 15053
COMMIT
* raw
-N ISTIO_OUTPUT
-A OUTPUT -p udp -j ISTIO_OUTPUT
-A ISTIO_OUTPUT -p udp --dport 53 -m owner --uid-owner 1337 -j CT --zone 1
-A ISTIO_OUTPUT -p udp --sport 15053 -m owner --uid-owner 1337 -j CT --zone 2
-A ISTIO_OUTPUT -p udp --dport 53 -m owner --gid-owner 1337 -j CT --zone 1
-A ISTIO_OUTPUT -p udp --sport 15053 -m owner --gid-owner 1337 -j CT --zone 2
-A ISTIO_OUTPUT -p udp --dport 53 -d 10.96.0.10/32 -j CT --zone 2
-A PREROUTING -p udp --sport 53 -s 10.96.0.10/32 -j CT --zone 1
COMMIT
`);
  });

  it('1.22 writes the UDP DNS rules on the built-in OUTPUT chains, and closes an include list with RETURN', () => {
    const r = v4('1.22.0', ['-i', '10.0.0.0/8', '--redirect-dns'], { resolvConf: ['10.96.0.10'] }).payload.v4;
    expect(r).toContain('-A OUTPUT -p udp --dport 53 -m owner --uid-owner 1337 -j RETURN\n');
    expect(r).toContain('-A OUTPUT -p udp --dport 53 -d 10.96.0.10/32 -j CT --zone 2\n');
    expect(r).not.toContain('-p udp -j ISTIO_OUTPUT');
    expect(r).toContain('-A ISTIO_OUTPUT -d 10.0.0.0/8 -j ISTIO_REDIRECT\n-A ISTIO_OUTPUT -j RETURN\n');
    expect(v4('1.23', ['-i', '10.0.0.0/8']).payload.v4).not.toContain('-A ISTIO_OUTPUT -j RETURN');
  });

  it('before 1.25 --redirect-dns alone turns DNS capture on', () => {
    expect(v4('1.24', ['--redirect-dns'], { resolvConf: [] }).payload.v4).toContain('-A OUTPUT -p udp -j ISTIO_OUTPUT');
    expect(v4('1.25', ['--redirect-dns'], { resolvConf: [] }).payload.v4).not.toContain('udp');
  });

  it.each([
    ['1.23', '-A PREROUTING -m conntrack --ctstate INVALID -j DROP'],
    ['1.24', '-A PREROUTING -m conntrack --ctstate INVALID -j ISTIO_DROP'],
  ])('%s drop-invalid', (r, line) => expect(v4(r, ['--drop-invalid']).payload.v4).toContain(line));

  it('-o gets a udp RETURN from 1.25; OUTPUT jumps for every protocol from 1.25', () => {
    expect(v4('1.24', ['-o', '15020']).payload.v4).not.toContain('-p udp --dport 15020');
    expect(v4('1.25', ['-o', '15020']).payload.v4).toContain('-A ISTIO_OUTPUT -p tcp --dport 15020 -j RETURN\n-A ISTIO_OUTPUT -p udp --dport 15020 -j RETURN\n');
    expect(v4('1.25', []).payload.v4).toContain('-A OUTPUT -j ISTIO_OUTPUT\n');
  });

  it('a bad CIDR is skipped with a warning before 1.27, an error after', () => {
    const old = v4('1.26', ['-i', '10.0.0.0/8,banana']);
    expect(old.payload.v4).toContain('-A ISTIO_OUTPUT -d 10.0.0.0/8 -j ISTIO_REDIRECT');
    expect(old.diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(/^Ignoring error for bug compatibility with istio-iptables: /));
    const now = v4('1.27', ['-i', '10.0.0.0/8,banana']);
    expect(now.payload.v4).toBe('');
    expect(now.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('each release knows its own flags', () => {
    const unknown = (r: string, flag: string) => v4(r, [flag]).diagnostics.some((d) => d.severity === 'error' && /unknown/.test(d.message));
    expect(unknown('1.23', '--reconcile')).toBe(true);
    expect(unknown('1.24', '--reconcile')).toBe(false);
    expect(unknown('1.23', '-f=true')).toBe(false);
    expect(unknown('1.24', '-f=true')).toBe(true);
    expect(unknown('1.26', '--native-nftables')).toBe(true);
    expect(unknown('1.27', '--force-iptables-binary=nft')).toBe(true);
    expect(unknown('1.25', '--iptables-trace-logging')).toBe(false);
    expect(unknown('1.26', '--iptables-trace-logging')).toBe(true);
  });

  it('1.22–1.23 with -f=false run one iptables command per rule', () => {
    const r = v4('1.23', ['-p', '15001', '-z', '15006', '-u', '1337', '-b', '*', '-i', '*', '-f=false']);
    expect(r.payload.v4.split('\n').slice(0, 5)).toEqual([
      'iptables -t nat -N ISTIO_INBOUND', 'iptables -t nat -N ISTIO_REDIRECT', 'iptables -t nat -N ISTIO_IN_REDIRECT', 'iptables -t nat -N ISTIO_OUTPUT',
      'iptables -t nat -A ISTIO_INBOUND -p tcp --dport 15008 -j RETURN',
    ]);
    expect(r.kernelView.v4).toContain('-A ISTIO_OUTPUT -j ISTIO_REDIRECT');
  });

  it('trace logging: an NFLOG twin before each tagged rule, quoted ID until 1.23', () => {
    const q = v4('1.23', ['-b', '*', '--iptables-trace-logging', '-k', 'net1']).payload.v4;
    expect(q).toContain('-A OUTPUT -p tcp -j NFLOG --nflog-prefix "JumpOutbound" --nflog-group 1337 --nflog-size 20\n-A OUTPUT -p tcp -j ISTIO_OUTPUT\n');
    expect(q).toContain('-I PREROUTING 1 -i net1 -j RETURN\n-I PREROUTING 1 -i net1 -j NFLOG --nflog-prefix "KubevirtCommand" --nflog-group 1337 --nflog-size 20\n');
    const bare = v4('1.24', ['-b', '*'], {}, { IPTABLES_TRACE_LOGGING: 'true' });
    expect(bare.payload.v4).toContain('-A PREROUTING -p tcp -j NFLOG --nflog-prefix JumpInbound --nflog-group 1337 --nflog-size 20\n-A PREROUTING -p tcp -j ISTIO_INBOUND\n');
    expect(bare.kernelView.v4).toContain('-j NFLOG --nflog-prefix');
    expect(v4('1.25', ['-b', '*', '--iptables-trace-logging']).payload.v4).not.toContain('NFLOG');
  });
});

describe('istio-cni by release', () => {
  const cniPod = (annotations: Record<string, string>) => ({
    metadata: { name: 'p', namespace: 'ns', annotations: { 'sidecar.istio.io/status': '{}', ...annotations } },
    spec: { containers: [{ name: 'app' }, { name: 'istio-proxy', args: ['proxy', 'sidecar'] }] },
  });
  const k = (release: string, annotations: Record<string, string>) => captureRulesForCni({ pod: cniPod(annotations) }, pod(release)).config?.rerouteVirtualInterfaces;
  it.each([
    ['1.24', { 'traffic.sidecar.istio.io/kubevirtInterfaces': 'net1', 'istio.io/reroute-virtual-interfaces': 'net2' }, 'net1'],
    ['1.26.4', { 'traffic.sidecar.istio.io/kubevirtInterfaces': 'net1' }, ''],
    ['1.26.5', { 'traffic.sidecar.istio.io/kubevirtInterfaces': 'net1' }, 'net1'],
    ['1.27.1', { 'traffic.sidecar.istio.io/kubevirtInterfaces': 'net1' }, ''],
    ['1.28', { 'traffic.sidecar.istio.io/kubevirtInterfaces': 'net1', 'istio.io/reroute-virtual-interfaces': 'net2' }, 'net2'],
  ])('%s: -k from %j is %j', (r, a, want) => expect(k(r, a)).toBe(want));

  it('interface names are checked from 1.30', () => {
    const bad = { 'traffic.sidecar.istio.io/excludeInterfaces': 'a-name-far-too-long-for-linux' };
    expect(captureRulesForCni({ pod: cniPod(bad) }, pod('1.29')).config?.excludeInterfaces).toBe(bad['traffic.sidecar.istio.io/excludeInterfaces']);
    expect(captureRulesForCni({ pod: cniPod(bad) }, pod('1.30')).diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('1.22 decides IPv6 from the node when its addresses are given', () => {
    expect(captureRulesForCni({ pod: cniPod({}) }, { podIPs: ['fd00::5'], nodeIPs: ['192.0.2.10'], release: at('1.22') }).ipv6).toBe(false);
    expect(captureRulesForCni({ pod: cniPod({}) }, { podIPs: ['fd00::5'], nodeIPs: ['192.0.2.10'], release: at('1.23') }).ipv6).toBe(true);
  });
});
