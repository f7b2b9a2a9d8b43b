import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-iptables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string> = {}) => runCli(['iptables', ...args], { env });

describe('meshsim iptables', () => {
  it('prints the payload for an istio-iptables command line', async () => {
    const r = await run(['--', 'istio-iptables', '-b', '*', '-i', '*']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\* nat\n/);
    expect(r.out).toContain('-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT\n');
  });

  it('reads env from the process environment and --env, and prints the kernel view', async () => {
    const r = await run(['--view', 'save', '--env', 'INVALID_DROP=true', '--', '-b', '*'], { ISTIO_META_DNS_CAPTURE: 'true' });
    expect(r.code).toBe(0);
    expect(r.out).toContain('*mangle\n');
    expect(r.out).toContain('-A ISTIO_INBOUND -p tcp -m tcp --dport 15008 -j RETURN');
    expect(r.err).toMatch(/no DNS servers/);
  });

  it('prints the IPv6 rules with --ipv6', async () => {
    const r = await run(['--ipv6', '--', '-i', '*']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('-A ISTIO_OUTPUT -o lo -s ::6/128 -j RETURN');
  });

  it('reads a pod file', async () => {
    const file = join(dir, 'pod.yaml');
    writeFileSync(file, [
      'apiVersion: v1', 'kind: Namespace', 'metadata: {name: d}', 'spec: {finalizers: [kubernetes]}', '---',
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: p, namespace: d}', 'spec:',
      '  initContainers:', '  - name: istio-init', '    args: [istio-iptables, -p, "15001", -b, "*", -d, "15020", -m, TPROXY]',
      '  containers:', '  - name: istio-proxy',
    ].join('\n'));
    const r = await run(['-f', file]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('* mangle\n');
  });

  it.each([
    [['--', '-p']],
    [['--', '--nope']],
    [[]],
    [['--view', 'other', '--', '-p', '1']],
    [['--env', 'NOEQUALS', '--', '-p', '1']],
  ])('exits 2 on bad input %j', async (args) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).not.toBe('');
  });
});

describe('meshsim iptables -f on a pod that is not injected', () => {
  it('says so and exits 1', async () => {
    const r = await runCli(['iptables', '-f', '-'], { stdin: 'apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: d}\nspec: {containers: [{name: a}]}\n' });
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('Pod d/p has no traffic capture');
    expect(r.err).toMatch(/not injected[\s\S]*inject it first: meshsim inject -f /);
  });
});

describe('meshsim nftables and the nft backend through meshsim iptables', () => {
  it('prints the nft script for an istio-iptables command line, and nft list ruleset with --view ruleset', async () => {
    const script = await runCli(['nftables', '--', '-b', '*', '-i', '*'], { env: {} });
    expect(script.code).toBe(0);
    expect(script.out).toMatch(/^add table inet istio-proxy-nat\nflush table inet istio-proxy-nat\n/);
    expect(script.out).toContain('add rule inet istio-proxy-nat istio-inbound meta l4proto tcp counter jump istio-in-redirect\n');
    const ruleset = await runCli(['nftables', '--view', 'ruleset', '--', '-b', '*', '-i', '*'], { env: {} });
    expect(ruleset.out).toContain('type nat hook prerouting priority dstnat; policy accept;');
    expect(ruleset.out).toContain('\t\tmeta l4proto tcp counter packets 0 bytes 0 jump istio-in-redirect\n');
  });

  it('meshsim iptables follows --native-nftables and says so', async () => {
    const r = await run(['--', '-b', '*', '--native-nftables']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^add table inet istio-proxy-nat/);
    expect(r.err).toMatch(/--native-nftables flag/);
  });

  it('an injected pod whose istio-init asks for native nftables gets the script', async () => {
    const file = join(dir, 'nft-pod.yaml');
    writeFileSync(file, [
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: p, namespace: d, annotations: {sidecar.istio.io/status: "{}"}}', 'spec:',
      '  initContainers:', '  - name: istio-init', '    args: [istio-iptables, -p, "15001", -b, "*", -i, "*", --native-nftables]',
      '  containers:', '  - name: istio-proxy', '',
    ].join('\n'));
    const r = await runCli(['nftables', '-f', file], { env: {} });
    expect(r.code).toBe(0);
    expect(r.out).toContain('add table inet istio-proxy-nat');
  });
});

