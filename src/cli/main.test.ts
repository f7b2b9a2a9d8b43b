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
