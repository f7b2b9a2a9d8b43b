import { describe, expect, it } from 'vitest';
import { captureRulesForClusterEnv, parseClusterEnv } from './fromClusterEnv.ts';
import { captureRulesForPod } from './fromPod.ts';

const ctx = { podIPs: ['10.244.1.5'], resolvConf: ['10.96.0.10'] };

const initPod = (args: string[], env: { name: string; value: string }[] = [], extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default', annotations: { 'sidecar.istio.io/status': '{}' } },
  spec: {
    initContainers: [{ name: 'istio-init', image: 'proxyv2', args, env }],
    containers: [{ name: 'app' }, { name: 'istio-proxy', args: ['proxy', 'sidecar'] }],
    ...extra,
  },
});

const cniPod = (annotations: Record<string, string>, proxy: Record<string, unknown> = {}, more: Record<string, unknown> = {}) => ({
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default', annotations: { 'sidecar.istio.io/status': '{}', ...annotations }, ...more },
  spec: {
    initContainers: [{ name: 'istio-validation', args: ['istio-iptables', '--run-validation', '--skip-rule-apply'] }],
    containers: [{ name: 'app' }, { name: 'istio-proxy', args: ['proxy', 'sidecar'], ...proxy }],
  },
});

const defaultInitArgs = ['istio-iptables', '-p', '15001', '-z', '15006', '-u', '1337', '-m', 'REDIRECT', '-i', '*', '-x', '', '-b', '*', '-d', '15090,15021,15020', '--log_output_level=default:info'];

describe('captureRulesForPod', () => {
  it('uses the istio-init args and env', () => {
    const r = captureRulesForPod(initPod(defaultInitArgs, [{ name: 'ISTIO_META_DNS_CAPTURE', value: 'true' }]), { context: ctx });
    expect(r.entry).toBe('istio-init');
    expect(r.why[0]).toMatch(/istio-init/);
    expect(r.dnsCapture).toBe(true);
    expect(r.payload.v4).toContain('-A ISTIO_OUTPUT_DNS -p udp --dport 53 -d 10.96.0.10/32 -j REDIRECT --to-port 15053');
    expect(r.origins.redirectDNS).toEqual({ kind: 'env', name: 'ISTIO_META_DNS_CAPTURE' });
    expect(r.payload.v4).toContain('-A ISTIO_INBOUND -p tcp --dport 15020 -j RETURN');
  });

  it.each([
    ['ClusterFirst uses the cluster DNS', {}, '10.96.0.10'],
    ['dnsConfig nameservers are added', { dnsConfig: { nameservers: ['1.1.1.1'] } }, '1.1.1.1'],
    ['dnsPolicy None uses only dnsConfig', { dnsPolicy: 'None', dnsConfig: { nameservers: ['9.9.9.9'] } }, '9.9.9.9'],
  ])('without a given resolv.conf: %s', (_, extra, server) => {
    const r = captureRulesForPod(initPod(defaultInitArgs, [{ name: 'ISTIO_META_DNS_CAPTURE', value: 'true' }], extra), { context: { podIPs: ['10.244.1.5'] } });
    expect(r.payload.v4).toContain(`-A ISTIO_OUTPUT_DNS -p tcp --dport 53 -d ${server}/32 -j REDIRECT --to-ports 15053`);
    expect(r.why.join('\n')).toMatch(/resolv.conf as the kubelet writes it/);
  });

  it('reads a workload pod template', () => {
    const pod = initPod(defaultInitArgs);
    const deployment = { kind: 'Deployment', spec: { template: { metadata: pod.metadata, spec: pod.spec } } };
    const r = captureRulesForPod(deployment, { context: ctx });
    expect(r.entry).toBe('istio-init');
    expect(r.why[0]).toMatch(/Deployment/);
  });

  it('a pod injected for CNI gets the CNI plugin configuration', () => {
    const r = captureRulesForPod(cniPod({ 'traffic.sidecar.istio.io/excludeOutboundPorts': '3306' }), { context: ctx });
    expect(r.entry).toBe('istio-cni');
    expect(r.why.join('\n')).toMatch(/istio-validation/);
    expect(r.payload.v4).toContain('-A ISTIO_OUTPUT -p tcp --dport 3306 -j RETURN');
    expect(r.origins.outboundPortsExclude).toEqual({ kind: 'annotation', name: 'traffic.sidecar.istio.io/excludeOutboundPorts' });
  });

  it('an uninjected pod has no rules', () => {
    const r = captureRulesForPod({ kind: 'Pod', metadata: { name: 'p', namespace: 'd' }, spec: { containers: [{ name: 'app' }] } }, { context: ctx });
    expect(r.entry).toBe('none');
    expect(r.payload.v4).toBe('');
  });

  it('takes the pod IPs from status when the context has none', () => {
    const pod = { ...initPod(defaultInitArgs), status: { podIPs: [{ ip: 'fd00::7' }] } };
    const r = captureRulesForPod(pod, {});
    expect(r.ipv6).toBe(true);
    expect(r.config?.hostIP).toBe('fd00::7');
  });

  it('a workload template without name or namespace still goes through the CNI path', () => {
    const pod = cniPod({});
    const deployment = { kind: 'Deployment', spec: { template: { metadata: { annotations: pod.metadata.annotations }, spec: pod.spec } } };
    expect(captureRulesForPod(deployment, { context: ctx }).entry).toBe('istio-cni');
  });

  it('interception mode NONE captures nothing', () => {
    const r = captureRulesForPod(cniPod({ 'sidecar.istio.io/interceptionMode': 'NONE' }), { context: ctx });
    expect(r.entry).toBe('none');
    expect(r.why.join('\n')).toMatch(/NONE/);
  });

  it('never throws on junk', () => {
    for (const junk of [null, 42, 'pod', [], { spec: { initContainers: 'x' } }, { spec: { initContainers: [{ name: 'istio-init', args: 'oops' }] } }]) {
      expect(() => captureRulesForPod(junk, { context: ctx })).not.toThrow();
    }
  });
});

