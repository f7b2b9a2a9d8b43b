import { describe, expect, it } from 'vitest';
import { runCli } from './verbs/captured.ts';
import { VERBS } from './verbs.ts';

describe('meshsim', () => {
  it('prints the usage with every verb, and exits 2 when called with nothing', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const verb of Object.keys(VERBS)) expect(help.out).toMatch(new RegExp(`^  ${verb} +\\S`, 'm'));
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage: meshsim VERB');
  });

  it('gives each verb its own help, before -- only', async () => {
    for (const verb of Object.keys(VERBS)) {
      const r = await runCli([verb, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^Usage: meshsim ${verb}`));
      expect(r.out).toContain('Exit codes:');
      expect((await runCli(['help', verb])).out).toBe(r.out);
    }
    // After --, --help belongs to istio-iptables, which does not know it.
    expect((await runCli(['iptables', '--', '--help'])).code).toBe(2);
  });

  it('keeps every help within 100 columns', async () => {
    for (const args of [['--help'], ...Object.keys(VERBS).map((v) => [v, '--help'])]) {
      const long = (await runCli(args)).out.split('\n').filter((l) => [...l].length > 100);
      expect(long, args.join(' ')).toEqual([]);
    }
  });

  it('takes --istio-version in every verb that simulates a release, documents it, and refuses one it does not simulate in the same words, exit 2', async () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: d}\nspec: {containers: [{name: a, image: x}]}\n';
    const calls: Record<string, string[]> = {
      check: ['check', '-f', '-'],
      inject: ['inject', '-f', '-'],
      iptables: ['iptables', '--', '-p', '15001'],
      nftables: ['nftables', '--', '-p', '15001'],
      audit: ['audit', '-f', '-'],
    };
    for (const [verb, args] of Object.entries(calls)) {
      expect((await runCli([verb, '--help'])).out, verb).toMatch(/^ {6}--istio-version V {7}the Istio release/m);
      const r = await runCli([args[0], '--istio-version', '1.21.3', ...args.slice(1)], { stdin: pod });
      expect(r.code, verb).toBe(2);
      expect(r.err, verb).toContain(`meshsim ${verb}: --istio-version: Istio 1.21.3 is older than 1.22.0`);
    }
  });

  it('says plainly that a release before native nftables has none, exit 2', async () => {
    const r = await runCli(['nftables', '--istio-version', '1.24', '--', '-p', '15001']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("Istio 1.24's istio-iptables has no native nftables backend");
    expect((await runCli(['nftables', '--istio-version', '1.28', '--', '-p', '15001'])).out).toContain('add table inet istio-proxy-nat');
  });

  it('prints its version', async () => {
    expect((await runCli(['--version'])).out).toMatch(/^meshsim \d+\.\d+\.\d+/);
  });

  it('says an unknown verb, flag or output format once, plainly, with exit 2', async () => {
    const verb = await runCli(['chek']);
    expect(verb.code).toBe(2);
    expect(verb.err).toMatch(/^meshsim: unknown verb "chek"/);
    const flag = await runCli(['check', '--frobnicate']);
    expect(flag.code).toBe(2);
    expect(flag.err).toBe('meshsim check: unknown flag --frobnicate\nRun meshsim check --help for its usage.');
    const format = await runCli(['audit', '-f', 'x.yaml', '-o', 'table']);
    expect(format.err).toContain('unknown output format "table": use one of text, wide, json, yaml');
    const missing = await runCli(['check', '-f', '/nonexistent/pod.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read /nonexistent/pod.yaml: no such file');
  });
});
