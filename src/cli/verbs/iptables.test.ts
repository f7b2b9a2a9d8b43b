import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { iptables } from './iptables.ts';
import { captured } from './captured.ts';

const dir = mkdtempSync(join(tmpdir(), 'meshsim-iptables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const c = captured(env);
  return c.result(iptables(args, c.io));
}

describe('meshsim iptables', () => {
  it('prints the payload for an istio-iptables command line', () => {
    const r = run(['--', 'istio-iptables', '-b', '*', '-i', '*']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\* nat\n/);
    expect(r.out).toContain('-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT\n');
  });

  it('reads env from the process environment and --env, and prints the kernel view', () => {
    const r = run(['--view', 'save', '--env', 'INVALID_DROP=true', '--', '-b', '*'], { ISTIO_META_DNS_CAPTURE: 'true' });
    expect(r.code).toBe(0);
    expect(r.out).toContain('*mangle\n');
    expect(r.out).toContain('-A ISTIO_INBOUND -p tcp -m tcp --dport 15008 -j RETURN');
    expect(r.err).toMatch(/no DNS servers/);
  });

  it('prints the IPv6 rules with --ipv6', () => {
    const r = run(['--ipv6', '--', '-i', '*']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('-A ISTIO_OUTPUT -o lo -s ::6/128 -j RETURN');
  });

  it('reads a pod file', () => {
    const file = join(dir, 'pod.yaml');
    writeFileSync(file, [
      'apiVersion: v1', 'kind: Namespace', 'metadata: {name: d}', 'spec: {finalizers: [kubernetes]}', '---',
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: p, namespace: d}', 'spec:',
      '  initContainers:', '  - name: istio-init', '    args: [istio-iptables, -p, "15001", -b, "*", -d, "15020", -m, TPROXY]',
      '  containers:', '  - name: istio-proxy',
    ].join('\n'));
    const r = run(['-f', file]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('* mangle\n');
  });

  it.each([
    [['--', '-p']],
    [['--', '--nope']],
    [[]],
    [['--view', 'other', '--', '-p', '1']],
    [['--env', 'NOEQUALS', '--', '-p', '1']],
  ])('exits 2 on bad input %j', (args) => {
    const r = run(args);
    expect(r.code).toBe(2);
    expect(r.err).not.toBe('');
  });
});