describe('the CNI plugin path', () => {
  it.each([
    ['TPROXY via annotation', { 'sidecar.istio.io/interceptionMode': 'TPROXY' }, {}, '* mangle'],
    ['runAsUser/runAsGroup become uid/gid', {}, { securityContext: { runAsUser: 1000, runAsGroup: 2000 } }, '-A ISTIO_OUTPUT -m owner --gid-owner 2000 -j RETURN'],
    ['runAsUser 0 means 1337', {}, { securityContext: { runAsUser: 0 } }, '-A ISTIO_OUTPUT -m owner --uid-owner 1337 -j RETURN'],
    ['DNS capture is capture-all', {}, { env: [{ name: 'ISTIO_META_DNS_CAPTURE', value: 'true' }] }, '-A ISTIO_OUTPUT_DNS -p udp --dport 53 -j REDIRECT --to-port 15053'],
    ['INVALID_DROP', {}, { env: [{ name: 'INVALID_DROP', value: 'true' }] }, '-A ISTIO_DROP -j DROP'],
    ['reroute-virtual-interfaces wins over kubevirtInterfaces', { 'istio.io/reroute-virtual-interfaces': 'net2', 'traffic.sidecar.istio.io/kubevirtInterfaces': 'net3' }, {}, '-I PREROUTING 1 -i net2 -j RETURN'],
    ['excludeInboundPorts gets the fixed ports appended', { 'traffic.sidecar.istio.io/excludeInboundPorts': '15021,8080' }, {}, '-A ISTIO_INBOUND -p tcp --dport 15090 -j RETURN'],
  ])('%s', (_, annotations, proxy, line) => {
    const r = captureRulesForPod(cniPod(annotations, proxy), { context: ctx });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.payload.v4.split('\n')).toContain(line);
  });

  it('takes the pod IPs from the CNI prevResult when the context has none', () => {
    const r = captureRulesForPod(cniPod({}), { cni: { cniConfig: { prevResult: { ips: [{ version: '6', address: 'fd00::2/64' }] } } } });
    expect(r.ipv6).toBe(true);
  });

  it('de-duplicates the exclude-inbound list keeping the first occurrences', () => {
    const r = captureRulesForPod(cniPod({ 'traffic.sidecar.istio.io/excludeInboundPorts': '15021,8080' }), { context: ctx });
    expect(r.config?.inboundPortsExclude).toBe('15021,8080,15020,15090');
  });

  it.each([
    ['sidecar.istio.io/interceptionMode', 'tproxy'],
    ['traffic.sidecar.istio.io/includeOutboundIPRanges', '10.0.0.0'],
    ['traffic.sidecar.istio.io/excludeInboundPorts', 'http'],
    ['traffic.sidecar.istio.io/excludeInterfaces', 'a/b'],
  ])('annotation %s=%s is rejected', (key, value) => {
    const r = captureRulesForPod(cniPod({ [key]: value }), { context: ctx });
    expect(r.diagnostics.some((d) => d.severity === 'error' && d.message.includes(key))).toBe(true);
    expect(r.payload.v4).toBe('');
  });

  it.each([
    ['excluded namespace', cniPod({}, {}, { namespace: 'kube-system' }), /exclude_namespaces/],
    ['inject false', cniPod({ 'sidecar.istio.io/inject': 'false' }), /sidecar.istio.io\/inject/],
    ['gateway proxy', cniPod({}, { args: ['proxy', 'router'] }), /router/],
    ['DISABLE_ENVOY', cniPod({}, { env: [{ name: 'DISABLE_ENVOY', value: 'true' }] }), /DISABLE_ENVOY/],
    ['not injected', (() => { const p = cniPod({}); delete (p.metadata.annotations as Record<string, string>)['sidecar.istio.io/status']; return p; })(), /status/],
  ])('the plugin skips: %s', (_, pod, reason) => {
    const r = captureRulesForPod(pod, { context: ctx });
    expect(r.entry).toBe('none');
    expect(r.why.join('\n')).toMatch(reason);
  });
});

