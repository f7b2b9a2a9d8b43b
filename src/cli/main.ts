import { processIO, type CliIO, type Verb } from './io.ts';
import { audit, auditUsage } from './verbs/audit.ts';
import { check, checkUsage } from './verbs/check.ts';
import { conformance, conformanceUsage } from './verbs/conformance.ts';
import { inject, injectUsage } from './verbs/inject.ts';
import { iptables, iptablesUsage } from './verbs/iptables.ts';
import { trace, traceUsage } from './verbs/trace.ts';

/** Every verb of the CLI with its one-line usage; each verb lives in its own file under verbs/. */
const verbs: Record<string, { run: Verb; usage: string }> = {
  audit: { run: audit, usage: auditUsage },
  check: { run: check, usage: checkUsage },
  conformance: { run: conformance, usage: conformanceUsage },
  inject: { run: inject, usage: injectUsage },
  iptables: { run: iptables, usage: iptablesUsage },
  trace: { run: trace, usage: traceUsage },
};

function usage(): string {
  return ['usage: meshsim <verb> [args]', ...Object.values(verbs).map((v) => `  ${v.usage}`)].join('\n');
}

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [verb, ...args] = argv;
  if (!verb || verb === '--help' || verb === '-h' || verb === 'help') {
    io.out(usage());
    return verb ? 0 : 2;
  }
  const entry = verbs[verb];
  if (!entry) {
    io.err(`meshsim: unknown verb "${verb}"\n${usage()}`);
    return 2;
  }
  try {
    return await entry.run(args, io);
  } catch (err) {
    io.err(`meshsim ${verb}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
}