describe('whose istio-iptables writes the rules', () => {
  const podWith = (image: string) => {
    const file = join(dir, `release-${image.replace(/\W/g, '_')}.yaml`);
    writeFileSync(file, [
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: p, namespace: d}', 'spec:',
      '  initContainers:', '  - name: istio-init', `    image: ${image}`, '    args: [istio-iptables, -p, "15001", -b, "*", -i, "*", -o, "8080"]',
      '  containers:', '  - name: istio-proxy', `    image: ${image}`, '',
    ].join('\n'));
    return file;
  };

  it("the release the pod's istio-proxy image names, as the app reads it, saying so", async () => {
    // From 1.25, each -o port also gets a udp RETURN; the 1.24 pod's istio-iptables writes none.
    const old = await run(['--why', '-f', podWith('docker.io/istio/proxyv2:1.24.0')]);
    expect(old.code).toBe(0);
    expect(old.err).toMatch(/^# Simulated as Istio 1\.24\.0 because the image docker.io\/istio\/proxyv2:1.24.0 of istio-proxy of Pod d\/p says 1\.24\.0\.$/m);
    // Said once: --why's line is the reason, so it is not repeated as a note.
    expect(old.err.match(/Simulated as/g)).toHaveLength(1);
    expect(old.out).toContain('-A ISTIO_OUTPUT -p tcp --dport 8080 -j RETURN');
    expect(old.out).not.toContain('-A ISTIO_OUTPUT -p udp --dport 8080 -j RETURN');
    const newer = await run(['-f', podWith('docker.io/istio/proxyv2:1.28.1')]);
    expect(newer.out).toContain('-A ISTIO_OUTPUT -p udp --dport 8080 -j RETURN');
    expect(newer.err.trim()).toBe('meshsim: Simulated as Istio 1.28.1 because the image docker.io/istio/proxyv2:1.28.1 of istio-proxy of Pod d/p says 1.28.1.');
  });

  it('--istio-version chooses another, and a release meshsim does not reproduce is an error', async () => {
    const r = await run(['--why', '--istio-version', '1.28', '-f', podWith('docker.io/istio/proxyv2:1.24.0')]);
    expect(r.err).toMatch(/^# Simulated as Istio 1\.28 \(latest patch\) because it was chosen \(the Istio setting, --istio-version\), over the paste, which looks like Istio 1\.24\.0: the image docker.io\/istio\/proxyv2:1.24.0 of istio-proxy of Pod d\/p says 1\.24\.0\.$/m);
    expect(r.out).toContain('-A ISTIO_OUTPUT -p udp --dport 8080 -j RETURN');
    const bad = await run(['--istio-version', '1.9', '--', '-b', '*']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--istio-version: Istio 1\.9 is older than 1\.22\.0/);
  });

  it('--native-nftables before 1.27 is the unknown flag istio-iptables says it is; meshsim nftables, which adds it, says so plainly', async () => {
    const r = await runCli(['iptables', '--istio-version', '1.26', '--', '-b', '*', '--native-nftables'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown flag: --native-nftables/);
    const nft = await runCli(['nftables', '--istio-version', '1.26', '--', '-b', '*'], { env: {} });
    expect(nft.code).toBe(2);
    expect(nft.err).toContain("Istio 1.26's istio-iptables has no native nftables backend");
  });
});

describe('a YAML error in the pod file', () => {
  it('is said once as file:line:column: error, in plain words, without a pointer to --help (the command line was right)', async () => {
    const r = await runCli(['iptables', '-f', '-'], { stdin: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: "web\nspec: {}\n' });
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/^stdin:4:9: error: This "double-quoted" value is never closed/);
    expect(r.err).not.toContain('--help');
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});