describe('the VM path (cluster.env)', () => {
  const clusterEnv = [
    "CANONICAL_SERVICE='vm'",
    "ISTIO_INBOUND_PORTS='*'",
    "ISTIO_LOCAL_EXCLUDE_PORTS='22,15090,15021,15020'",
    "ISTIO_META_DNS_CAPTURE='true'",
    "ISTIO_SERVICE_CIDR='*'",
    "ENVOY_PORT='9999'",
    '',
  ].join('\n');

  it('parses shell quoting', () => {
    expect(parseClusterEnv(`A='x y'\nB="a\\"b"\nC=plain\nD=''\n# c\nexport E=1\n`).env).toEqual({ A: 'x y', B: 'a"b', C: 'plain', D: '', E: '1' });
    expect(parseClusterEnv("A='open\n").diagnostics[0].source?.line).toBe(1);
  });

  it('runs istio-iptables with no args: everything from env, ENVOY_PORT not read', () => {
    const r = captureRulesForClusterEnv(clusterEnv, { podIPs: ['10.0.0.9'], resolvConf: ['127.0.0.53'], users: { 'istio-proxy': '998' } });
    expect(r.entry).toBe('vm-cluster-env');
    expect(r.config?.proxyUID).toBe('998');
    expect(r.payload.v4).toContain('-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001');
    expect(r.payload.v4).toContain('-A ISTIO_INBOUND -p tcp --dport 22 -j RETURN');
    expect(r.payload.v4).toContain('-A ISTIO_OUTPUT_DNS -p tcp --dport 53 -d 127.0.0.53/32 -j REDIRECT --to-ports 15053');
  });

  it('ISTIO_CUSTOM_IP_TABLES=true means no rules', () => {
    const r = captureRulesForClusterEnv(`${clusterEnv}ISTIO_CUSTOM_IP_TABLES=true\n`);
    expect(r.payload.v4).toBe('');
    expect(r.why.join('\n')).toMatch(/ISTIO_CUSTOM_IP_TABLES/);
  });
});

describe('a payload the tool refuses', () => {
  it('istio-init fails, so the pod never starts', () => {
    const r = captureRulesForPod(initPod([...defaultInitArgs, '-o', '80\n-A OUTPUT -j ACCEPT']), { context: ctx });
    expect(r.refused.length).toBe(1);
    expect(r.diagnostics.find((d) => /refuses line/.test(d.message))?.message).toMatch(/the istio-init container fails and the pod never starts \(Init:Error, then Init:CrashLoopBackOff\)/);
  });
});

describe('what switches the nftables backend on', () => {
  const nftOf = (r: ReturnType<typeof captureRulesForPod>) => ({ backend: r.backend, why: r.backendWhy, script: r.payload.nft, payload: r.payload.v4 });

  it('the --native-nftables argument of istio-init', () => {
    const r = nftOf(captureRulesForPod(initPod([...defaultInitArgs, '--native-nftables']), { context: ctx }));
    expect(r.backend).toBe('nftables');
    expect(r.why).toMatch(/--native-nftables flag in the istio-init container's args \(the injection template adds it when values.global.nativeNftables is true\)/);
    expect(r.script).toContain('add rule inet istio-proxy-nat istio-inbound meta l4proto tcp tcp dport 15020 counter return');
    expect(r.payload).toBe('');
  });

  it('NATIVE_NFTABLES in the environment of istio-init', () => {
    const r = nftOf(captureRulesForPod(initPod(defaultInitArgs, [{ name: 'NATIVE_NFTABLES', value: 'true' }]), { context: ctx }));
    expect([r.backend, r.why]).toEqual(['nftables', 'nftables: native nftables is switched on by the NATIVE_NFTABLES environment variable']);
  });

  it("the CNI plugin's native_nftables setting, or istio-validation's --native-nftables as evidence of it", () => {
    const given = nftOf(captureRulesForPod(cniPod({}), { context: ctx, cni: { cniConfig: { native_nftables: true } } }));
    expect(given.backend).toBe('nftables');
    expect(given.why).toMatch(/istio-cni plugin config native_nftables/);
    const pod = cniPod({});
    pod.spec.initContainers[0].args.push('--native-nftables');
    const inferred = nftOf(captureRulesForPod(pod, { context: ctx }));
    expect(inferred.backend).toBe('nftables');
    expect(inferred.why).toMatch(/inferred: the istio-validation container has --native-nftables/);
    expect(nftOf(captureRulesForPod(pod, { context: ctx, cni: { cniConfig: { native_nftables: false } } })).backend).toBe('iptables');
    expect(nftOf(captureRulesForPod(cniPod({}), { context: ctx })).backend).toBe('iptables');
  });

  it('a cluster.env that asks for it', () => {
    const r = captureRulesForClusterEnv('ISTIO_INBOUND_PORTS=*\nISTIO_SERVICE_CIDR=*\nNATIVE_NFTABLES=true\n', ctx);
    expect(r.backend).toBe('nftables');
    expect(r.payload.nft).toContain('add rule inet istio-proxy-nat istio-output counter jump istio-redirect');
  });
});
